import BrowseSupport
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the prompt's history is kept between sessions, and keeping it there safely.
///
/// The file holds one command per line, oldest first. Every change is made under an
/// exclusive lock (`flock` on a `.lock` file beside it): the file is read as it is now, the
/// command added, and the result written to a temporary file that is synced and renamed over
/// the old one. So two sessions typing at once never corrupt the file and neither loses the
/// other's commands, and a crash midway leaves the old file whole (a signal that ends the
/// program removes the temporary file: `PendingFiles`).
///
/// A symbolic link is written through: its target is replaced and the link stays. Anything
/// that is not a regular file (`/dev/null`, a FIFO, a folder) is neither read nor written, so
/// the history never replaces a device and never waits on a pipe. A file larger than a
/// history should be is read from its end, so its newest commands are the ones kept.
public struct HistoryFile: Sendable, Hashable {
    /// The file's path.
    public let path: String

    /// A history kept at `path`.
    public init(path: String) {
        self.path = path
    }

    /// The history file for this user of `program`: `BROWSE_HISTORY` (for `browse`; the
    /// program's own name in capitals otherwise) when it names a file,
    /// `$XDG_STATE_HOME/browse/history`, or `~/.local/state/browse/history`.
    ///
    /// - Returns: nil when the variable is set and empty (the history is turned off), or when
    ///   there is no home folder to keep it in.
    public static func location(environment: [String: String], program: String) -> HistoryFile? {
        if let chosen = environment[variable(program: program)] {
            return chosen.isEmpty ? nil : HistoryFile(path: chosen)
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") {
            return HistoryFile(path: state + "/\(program)/history")
        }
        if let home = environment["HOME"], home.hasPrefix("/") {
            return HistoryFile(path: home + "/.local/state/\(program)/history")
        }
        return nil
    }

    /// The variable that names or turns off the history: `BROWSE_HISTORY` for `browse`.
    public static func variable(program: String) -> String {
        String(program.uppercased().map { $0.isLetter || $0.isNumber ? $0 : "_" }) + "_HISTORY"
    }

    /// The history as it is in the file; empty when there is no file yet.
    ///
    /// - Throws: `HistoryFileError` when the file exists but cannot be read.
    /// - Complexity: O(n) in the size of the file.
    public func load() throws(HistoryFileError) -> History {
        History(try readEntries(at: try resolved()))
    }

    /// Adds `line` to the file, keeping what other sessions added since it was read.
    ///
    /// - Returns: The history now in the file.
    /// - Throws: `HistoryFileError` when the file cannot be written; it is then left as it was.
    /// - Complexity: O(n) in the size of the file.
    @discardableResult
    public func append(_ line: String) throws(HistoryFileError) -> History {
        let resolved = try resolved()
        try createFolder(of: resolved)
        let lock = open(resolved + ".lock", O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("lock", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("lock", errno) }
        }
        defer { flock(lock, LOCK_UN) }
        var history = History(try readEntries(at: resolved))
        guard history.add(line) else { return history }
        try write(history, at: resolved)
        return history
    }

    /// The most of the file read: its end, where the newest commands are.
    static let readLimit = 64 << 20

    private func readEntries(at resolved: String) throws(HistoryFileError) -> [String] {
        // Without waiting: a FIFO opens at once, and is then refused for what it is.
        let descriptor = open(resolved, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return [] }
            throw failure("read", errno)
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure("read", errno) }
        try requireRegular(status)
        let size = Int(status.st_size)
        let skipped = max(0, size - Self.readLimit)
        if skipped > 0, lseek(descriptor, off_t(skipped), SEEK_SET) < 0 { throw failure("read", errno) }
        var bytes: [UInt8]
        do {
            bytes = try SystemIO.readAll(descriptor, limit: Self.readLimit).bytes
        } catch {
            throw failure("read", error.code)
        }
        // Read from the middle of a line: that line's start is not here, so it is not a command
        // (and when no line ends in what was read, none of it is one).
        if skipped > 0 { bytes.removeFirst(bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count) }
        return bytes.split(separator: 0x0A).compactMap { line in
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            return String(validating: line, as: UTF8.self)
        }
    }

    private func write(_ history: History, at resolved: String) throws(HistoryFileError) {
        let folder = (resolved as NSString).deletingLastPathComponent
        let name = (resolved as NSString).lastPathComponent
        let template = (folder.isEmpty ? "" : folder + "/") + ".\(name).tmp-XXXXXX"
        guard let made = PendingFiles.create(template: template) else { throw failure("write", errno) }
        defer { PendingFiles.forget(made.slot) }
        let descriptor = made.descriptor
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        // A history file keeps the mode it had; a new one is private (mkstemp's 0600).
        var existing = stat()
        if stat(resolved, &existing) == 0 { _ = fchmod(descriptor, existing.st_mode & 0o7777) }
        var text = history.entries.joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        do throws(SystemError) {
            try SystemIO.writeAll(descriptor, Array(text.utf8))
            guard fsync(descriptor) == 0 else { throw SystemError.last }
        } catch {
            close(descriptor)
            unlink(made.path)
            throw failure("write", error.code)
        }
        close(descriptor)
        guard rename(made.path, resolved) == 0 else {
            let code = errno
            unlink(made.path)
            throw failure("write", code)
        }
    }

    /// The file the history lives in: `path` with its links followed, refused when it is
    /// something other than a regular file.
    private func resolved() throws(HistoryFileError) -> String {
        let resolved: String
        do {
            resolved = try LinkTarget.resolve(path)
        } catch {
            throw failure("use", error.code)
        }
        var status = stat()
        if stat(resolved, &status) == 0 { try requireRegular(status) }
        return resolved
    }

    private func requireRegular(_ status: stat) throws(HistoryFileError) {
        let kind: String
        switch status.st_mode & S_IFMT {
        case S_IFREG: return
        case S_IFDIR: kind = "a folder"
        case S_IFIFO: kind = "a FIFO (a named pipe)"
        case S_IFCHR, S_IFBLK: kind = "a device"
        case S_IFSOCK: kind = "a socket"
        default: kind = "not a file"
        }
        throw HistoryFileError(
            path: path, action: "use", reason: "it is \(kind), not a regular file", isNotARegularFile: true)
    }

    private func createFolder(of resolved: String) throws(HistoryFileError) {
        let folder = (resolved as NSString).deletingLastPathComponent
        guard !folder.isEmpty else { return }
        do {
            try FileManager.default.createDirectory(
                atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            throw HistoryFileError(path: path, action: "write", reason: SystemErrorText.reason(error))
        }
    }

    private func failure(_ action: String, _ code: Int32) -> HistoryFileError {
        HistoryFileError(path: path, action: action, reason: SystemErrorText.describe(errno: code))
    }
}

/// The history file could not be read or written; the session goes on without it.
public struct HistoryFileError: UserFacingError, Hashable {
    public let path: String
    /// `read`, `write`, `lock`, or `use` (the path is refused whatever is done with it).
    public let action: String
    public let reason: String
    /// The path names something other than a regular file (a device, a FIFO, a folder): it is
    /// left alone, neither read nor written.
    public let isNotARegularFile: Bool

    public init(path: String, action: String, reason: String, isNotARegularFile: Bool = false) {
        self.path = path
        self.action = action
        self.reason = reason
        self.isNotARegularFile = isNotARegularFile
    }

    public var description: String {
        "could not \(action) the command history \(path): \(reason)"
    }
}
