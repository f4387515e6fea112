import BrowseSupport
import Foundation

/// How a download becomes a value, for ``CachedDownloader/fetch(_:key:rule:body:refresh:progress:note:)``:
/// when a cached copy may answer, how bytes are read, and where a download is kept.
///
/// A download is kept only once it reads: bytes that do not decode, or an empty answer where
/// the copy had data, never replace the copy.
///
/// ```swift
/// let rule = DownloadRule<[Station]>(
///     title: "the station list", isFresh: DownloadFreshness.lasts(seconds: 86_400).rule,
///     decode: { body, _ in try StationParser.parse(body) }, isEmpty: \.isEmpty)
/// ```
public struct DownloadRule<Value: Sendable>: Sendable {
    /// What it is, for messages (`the station list`).
    public var title: String
    /// Whether a cached copy may answer without a request, given its metadata and the time.
    public var isFresh: @Sendable (CacheMetadata, Date) -> Bool
    /// Whether a cached copy can never change (a month fetched after it ended): it answers even
    /// when the person asks for fresh data. `nil`: no copy is final.
    public var isFinal: (@Sendable (CacheMetadata) -> Bool)?
    /// Reads bytes, given the date the copy was stored with (``CacheMetadata/tradingDate``).
    public var decode: @Sendable (_ body: Data, _ date: CalendarDate?) throws -> Value
    /// Whether a value holds nothing: such an answer never replaces a copy that holds something.
    public var isEmpty: @Sendable (Value) -> Bool
    /// Where a download is kept and the date it is stored with; `nil` keeps it under the key
    /// asked for, without a date. It may throw to refuse a download (one without its date).
    public var storage: (@Sendable (FetchedResponse) throws -> (key: String, date: CalendarDate?))?

    public init(
        title: String, isFresh: @escaping @Sendable (CacheMetadata, Date) -> Bool,
        isFinal: (@Sendable (CacheMetadata) -> Bool)? = nil,
        decode: @escaping @Sendable (_ body: Data, _ date: CalendarDate?) throws -> Value,
        isEmpty: @escaping @Sendable (Value) -> Bool = { _ in false },
        storage: (@Sendable (FetchedResponse) throws -> (key: String, date: CalendarDate?))? = nil
    ) {
        self.title = title
        self.isFresh = isFresh
        self.isFinal = isFinal
        self.decode = decode
        self.isEmpty = isEmpty
        self.storage = storage
    }
}

extension DownloadFreshness {
    /// This freshness as a ``DownloadRule/isFresh`` test.
    public var rule: @Sendable (CacheMetadata, Date) -> Bool {
        { metadata, now in isFresh(fetchedAt: metadata.fetchedAt, now: now) }
    }
}

/// A value obtained by a ``CachedDownloader``, where it came from, and what the person should
/// be told.
public struct DecodedDownload<Value: Sendable>: Sendable {
    public let value: Value
    public let provenance: DownloadProvenance
    /// Where the value is cached: the key asked for, or the one ``DownloadRule/storage`` chose.
    public let key: String
    /// A download that could not be kept (a full disk): the value is good, the cache is not.
    public let cacheFailure: CacheError?
}

/// A download that answered with nothing where the cached copy has something.
public struct EmptyAnswer: UserFacingError, Hashable {
    public let host: String

    public var description: String { "\(host) answered with no data where the cache has some" }
    public var remedy: Remedy? { .retryLater(seconds: nil) }
}

extension CachedDownloader {
    /// The value of `url`, from a cached copy or the server, read by `rule`.
    ///
    /// The rules are those of ``fetch(_:key:freshness:refresh:progress:)``, and a downloaded
    /// body is kept only once `rule` has read it.
    ///
    /// - Parameters:
    ///   - url: What to download.
    ///   - key: Where the copy is cached.
    ///   - rule: When the copy answers, how bytes are read, where a download is kept.
    ///   - body: A form (or other body) to send with POST; `nil` asks with GET. The key must
    ///     tell apart what different bodies answer.
    ///   - refresh: True to ask the server even when the copy is fresh.
    ///   - progress: Receives the bytes received so far and the total, when known.
    ///   - note: Receives what did not stop the fetch (a damaged copy, a refresh that failed,
    ///     what a long wait of the throttle was for), as it happens, so that it is said even
    ///     when the fetch then throws.
    /// - Throws: ``FetchError/offline(_:)`` offline without a copy; `CancellationError` when the
    ///   task was cancelled; otherwise what the download or `rule` threw, when no copy reads.
    public func fetch<Value>(
        _ url: URL, key: String, rule: DownloadRule<Value>, body: RequestBody? = nil, refresh: Bool = false,
        progress: (@Sendable (Int64, Int64?) -> Void)? = nil, note: @escaping @Sendable (String) -> Void = { _ in }
    ) async throws -> DecodedDownload<Value> {
        let cached: CacheEntry?
        do {
            cached = try cache.read(key)
        } catch {
            // A damaged copy is a miss: said, then downloaded again.
            note(error.description)
            cached = nil
        }
        func fromCache(_ entry: CacheEntry) throws -> DecodedDownload<Value> {
            DecodedDownload(
                value: try rule.decode(entry.body, entry.metadata.tradingDate),
                provenance: DownloadProvenance(
                    fetchedAt: entry.metadata.fetchedAt, fromCache: true,
                    source: PasswordRedaction.redacting(entry.metadata.source)),
                key: key, cacheFailure: nil)
        }
        if offline {
            guard let cached else { throw FetchError.offline(rule.title) }
            return try fromCache(cached)
        }
        if let cached, rule.isFinal?(cached.metadata) == true || (!refresh && rule.isFresh(cached.metadata, now())) {
            return try fromCache(cached)
        }
        let response: FetchedResponse
        let value: Value
        let place: (key: String, date: CalendarDate?)
        do {
            // The throttle says here what a long wait is for, and that its budget is per process.
            response = try await HostThrottle.withNotices(note) {
                try await download(url, body: body, progress: progress)
            }
            place = try rule.storage?(response) ?? (key, nil)
            value = try rule.decode(response.body, place.date)
            if rule.isEmpty(value), let cached, let old = try? fromCache(cached), !rule.isEmpty(old.value) {
                throw EmptyAnswer(host: url.host ?? PasswordRedaction.redacting(url))
            }
        } catch {
            if Task.isCancelled || error as? FetchError == .cancelled { throw CancellationError() }
            guard let cached, let old = try? fromCache(cached) else { throw error }
            let age = old.provenance.age(now: now())
            note("could not refresh \(rule.title) (\(error)); showing the copy from \(age)")
            return old
        }
        let fetchedAt = now()
        var cacheFailure: CacheError?
        // A POST's source names its form too: the URL alone does not say what was asked.
        let source = PasswordRedaction.redacting(url) + (body.map { " (POST \($0))" } ?? "")
        do {
            try cache.write(
                place.key, body: response.body, source: source, fetchedAt: fetchedAt, tradingDate: place.date)
        } catch {
            cacheFailure = error
        }
        return DecodedDownload(
            value: value,
            provenance: DownloadProvenance(fetchedAt: fetchedAt, fromCache: false, source: source),
            key: place.key, cacheFailure: cacheFailure)
    }
}
