import BrowseSupport
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One budget's records in a folder that every process of the user shares, read and changed
/// under an exclusive `flock` on the folder.
///
/// Each record is the name of an empty file (``ThrottleRecords/names``): making, renaming and
/// removing names needs no blocks of data, so a disk that is full — before the first record or
/// after — still holds the records, and nothing is ever truncated to be written again.
enum ThrottleFolder {
    /// The longest a process waits for another to let go of the lock before it decides with
    /// its own records only: the lock is held for microseconds, unless its holder was stopped.
    static let lockPatience = 2.0

    /// Reads the records in `path` (made when missing), lets `body` change them, and makes the
    /// folder hold the result, all under the lock. `body` always runs once: over no records
    /// when the folder cannot be read.
    ///
    /// - Returns: Why the folder could not be read or changed, if it could not.
    static func update(_ path: String, _ body: (inout ThrottleRecords) -> Void) -> String? {
        func without(_ problem: String) -> String {
            var none = ThrottleRecords()
            body(&none)
            return problem
        }
        var attempts = 0
        var descriptor: Int32 = -1
        while descriptor < 0 {
            if mkdir(path, 0o700) != 0, errno != EEXIST { return without("cannot make \(path): \(SystemError.last)") }
            descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { return without("cannot open \(path): \(SystemError.last)") }
            guard lock(descriptor) else {
                close(descriptor)
                return without("\(path) stayed locked by another process for \(Int(lockPatience)) s")
            }
            // A sweep may have removed the folder while this process waited for its lock.
            var status = stat()
            attempts += 1
            if fstat(descriptor, &status) == 0, status.st_nlink == 0, attempts < 3 {
                close(descriptor)
                descriptor = -1
            }
        }
        defer {
            flock(descriptor, LOCK_UN)
            close(descriptor)
        }
        let before: Set<String>
        do {
            before = Set(try FileManager.default.contentsOfDirectory(atPath: path))
        } catch {
            return without("cannot read \(path): \(SystemErrorText.reason(error, path: path))")
        }
        var records = ThrottleRecords(names: before)
        body(&records)
        let after = records.names
        var problem: String?
        for name in before.subtracting(after) where ThrottleRecords.isRecord(name) {
            if unlinkat(descriptor, name, 0) != 0, errno != ENOENT {
                problem = problem ?? "cannot remove \(path)/\(name): \(SystemError.last)"
            }
        }
        for name in after.subtracting(before) {
            let made = openat(descriptor, name, O_WRONLY | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0o600)
            if made >= 0 {
                close(made)
            } else {
                problem = problem ?? "cannot write \(path)/\(name): \(SystemError.last)"
            }
        }
        return problem
    }

    /// Removes the budgets in `folder` that nothing has changed for `age` seconds: every record
    /// in them has expired (a server's wait is not older than an hour, an open request not
    /// older than five minutes), and a budget asked once would otherwise stay for good. A budget
    /// another process holds is left for a later sweep.
    static func sweep(_ folder: String, unchangedFor age: Double) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
        let now = Date().timeIntervalSince1970
        for name in names {
            let path = folder + "/" + name
            guard isUnchanged(path, for: age, now: now) else { continue }
            let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC | O_NOFOLLOW)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            defer { flock(descriptor, LOCK_UN) }
            guard isUnchanged(path, for: age, now: now),
                let records = try? FileManager.default.contentsOfDirectory(atPath: path)
            else { continue }
            for record in records where ThrottleRecords.isRecord(record) { unlinkat(descriptor, record, 0) }
            rmdir(path)
        }
    }

    /// True for a folder (not a link) whose entries have not changed for `age` seconds.
    private static func isUnchanged(_ path: String, for age: Double, now: Double) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else { return false }
        #if canImport(Glibc)
            let changed = Double(status.st_mtim.tv_sec)
        #else
            let changed = Double(status.st_mtimespec.tv_sec)
        #endif
        return now - changed > age
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
