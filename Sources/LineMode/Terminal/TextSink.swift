import BrowseSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the front end writes text: standard output, standard error, or a string in tests.
@MainActor
public protocol TextSink: AnyObject {
    /// Appends text; may buffer until `flush()`.
    ///
    /// - Throws: `OutputError.closed` when the reader has gone away (a closed pipe),
    ///   `OutputError.failed` when the output cannot take the text (a full disk).
    func write(_ text: String) throws(OutputError)
    /// Appends UTF-8 text given as bytes (whole characters); may buffer until `flush()`.
    ///
    /// - Throws: As ``write(_:)``.
    func write(bytes: UnsafeRawBufferPointer) throws(OutputError)
    /// Sends buffered text on.
    func flush() throws(OutputError)
}

extension TextSink {
    public func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        try write(String(decoding: bytes, as: UTF8.self))
    }
}

/// Why output could not be written.
public enum OutputError: UserFacingError, Hashable {
    /// The reader went away (`browse … | head -1`): the program ends quietly.
    case closed
    /// The output refused the text (`> /dev/full`): reported, and the program fails.
    case failed(String)

    public var description: String {
        switch self {
        case .closed: return "the output was closed"
        case .failed(let reason): return "could not write the output: \(reason)"
        }
    }
}

/// A buffered writer to a file descriptor that reports a closed pipe instead of dying of SIGPIPE.
///
/// The program ignores SIGPIPE (see `Signals.ignoreBrokenPipe()`), so a write to a closed
/// pipe fails with `EPIPE`, which this sink turns into `OutputError.closed`; any other failure
/// (a full disk) is `OutputError.failed`.
@MainActor
package final class FileDescriptorSink: TextSink {
    /// Where the text goes; a progress line drawn from another thread writes here directly.
    nonisolated let descriptor: Int32
    private var buffer: [UInt8] = []
    private let capacity = 64 * 1024
    private var failure: OutputError?

    package init(descriptor: Int32) {
        self.descriptor = descriptor
        buffer.reserveCapacity(capacity)
    }

    package func write(_ text: String) throws(OutputError) {
        if let failure { throw failure }
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= capacity { try flush() }
    }

    /// Appends the bytes; a piece larger than the buffer goes out at once, without a copy.
    package func write(bytes: UnsafeRawBufferPointer) throws(OutputError) {
        if let failure { throw failure }
        guard bytes.count >= capacity else {
            buffer.append(contentsOf: bytes)
            if buffer.count >= capacity { try flush() }
            return
        }
        try flush()
        try send(bytes)
    }

    package func flush() throws(OutputError) {
        if let failure { throw failure }
        let outcome = buffer.withUnsafeBytes { bytes in Result { () throws(OutputError) in try send(bytes) } }
        buffer.removeAll(keepingCapacity: true)
        try outcome.get()
    }

    private func send(_ bytes: UnsafeRawBufferPointer) throws(OutputError) {
        do throws(SystemError) {
            try SystemIO.writeAll(descriptor, bytes)
        } catch {
            let failure: OutputError = error.isBrokenPipe ? .closed : .failed(error.description)
            self.failure = failure
            throw failure
        }
    }
}

/// A sink that keeps what is written, for tests and for rendering to a string.
@MainActor
public final class StringSink: TextSink {
    public private(set) var text = ""

    public init() {}

    public func write(_ text: String) throws(OutputError) {
        self.text += text
    }

    public func flush() throws(OutputError) {}

    /// Empties the sink.
    public func reset() { text = "" }
}
