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
/// other's commands, and a crash midway leaves the old file whole.
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
    public static func location(environment: [String: String], program: String = "browse") -> HistoryFile? {
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
        History(try readEntries())
    }

    /// Adds `line` to the file, keeping what other sessions added since it was read.
    ///
    /// - Returns: The history now in the file.
    /// - Throws: `HistoryFileError` when the file cannot be written; it is then left as it was.
    /// - Complexity: O(n) in the size of the file.
    @discardableResult
    public func append(_ line: String) throws(HistoryFileError) -> History {
        try createFolder()
        let lock = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else { throw failure("lock", errno) }
        defer { close(lock) }
        while flock(lock, LOCK_EX) != 0 {
            guard errno == EINTR else { throw failure("lock", errno) }
        }
        defer { flock(lock, LOCK_UN) }
        var history = History(try readEntries())
        guard history.add(line) else { return history }
        try write(history)
        return history
    }

    private func readEntries() throws(HistoryFileError) -> [String] {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            if errno == ENOENT { return [] }
            throw failure("read", errno)
        }
        defer { close(descriptor) }
        let bytes: [UInt8]
        do {
            // A history is small; a file much larger than one is not ours to keep whole.
            bytes = try SystemIO.readAll(descriptor, limit: 64 << 20).bytes
        } catch {
            throw failure("read", error.code)
        }
        return bytes.split(separator: 0x0A).compactMap { line in
            var line = line
            if line.last == 0x0D { line = line.dropLast() }
            return String(validating: line, as: UTF8.self)
        }
    }

    private func write(_ history: History) throws(HistoryFileError) {
        let temporary = path + ".\(getpid()).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw failure("write", errno) }
        var text = history.entries.joined(separator: "\n")
        if !text.isEmpty { text += "\n" }
        do throws(SystemError) {
            try SystemIO.writeAll(descriptor, Array(text.utf8))
            guard fsync(descriptor) == 0 else { throw SystemError.last }
        } catch {
            close(descriptor)
            unlink(temporary)
            throw failure("write", error.code)
        }
        close(descriptor)
        guard rename(temporary, path) == 0 else {
            let code = errno
            unlink(temporary)
            throw failure("write", code)
        }
    }

    private func createFolder() throws(HistoryFileError) {
        let folder = (path as NSString).deletingLastPathComponent
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
    /// `read`, `write` or `lock`.
    public let action: String
    public let reason: String

    public var description: String {
        "could not \(action) the command history \(path): \(reason)"
    }
}
