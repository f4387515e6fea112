import BrowseSupport
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One budget's records in a file that every process of the user shares, read and written
/// under an exclusive `flock`.
///
/// The file is always written whole, in place, at a fixed size (padded with newlines), and
/// never emptied first: once written, its blocks are its own, so a disk that fills up later
/// still takes the next write, and a write that fails leaves the records as they were rather
/// than truncated.
enum ThrottleFile {
    /// The size of every write: room for about sixty records, far more than a budget holds.
    static let size = 4096

    /// The longest a process waits for another to let go of the lock before it decides with
    /// its own records only: the lock is held for microseconds, unless its holder was stopped.
    static let lockPatience = 2.0

    /// Reads the records at `path`, lets `body` change them, and writes them back, all under
    /// the lock. `body` always runs once: over no records when the file cannot be read.
    ///
    /// - Returns: Why the file could not be read or written, if it could not.
    static func update(_ path: String, _ body: (inout ThrottleRecords) -> Void) -> String? {
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
        guard descriptor >= 0 else {
            let problem = "cannot open \(path): \(SystemError.last)"
            var none = ThrottleRecords()
            body(&none)
            return problem
        }
        defer { close(descriptor) }
        guard lock(descriptor) else {
            var none = ThrottleRecords()
            body(&none)
            return "\(path) stayed locked by another process for \(Int(lockPatience)) s"
        }
        defer { flock(descriptor, LOCK_UN) }
        lseek(descriptor, 0, SEEK_SET)
        let bytes = (try? SystemIO.readAll(descriptor, limit: 1 << 20).bytes) ?? []
        var records = ThrottleRecords(text: String(decoding: bytes, as: UTF8.self))
        body(&records)
        var text = Array(records.text.utf8)
        let length = max(size, text.count)
        text += repeatElement(UInt8(ascii: "\n"), count: length - text.count)
        // Shrinking needs no space; what lies past the new end would read as records otherwise.
        if bytes.count > length { _ = ftruncate(descriptor, off_t(length)) }
        do {
            guard lseek(descriptor, 0, SEEK_SET) == 0 else { throw SystemError.last }
            try SystemIO.writeAll(descriptor, text)
        } catch {
            return "cannot write \(path): \(error)"
        }
        return nil
    }

    /// Takes the exclusive lock, waiting at most ``lockPatience``.
    private static func lock(_ descriptor: Int32) -> Bool {
        let start = Date()
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EINTR || errno == EWOULDBLOCK else { return false }
            if Date().timeIntervalSince(start) > lockPatience { return false }
            usleep(1000)
        }
        return true
    }
}
