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
struct ExportFile {
    /// How many bytes are gathered before each write.
    static let capacity = 1 << 20

    /// The path as given, for messages.
    let path: String
    /// The file a rename replaces (a symbolic link's target), or `nil` when written in place.
    private let target: String?
    private var temporary: String?
    private var descriptor: Int32
    private var buffer: [UInt8] = []

    /// Opens the temporary file beside the target (or the target, for a device).
    ///
    /// - Throws: `ExportError.cannotWrite` when the folder cannot take a file.
    init(path: String) throws(ExportError) {
        self.path = path
        let resolved = Self.resolvingLinks(path)
        var status = stat()
        let exists = stat(resolved, &status) == 0
        if exists, status.st_mode & S_IFMT == S_IFDIR {
            throw .cannotWrite(path, reason: "it is a folder; give a file name")
        }
        if exists, status.st_mode & S_IFMT != S_IFREG {
            descriptor = open(resolved, O_WRONLY | O_CLOEXEC)
            guard descriptor >= 0 else { throw .cannotWrite(path, reason: SystemErrorText.describe(errno: errno)) }
            target = nil
            temporary = nil
            return
        }
        let slash = resolved.lastIndex(of: "/")
        let folder = slash.map { String(resolved[..<$0]) } ?? "."
        let name = slash.map { String(resolved[resolved.index(after: $0)...]) } ?? resolved
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).browse-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { characters in
            characters.baseAddress.map { mkstemp($0) } ?? -1
        }
        guard made >= 0 else {
            let code = errno
            if let blocker = SystemErrorText.fileInPlaceOfFolder(along: resolved, includingLast: false) {
                throw .cannotWrite(path, reason: "\(blocker) is a file, not a folder")
            }
            throw .cannotWrite(path, reason: SystemErrorText.describe(errno: code))
        }
        _ = fcntl(made, F_SETFD, FD_CLOEXEC)
        // A replaced file keeps its mode and, where allowed, its owner; a new one gets the
        // mode any new file gets here (mkstemp makes it private).
        if exists {
            _ = fchmod(made, status.st_mode & 0o7777)
            _ = fchown(made, status.st_uid, status.st_gid)
        } else {
            let mask = umask(0)
            umask(mask)
            _ = fchmod(made, 0o666 & ~mask)
        }
        descriptor = made
        target = resolved
        temporary = String(decoding: template.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        buffer.reserveCapacity(Self.capacity)
    }

    /// Adds text, writing the buffer out when it is full.
    mutating func write(_ text: String) throws(ExportError) {
        buffer.append(contentsOf: text.utf8)
        if buffer.count >= Self.capacity { try drain() }
    }

    /// Adds bytes, writing the buffer out when it is full; a piece as large as the buffer goes
    /// straight to the file.
    mutating func write(_ bytes: UnsafeRawBufferPointer) throws(ExportError) {
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
    }

    /// Removes the temporary file after a failure or a cancel; the target is as it was.
    mutating func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        if let temporary { unlink(temporary) }
        temporary = nil
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

    /// `path` with its symbolic links followed to the file they name, which need not exist
    /// yet; a relative link is read from its own folder. Loops stop after 40 links.
    static func resolvingLinks(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let count = readlink(current, &buffer, buffer.count - 1)
            guard count > 0 else { return current }
            let link = String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else if let slash = current.lastIndex(of: "/") {
                current = String(current[...slash]) + link
            } else {
                current = link
            }
        }
        return current
    }
}
