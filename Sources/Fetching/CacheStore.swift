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
    /// The trading date the data is for, `yyyy-MM-dd`, when known.
    public var tradingDate: String?
    /// The body file's name in the cache folder.
    public var bodyFile: String
    /// The body's size, to tell a damaged body from a good one.
    public var byteCount: Int

    public init(source: String, fetchedAt: Date, tradingDate: String?, bodyFile: String, byteCount: Int) {
        self.source = source
        self.fetchedAt = fetchedAt
        self.tradingDate = tradingDate
        self.bodyFile = bodyFile
        self.byteCount = byteCount
    }
}

/// A cached download: the raw bytes and what is known about them.
public struct CacheEntry: Sendable, Hashable {
    public let key: String
    public let metadata: CacheMetadata
    public let body: Data
}

/// Raw response bytes plus a metadata file per key, under one folder.
///
/// Writes are atomic and crash-safe: the body goes to a new file named after its content,
/// then the metadata that points at it replaces the old metadata with one `rename`. A
/// process killed at any moment leaves either the old entry or the new one, never a mix;
/// a failed download never reaches the cache at all.
public struct CacheStore: Sendable {
    public let folder: URL

    public init(folder: URL) {
        self.folder = folder
    }

    /// Reads the entry stored under `key` (`twse/STOCK_DAY_ALL/20250304`).
    ///
    /// - Returns: `nil` when nothing is stored.
    /// - Throws: `CacheError.corrupt` when something is stored but cannot be used.
    public func read(_ key: String) throws(CacheError) -> CacheEntry? {
        let metaURL = metadataURL(key)
        guard FileManager.default.fileExists(atPath: metaURL.path) else { return nil }
        let metadata: CacheMetadata
        do {
            let data = try Data(contentsOf: metaURL)
            let decoder = JSONDecoder()
            decoder.dateDecodingStrategy = .iso8601
            metadata = try decoder.decode(CacheMetadata.self, from: data)
        } catch {
            throw .corrupt(key: key, path: metaURL.path, reason: "its metadata cannot be read")
        }
        let bodyURL = metaURL.deletingLastPathComponent().appendingPathComponent(metadata.bodyFile)
        guard let body = try? Data(contentsOf: bodyURL) else {
            throw .corrupt(key: key, path: bodyURL.path, reason: "its data file is missing")
        }
        guard body.count == metadata.byteCount else {
            throw .corrupt(
                key: key, path: bodyURL.path, reason: "it holds \(body.count) bytes, not \(metadata.byteCount)")
        }
        return CacheEntry(key: key, metadata: metadata, body: body)
    }

    /// Stores `body` under `key`, replacing what was there only once the new data is safely on disk.
    ///
    /// - Throws: `CacheError.unwritable` when the folder or disk refuses (the data can still be shown).
    public func write(_ key: String, body: Data, source: String, fetchedAt: Date, tradingDate: String?)
        throws(CacheError)
    {
        let metaURL = metadataURL(key)
        let directory = metaURL.deletingLastPathComponent()
        let base = metaURL.deletingPathExtension().deletingPathExtension().lastPathComponent
        let bodyName = "\(base).\(Self.digest(body)).body"
        let metadata = CacheMetadata(
            source: source, fetchedAt: fetchedAt, tradingDate: tradingDate, bodyFile: bodyName, byteCount: body.count)
        let previous = try? read(key)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Self.writeDurably(body, to: directory.appendingPathComponent(bodyName))
            let encoder = JSONEncoder()
            encoder.dateEncodingStrategy = .iso8601
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try Self.writeDurably(try encoder.encode(metadata), to: metaURL)
        } catch let error as CacheError {
            throw error
        } catch {
            throw .unwritable(path: directory.path, reason: SystemErrorText.reason(error))
        }
        if let previous, previous.metadata.bodyFile != bodyName {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(previous.metadata.bodyFile))
        }
    }

    /// The keys stored under `prefix` (`twse/STOCK_DAY_ALL`).
    public func keys(under prefix: String) -> [String] {
        let directory = folder.appendingPathComponent(prefix, isDirectory: true)
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return [] }
        return names.filter { $0.hasSuffix(".meta.json") }
            .map { prefix + "/" + $0.dropLast(".meta.json".count) }
            .sorted()
    }

    private func metadataURL(_ key: String) -> URL {
        folder.appendingPathComponent(key + ".meta.json")
    }

    /// Writes to a temporary file in the same folder, flushes it to disk, then renames it into place.
    static func writeDurably(_ data: Data, to url: URL) throws {
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp")
        let descriptor = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CacheError.unwritable(path: url.path, reason: errnoText()) }
        var failure: String?
        let outcome = data.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try SystemIO.writeAll(descriptor, bytes) }
        }
        if case .failure(let error) = outcome { failure = error.description }
        if failure == nil, fsync(descriptor) != 0 { failure = errnoText() }
        close(descriptor)
        if failure == nil, rename(temporary.path, url.path) != 0 { failure = errnoText() }
        if let failure {
            unlink(temporary.path)
            throw CacheError.unwritable(path: url.path, reason: failure)
        }
        // Make the rename itself durable.
        let folder = open(url.deletingLastPathComponent().path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        if folder >= 0 {
            fsync(folder)
            close(folder)
        }
    }

    /// A short content digest (FNV-1a, 64 bits) naming a body file.
    static func digest(_ data: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in data {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01b3
        }
        let text = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - text.count) + text
    }

    private static func errnoText() -> String {
        SystemErrorText.describe(errno: errno)
    }
}

/// A cache that could not be used; the data is still shown when it was downloaded.
public enum CacheError: Error, Sendable, Hashable, CustomStringConvertible {
    case corrupt(key: String, path: String, reason: String)
    case unwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case .corrupt(_, let path, let reason):
            return "ignoring the cached \(path): \(reason); it will be downloaded again"
        case .unwritable(let path, let reason):
            return "cannot write the cache at \(path) (\(reason)); the data is shown but not kept"
        }
    }
}
