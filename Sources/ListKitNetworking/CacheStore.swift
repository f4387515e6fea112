import BrowseSupport
import Foundation

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What the cache knows about a stored download.
public struct CacheMetadata: Codable, Sendable, Hashable {
    /// Where the bytes came from (a URL, or `file:` for an import).
    public var source: String
    /// When they were fetched or imported.
    public var fetchedAt: Date
    /// The trading date the data is for, when known (stored as `yyyy-MM-dd`).
    public var tradingDate: CalendarDate?
    /// The body file's name in the cache folder: `NAME.DIGEST.body`.
    public var bodyFile: String
    /// The body's size, to tell a damaged body from a good one.
    public var byteCount: Int

    public init(source: String, fetchedAt: Date, tradingDate: CalendarDate?, bodyFile: String, byteCount: Int) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.tradingDate = tradingDate
        self.bodyFile = bodyFile
        self.byteCount = byteCount
    }

    private enum CodingKeys: String, CodingKey {
        case source, fetchedAt, tradingDate, bodyFile, byteCount
    }

    /// Reads the metadata file. A trading date that is not a day reads as unknown, as it did
    /// when it was kept as text: the copy is then not fresh, and is read without its date.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        source = try container.decode(String.self, forKey: .source)
        fetchedAt = try container.decode(Date.self, forKey: .fetchedAt)
        tradingDate = try container.decodeIfPresent(String.self, forKey: .tradingDate).flatMap { CalendarDate(iso: $0) }
        bodyFile = try container.decode(String.self, forKey: .bodyFile)
        byteCount = try container.decode(Int.self, forKey: .byteCount)
    }

    /// Writes the metadata file, the trading date as `yyyy-MM-dd`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(source, forKey: .source)
        try container.encode(fetchedAt, forKey: .fetchedAt)
        try container.encodeIfPresent(tradingDate?.description, forKey: .tradingDate)
        try container.encode(bodyFile, forKey: .bodyFile)
        try container.encode(byteCount, forKey: .byteCount)
    }
}

/// A cached download: the raw bytes and what is known about them.
public struct CacheEntry: Sendable, Hashable {
    public let key: String
    public let metadata: CacheMetadata
    public let body: Data
}

/// Raw response bytes plus a metadata file per key, under one folder, safe for several
/// processes at once.
///
/// An entry is two files: the body, named after its content's digest (`20250304.0f3c….body`),
/// and `20250304.meta.json`, which names the body. The rules that keep every version whole:
///
/// - **Writers of one key take turns**: each holds an exclusive `flock` on the key's lock file
///   (`.20250304.lock`) from before it writes the body until the old body is removed, so two
///   writers can never remove each other's new body.
/// - **A write is atomic and crash-safe**: the body and then the metadata go to temporary files
///   that are flushed and renamed into place, so a process killed at any moment leaves the old
///   entry or the new one. Its temporary files are removed by the next writer of the key, or by
///   `removeAbandonedFiles()` when a program starts.
/// - **Readers never wait and never see a mix**: a reader opens the body the metadata names;
///   once open, the body stays readable even if a writer replaces the entry and removes it (a
///   removed file lives on while it is open). When a writer removes it between the reader's two
///   steps, the reader reads the new metadata and tries again. Readers take no lock, so a slow
///   writer (a flush of megabytes to a slow disk) never holds them up; bodies are never changed
///   in place, so an open body is always one whole version.
/// - **A body is checked when read**: its size against the metadata, its bytes against the
///   digest in its name. A mismatch is a damaged entry (``CacheError/corrupt(key:path:reason:)``),
///   which callers treat as a miss.
public struct CacheStore: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// How often a reader follows a writer's replacement before it gives up: each retry means
    /// a whole write finished in between, so this is reached only under a storm of writes.
    static let readAttempts = 20

    /// Reads the entry stored under `key` (`twse/STOCK_DAY_ALL/20250304`).
    ///
    /// - Returns: `nil` when nothing is stored.
    /// - Throws: `CacheError.corrupt` when something is stored but cannot be used (damaged
    ///   metadata, a missing body, a body whose size or digest does not match).
    /// - Complexity: O(n) in the size of the body.
    public func read(_ key: String) throws(CacheError) -> CacheEntry? {
        let metaPath = metadataURL(key).path
        let directory = metadataURL(key).deletingLastPathComponent().path
        var previousMetadataFile: FileIdentity?
        for _ in 0..<Self.readAttempts {
            guard let (metadata, metadataFile) = try readMetadata(key: key, path: metaPath) else { return nil }
            let bodyPath = directory + "/" + metadata.bodyFile
            guard let expectedDigest = Self.digest(inBodyName: metadata.bodyFile, base: Self.baseName(of: key)) else {
                throw .corrupt(key: key, path: metaPath, reason: "its metadata names no data file of this entry")
            }
            let descriptor = open(bodyPath, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                guard code == ENOENT else {
                    throw .corrupt(key: key, path: bodyPath, reason: SystemErrorText.describe(errno: code))
                }
                // Either a writer replaced the entry between the two reads (a new metadata file
                // names another body, or the same one written again), or the body is really gone.
                if metadataFile == previousMetadataFile {
                    throw .corrupt(key: key, path: bodyPath, reason: "its data file is missing")
                }
                previousMetadataFile = metadataFile
                continue
            }
            defer { close(descriptor) }
            let body = try Self.readBody(descriptor, key: key, path: bodyPath, expectedCount: metadata.byteCount)
            guard Self.digest(body) == expectedDigest else {
                throw .corrupt(
                    key: key, path: bodyPath, reason: "its data has changed since it was stored (the digest differs)")
            }
            return CacheEntry(key: key, metadata: metadata, body: body)
        }
        throw .corrupt(key: key, path: metaPath, reason: "it was replaced \(Self.readAttempts) times while being read")
    }

    /// Stores `body` under `key`, replacing what was there only once the new data is safely on disk.
    ///
    /// Waits while another process writes the same key.
    ///
    /// - Throws: `CacheError.unwritable` when the folder or disk refuses.
    /// - Complexity: O(n) in the size of the body, plus one listing of the key's folder.
    public func write(_ key: String, body: Data, source: String, fetchedAt: Date, tradingDate: CalendarDate?)
        throws(CacheError)
    {
        let metaURL = metadataURL(key)
        let directory = metaURL.deletingLastPathComponent()
        let base = Self.baseName(of: key)
        try Self.makeFolders(directory.path)
        let lock = try KeyLock(directory: directory.path, base: base, wait: true)
        defer { lock?.release() }
        Self.removeLeftovers(in: directory.path, base: base, keepingBody: nil)
        let bodyName = "\(base).\(Self.digest(body)).body"
        let metadata = CacheMetadata(
            source: source, fetchedAt: fetchedAt, tradingDate: tradingDate, bodyFile: bodyName, byteCount: body.count)
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        let encoded: Data
        do {
            encoded = try encoder.encode(metadata)
        } catch {
            throw .unwritable(path: metaURL.path, reason: SystemErrorText.reason(error))
        }
        try Self.writeDurably(body, to: directory.appendingPathComponent(bodyName))
        try Self.writeDurably(encoded, to: metaURL)
        // The previous version's body, and any body a killed writer left without metadata.
        Self.removeLeftovers(in: directory.path, base: base, keepingBody: bodyName)
    }

    /// The keys stored under `prefix` (`twse/STOCK_DAY_ALL`).
    package func keys(under prefix: String) -> [String] {
        let directory = folder.appendingPathComponent(prefix, isDirectory: true)
        return Self.names(in: directory.path).filter { $0.hasSuffix(".meta.json") && !$0.hasPrefix(".") }
            .map { prefix + "/" + $0.dropLast(".meta.json".count) }
            .sorted()
    }

    /// Removes what writers killed in the middle of a write left behind — temporary files, and
    /// bodies no metadata names — for every key no process is writing now.
    ///
    /// Programs call this once when they start. Keys being written are skipped (their lock is
    /// held), so this never races a live writer.
    ///
    /// - Returns: The number of files removed.
    /// - Complexity: O(f) in the number of files in the cache.
    @discardableResult
    package func removeAbandonedFiles() -> Int {
        var removed = 0
        var folders = [folder.path]
        while let directory = folders.popLast() {
            var suspects = Set<String>()
            var bodies: [String: Int] = [:]
            for name in Self.names(in: directory) {
                if let base = Self.ownerOfTemporary(name) {
                    suspects.insert(base)
                } else if name.hasSuffix(".body"), let base = Self.baseOfBody(name) {
                    bodies[base, default: 0] += 1
                } else if !name.hasPrefix("."), Self.isFolder(directory + "/" + name) {
                    folders.append(directory + "/" + name)
                }
            }
            for (base, count) in bodies where count > 1 || !Self.exists(directory + "/" + base + ".meta.json") {
                suspects.insert(base)
            }
            for base in suspects {
                guard let lock = try? KeyLock(directory: directory, base: base, wait: false) else { continue }
                let metaPath = directory + "/" + base + ".meta.json"
                let keep = (try? readMetadata(key: base, path: metaPath))?.0.bodyFile
                // Without readable metadata no body is needed, but a damaged metadata file is
                // left for a reader to report; its bodies go with the next write.
                if keep != nil || !Self.exists(metaPath) {
                    removed += Self.removeLeftovers(in: directory, base: base, keepingBody: keep)
                } else {
                    removed += Self.removeLeftovers(in: directory, base: base, keepingBody: nil, bodiesToo: false)
                }
                lock.release()
            }
        }
        return removed
    }

    private func metadataURL(_ key: String) -> URL {
        folder.appendingPathComponent(key + ".meta.json")
    }

    /// The metadata stored for `key` and which file it came from, or `nil` when there is none.
    private func readMetadata(key: String, path: String) throws(CacheError) -> (CacheMetadata, FileIdentity)? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { return nil }
            throw .corrupt(key: key, path: path, reason: SystemErrorText.describe(errno: code))
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .corrupt(key: key, path: path, reason: SystemError.last.description)
        }
        guard let read = try? SystemIO.readAll(descriptor, limit: 1 << 20), !read.truncated else {
            throw .corrupt(key: key, path: path, reason: "its metadata cannot be read")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        guard let metadata = try? decoder.decode(CacheMetadata.self, from: Data(read.bytes)) else {
            throw .corrupt(key: key, path: path, reason: "its metadata cannot be read")
        }
        return (metadata, FileIdentity(status))
    }

    private static func readBody(_ descriptor: Int32, key: String, path: String, expectedCount: Int)
        throws(CacheError) -> Data
    {
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw .corrupt(key: key, path: path, reason: SystemError.last.description)
        }
        guard Int(status.st_size) == expectedCount else {
            throw .corrupt(key: key, path: path, reason: "it holds \(status.st_size) bytes, not \(expectedCount)")
        }
        var body = Data(count: expectedCount)
        var filled = 0
        let failure: SystemError? = body.withUnsafeMutableBytes { buffer in
            while filled < expectedCount {
                do throws(SystemError) {
                    let count = try SystemIO.readSome(
                        descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
                    if count == 0 { break }
                    filled += count
                } catch {
                    return error
                }
            }
            return nil
        }
        if let failure { throw .corrupt(key: key, path: path, reason: failure.description) }
        guard filled == expectedCount else {
            throw .corrupt(key: key, path: path, reason: "it holds \(filled) bytes, not \(expectedCount)")
        }
        return body
    }

    // MARK: - Names

    /// The last component of a key: the stem of its files.
    static func baseName(of key: String) -> String {
        String(key.split(separator: "/").last ?? Substring(key))
    }

    /// The digest in a body's name (`base.0123456789abcdef.body`), or `nil` when the name is not
    /// one of `base`'s bodies.
    static func digest(inBodyName name: String, base: String) -> String? {
        guard baseOfBody(name) == base else { return nil }
        return String(name.dropLast(".body".count).suffix(16))
    }

    /// `base` for `base.0123456789abcdef.body`.
    static func baseOfBody(_ name: String) -> String? {
        guard name.hasSuffix(".body"), !name.hasPrefix("."), !name.contains("/") else { return nil }
        let stem = name.dropLast(".body".count)
        guard stem.count > 17 else { return nil }
        let digest = stem.suffix(16)
        guard stem.dropLast(16).last == ".", digest.allSatisfy({ $0.isHexDigit && !$0.isUppercase }) else {
            return nil
        }
        return String(stem.dropLast(17))
    }

    /// The key stem a temporary file belongs to: `.NAME.PID.RANDOM.tmp` where NAME is one of
    /// the key's files (`base.meta.json`, `base.DIGEST.body`).
    static func ownerOfTemporary(_ name: String) -> String? {
        guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
        var parts = name.dropFirst().dropLast(".tmp".count).split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count >= 4, parts.suffix(2).allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) else {
            return nil
        }
        parts.removeLast(2)
        let target = parts.joined(separator: ".")
        if target.hasSuffix(".meta.json") { return String(target.dropLast(".meta.json".count)) }
        return baseOfBody(target)
    }

    /// Removes `base`'s temporary files and (when `bodiesToo`) every body of `base` but
    /// `keepingBody`. The caller holds the key's lock.
    @discardableResult
    private static func removeLeftovers(
        in directory: String, base: String, keepingBody: String?, bodiesToo: Bool = true
    ) -> Int {
        var removed = 0
        for name in names(in: directory) {
            let isLeftover =
                ownerOfTemporary(name) == base
                || (bodiesToo && keepingBody != nil && name != keepingBody && baseOfBody(name) == base)
            if isLeftover, unlink(directory + "/" + name) == 0 { removed += 1 }
        }
        return removed
    }

    // MARK: - Files

    /// The names in a folder (none when it cannot be listed).
    private static func names(in directory: String) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != ".", name != ".." { names.append(name) }
        }
        return names
    }

    private static func exists(_ path: String) -> Bool {
        access(path, F_OK) == 0
    }

    private static func isFolder(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// `mkdir -p`, with the system's reason, or the path that is a file where a folder must be.
    static func makeFolders(_ path: String) throws(CacheError) {
        var prefix = path.hasPrefix("/") ? "" : "."
        for component in path.split(separator: "/") {
            prefix += "/" + component
            if mkdir(prefix, 0o755) == 0 { continue }
            let code = errno
            if code == EEXIST, isFolder(prefix) || isFolderThroughLink(prefix) { continue }
            let reason =
                code == EEXIST || code == ENOTDIR
                ? (SystemErrorText.fileInPlaceOfFolder(along: path, includingLast: true).map {
                    "\($0) is a file, not a folder"
                } ?? SystemErrorText.describe(errno: code))
                : SystemErrorText.describe(errno: code)
            throw .unwritable(path: path, reason: reason)
        }
    }

    private static func isFolderThroughLink(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR
    }

    /// Writes to a temporary file in the same folder, flushes it to disk, then renames it into place.
    static func writeDurably(_ data: Data, to url: URL) throws(CacheError) {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw .unwritable(path: url.deletingLastPathComponent().path, reason: SystemError.last.description)
        }
        var failure: String?
        let outcome = data.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try SystemIO.writeAll(descriptor, bytes) }
        }
        if case .failure(let error) = outcome { failure = error.description }
        if failure == nil, fsync(descriptor) != 0 { failure = SystemError.last.description }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = SystemError.last.description }
        if let failure {
            unlink(temporary.path)
            throw .unwritable(path: url.deletingLastPathComponent().path, reason: failure)
        }
        // Make the rename itself durable.
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// A short content digest (FNV-1a, 64 bits) naming a body file.
    ///
    /// Not a cryptographic hash: it finds damage (any change of one byte always changes it,
    /// other changes almost surely), not a forgery by someone who can write the cache anyway.
    ///
    /// - Complexity: O(n).
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        data.withUnsafeBytes { bytes in
            for byte in bytes {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }
}

/// Which file a path named when it was opened: every write of metadata is a new file renamed
/// into place, so a new identity means a writer replaced the entry.
private struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64
    let modifiedSeconds: Int
    let modifiedNanoseconds: Int

    init(_ status: stat) {
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
        #if canImport(Darwin)
            modifiedSeconds = Int(status.st_mtimespec.tv_sec)
            modifiedNanoseconds = Int(status.st_mtimespec.tv_nsec)
        #else
            modifiedSeconds = Int(status.st_mtim.tv_sec)
            modifiedNanoseconds = Int(status.st_mtim.tv_nsec)
        #endif
    }
}

/// The exclusive lock a writer of one key holds: `flock` on `.NAME.lock` beside the entry.
/// Released when the process ends, however it ends.
private struct KeyLock {
    let descriptor: Int32

    /// - Parameter wait: Whether to wait for another holder; when false, `nil` if it is held.
    /// - Throws: `CacheError.unwritable` when the lock file cannot be made.
    init?(directory: String, base: String, wait: Bool) throws(CacheError) {
        let path = directory + "/." + base + ".lock"
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw .unwritable(path: directory, reason: SystemError.last.description) }
        while flock(descriptor, wait ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
            let code = errno
            if code == EINTR { continue }
            close(descriptor)
            if code == EWOULDBLOCK { return nil }
            throw .unwritable(path: directory, reason: SystemErrorText.describe(errno: code))
        }
        self.descriptor = descriptor
    }

    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}

/// A cache that could not be used.
public enum CacheError: UserFacingError, Hashable {
    /// Something is stored under `key` but cannot be used; callers treat it as a miss.
    case corrupt(key: String, path: String, reason: String)
    /// The cache folder or disk refused a write; the data was not kept.
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(_, let path, let reason):
            return "ignoring the cached \(path): \(reason)"
        case .unwritable(let path, let reason):
            return "cannot write the cache at \(path): \(reason); the data is not kept"
        }
    }
}
