#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's file-descriptor calls, in the one place that knows each platform's spelling.
///
/// Every module reads and writes descriptors through these, so a partial write, an `EINTR` or a
/// platform difference (`MSG_NOSIGNAL` exists on Linux only) is handled once.
package enum SystemIO {
    /// Writes every byte of `bytes` to `descriptor`, going on after partial writes and interrupts.
    ///
    /// - Throws: `SystemError` with the `errno` of the write that failed (`EPIPE` for a closed
    ///   pipe, `ENOSPC` for a full disk).
    /// - Complexity: O(n) in the number of bytes.
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, address, remaining)
            if written < 0 {
                let code = errno
                if code == EINTR || code == EAGAIN { continue }
                throw SystemError(code: code)
            }
            address += written
            remaining -= written
        }
    }

    /// Writes every byte of `bytes` to `descriptor`.
    ///
    /// - Throws: `SystemError` with the `errno` of the write that failed.
    package static func writeAll(_ descriptor: Int32, _ bytes: some Sequence<UInt8>) throws(SystemError) {
        let array = Array(bytes)
        let outcome = array.withUnsafeBytes { buffer in
            Result { () throws(SystemError) in try writeAll(descriptor, buffer) }
        }
        try outcome.get()
    }

    /// Reads at most `buffer.count` bytes, going on after interrupts.
    ///
    /// - Returns: The number of bytes read; 0 at the end of the input.
    /// - Throws: `SystemError` with the `errno` of the read that failed.
    package static func readSome(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) throws(SystemError)
        -> Int
    {
        while true {
            let count = read(descriptor, buffer.baseAddress, buffer.count)
            if count >= 0 { return count }
            let code = errno
            if code == EINTR { continue }
            throw SystemError(code: code)
        }
    }

    /// Reads `descriptor` to its end, or until `limit` bytes have been read.
    ///
    /// - Returns: The bytes, and whether more were left unread past the limit.
    /// - Throws: `SystemError` with the `errno` of the read that failed.
    /// - Complexity: O(n) in the bytes read.
    package static func readAll(_ descriptor: Int32, limit: Int) throws(SystemError) -> (
        bytes: [UInt8], truncated: Bool
    ) {
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        while bytes.count < limit {
            let count = try chunk.withUnsafeMutableBytes { buffer in
                Result { () throws(SystemError) in try readSome(descriptor, into: buffer) }
            }.get()
            if count == 0 { return (bytes, false) }
            bytes += chunk[0..<count]
        }
        bytes.removeSubrange(limit...)
        return (bytes, true)
    }

    /// Sends every byte of `bytes` on a connected socket without raising SIGPIPE when the peer
    /// has gone.
    ///
    /// - Throws: `SystemError` with the `errno` of the send that failed.
    package static func sendAll(_ socket: Int32, _ bytes: UnsafeRawBufferPointer) throws(SystemError) {
        guard var address = bytes.baseAddress else { return }
        var remaining = bytes.count
        #if canImport(Glibc)
            let flags = Int32(MSG_NOSIGNAL)
        #else
            let flags: Int32 = 0
            var on: Int32 = 1
            setsockopt(socket, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
        while remaining > 0 {
            let sent = send(socket, address, remaining, flags)
            if sent < 0 {
                let code = errno
                if code == EINTR { continue }
                throw SystemError(code: code)
            }
            address += sent
            remaining -= sent
        }
    }

    /// Makes closing `socket` reset the connection (RST) instead of closing it in order (FIN).
    package static func resetOnClose(_ socket: Int32) {
        var option = linger(l_onoff: 1, l_linger: 0)
        setsockopt(socket, SOL_SOCKET, SO_LINGER, &option, socklen_t(MemoryLayout<linger>.size))
    }

    /// The number of processors this process may use, for splitting work; at least 1.
    package static let processorCount: Int = {
        let online = sysconf(Int32(_SC_NPROCESSORS_ONLN))
        return online > 0 ? Int(online) : 1
    }()
}

/// A system call that failed, with its `errno`.
package struct SystemError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The `errno` value.
    package let code: Int32

    package init(code: Int32) {
        self.code = code
    }

    /// The `errno` of the last failed call.
    package static var last: SystemError { SystemError(code: errno) }

    /// True for a write to a pipe or socket whose reader has gone.
    package var isBrokenPipe: Bool { code == EPIPE }

    /// The system's words for it, in lower case (`no space left on device`).
    package var description: String { SystemErrorText.describe(errno: code) }
}
