import BrowseSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The file an export writes: a temporary file beside the target that replaces it on
/// ``commit()``, or the target itself when it is a device or a pipe. Text goes through a
/// buffer of ``capacity`` bytes, so an export of millions of rows holds one buffer, not its
/// whole text.
///
/// The temporary file (`.NAME.browse-XXXXXX`) is removed however the export ends: by
/// ``discard()`` after a failure or a cancel, and by `PendingFiles` when a signal ends the
/// program. Its writer holds an `flock` on it for as long as it lives, so a file of that name
/// whose lock is free was left by a writer that died (killed with SIGKILL, or a crash): the
/// next export to that folder removes it.
struct ExportFile {
    /// How many bytes are gathered before each write.
    static let capacity = 1 << 20

    /// The path as given, for messages.
    let path: String
    /// The file a rename replaces (a symbolic link's target), or `nil` when written in place.
    private let target: String?
    private var temporary: String?
    /// The `PendingFiles` slot protecting the temporary file.
    private var slot = -1
    /// A second descriptor of the temporary file that holds its lock until it is renamed.
    private var lock: Int32 = -1
    private var descriptor: Int32
    private var buffer: [UInt8] = []
    /// The target is a terminal (`/dev/tty`): the text is made visible, as a screen is.
    private let makesVisible: Bool

    /// Opens the temporary file beside the target (or the target, for a device).
    ///
    /// - Throws: `ExportError.cannotWrite` when the folder cannot take a file.
    init(path: String) throws(ExportError) {
        self.path = path
        let resolved: String
        do {
            resolved = try LinkTarget.resolve(path)
        } catch {
            throw .cannotWrite(path, reason: error.description)
        }
        var status = stat()
        let exists = stat(resolved, &status) == 0
        if exists, status.st_mode & S_IFMT == S_IFDIR {
            throw .cannotWrite(path, reason: "it is a folder; give a file name")
        }
        if exists, status.st_mode & S_IFMT != S_IFREG {
            descriptor = try Self.openInPlace(resolved, path: path, isFIFO: status.st_mode & S_IFMT == S_IFIFO)
            makesVisible = isatty(descriptor) == 1
            target = nil
            temporary = nil
            return
        }
        makesVisible = false
        let slash = resolved.lastIndex(of: "/")
        let folder = slash.map { String(resolved[..<$0]) } ?? "."
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        let folderPath = folder.isEmpty ? "/" : folder
        Self.removeLeftovers(in: folderPath)
        let made = try Self.makeTemporary(
            template: "\(folderPath)/.\(name).browse-XXXXXX", path: path, target: resolved)
        // A replaced file keeps its mode and, where allowed, its owner; a new one gets the
        // mode any new file gets here (mkstemp makes it private).
        if exists {
            _ = fchmod(made.descriptor, status.st_mode & 0o7777)
            _ = fchown(made.descriptor, status.st_uid, status.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            _ = fchmod(made.descriptor, 0o666 & ~mask)
        }
        descriptor = made.descriptor
        lock = made.lock
        slot = made.slot
        target = resolved
        temporary = made.path
        buffer.reserveCapacity(Self.capacity)
    }

    /// Opens a device or a pipe to be written in place. A FIFO is opened without waiting: a
    /// FIFO nobody reads would otherwise hold the export (and the prompt) until a reader came.
    private static func openInPlace(_ resolved: String, path: String, isFIFO: Bool) throws(ExportError) -> Int32 {
        let descriptor = open(resolved, O_WRONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if isFIFO, code == ENXIO {
                throw .cannotWrite(
                    path, reason: "it is a FIFO (a named pipe) that no program is reading; start its reader first")
            }
            throw .cannotWrite(path, reason: SystemErrorText.describe(errno: code))
        }
        // Opened: from here writes wait for a slow reader, as writes to any pipe do.
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        return descriptor
    }

    /// A new temporary file from `template`, locked, and protected by `PendingFiles`.
    private static func makeTemporary(template: String, path: String, target: String) throws(ExportError) -> (
        descriptor: Int32, lock: Int32, slot: Int, path: String
    ) {
        while true {
            guard let made = PendingFiles.create(template: template) else {
                let code = errno
                if let blocker = SystemErrorText.fileInPlaceOfFolder(along: target, includingLast: false) {
                    throw .cannotWrite(path, reason: "\(blocker) is a file, not a folder")
                }
                throw .cannotWrite(path, reason: SystemErrorText.describe(errno: code))
            }
            _ = fcntl(made.descriptor, F_SETFD, FD_CLOEXEC)
            let lock = fcntl(made.descriptor, F_DUPFD_CLOEXEC, 0)
            guard lock >= 0 else {
                let code = errno
                unlink(made.path)
                close(made.descriptor)
                PendingFiles.forget(made.slot)
                throw .cannotWrite(path, reason: SystemErrorText.describe(errno: code))
            }
            var status = stat()
            // Another export's sweep may have taken the new file for a dead writer's between its
            // making and its lock; that sweep removes it, and a new one is made.
            if flock(lock, LOCK_EX | LOCK_NB) == 0, fstat(lock, &status) == 0, status.st_nlink > 0 {
                return (made.descriptor, lock, made.slot, made.path)
            }
            close(lock)
            close(made.descriptor)
            PendingFiles.forget(made.slot)
        }
    }

    /// Adds text, writing the buffer out when it is full.
    mutating func write(_ text: String) throws(ExportError) {
        buffer.append(contentsOf: (makesVisible ? VisibleText.keepingLines(text) : text).utf8)
        if buffer.count >= Self.capacity { try drain() }
    }

    /// Adds bytes (whole rows of UTF-8 text), writing the buffer out when it is full; a piece
    /// as large as the buffer goes straight to the file.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        if makesVisible {
            try write(String(decoding: bytes, as: UTF8.self))
            return
        }
        if buffer.count + bytes.count >= Self.capacity {
            try drain()
            if bytes.count >= Self.capacity {
                try writeAll(bytes)
                return
            }
        }
        buffer.append(contentsOf: bytes)
    }

    /// Writes what is left, makes it durable and puts the file in place.
    mutating func commit() throws(ExportError) {
        try drain()
        if temporary != nil, fsync(descriptor) != 0 {
            throw .cannotWrite(path, reason: SystemErrorText.describe(errno: errno))
        }
        let closed = close(descriptor)
        let code = errno
        descriptor = -1
        guard closed == 0 else { throw .cannotWrite(path, reason: SystemErrorText.describe(errno: code)) }
        guard let temporary, let target else { return }
        guard rename(temporary, target) == 0 else {
            throw .cannotWrite(path, reason: SystemErrorText.describe(errno: errno))
        }
        self.temporary = nil
        PendingFiles.forget(slot)
        slot = -1
        if lock >= 0 { close(lock) }
        lock = -1
    }

    /// Removes the temporary file after a failure or a cancel; the target is as it was.
    mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
        temporary = nil
        PendingFiles.forget(slot)
        slot = -1
        if lock >= 0 { close(lock) }
        lock = -1
    }

    private mutating func drain() throws(ExportError) {
        let outcome = buffer.withUnsafeBytes { bytes in Result { () throws(ExportError) in try writeAll(bytes) } }
        buffer.removeAll(keepingCapacity: true)
        try outcome.get()
    }

    private func writeAll(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
        do throws(SystemError) {
            try SystemIO.writeAll(descriptor, bytes)
        } catch {
            throw .cannotWrite(path, reason: error.description)
        }
    }
}
