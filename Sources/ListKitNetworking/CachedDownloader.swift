import BrowseSupport
import Foundation
import Synchronization

/// Downloads through a cache, the way the built-in datasets do: the public download API for
/// plug-ins.
///
/// The rules it keeps, in order:
/// - **Offline never touches the network**: the cached copy answers whatever its age, and
///   without one the fetch fails with ``FetchError/offline(_:)`` naming what is missing.
/// - **A fresh copy answers without a request**: fresh by the ``DownloadFreshness`` given, unless
///   `refresh` is true (a person asked for new data).
/// - **A failed download never replaces the cached copy**: the copy answers, with a note saying
///   what failed and how old the copy is; only when there is none does the fetch throw.
/// - **A block page is not data**: when the recogniser sees one (or, if asked, when a server
///   drops the connection without a word), the host is marked blocked in the client, so no
///   more requests go to it in this run, and the fetch fails as ``FetchError/blocked(host:reason:)``
///   (or falls back to the cached copy).
///
/// The client brings the rest: the throttle per host, timeouts, the size limit, cancellation.
///
/// A dataset takes the one for its context, `DatasetContext.downloader`: the program's
/// client, cache folder, offline mode and clock. For one JSON document,
/// `DatasetContext.download(_:from:fresh:for:)` is a single call; the downloader is
/// for bytes of another kind:
///
/// ```swift
/// let download = try await context.downloader.fetch(
///     url, key: CachedDownloader.key(for: url, under: "weather"), freshness: .hours(1),
///     refresh: request.refresh
/// ) { received, total in
///     request.progress.update {
///         $0.completed = received
///         $0.total = total
///     }
/// }
/// for note in download.notes { request.progress.note(note) }
/// ```
public struct CachedDownloader: Sendable {
    public let client: any HTTPFetching
    public let cache: CacheStore
    public let offline: Bool
    public let now: @Sendable () -> Date
    public let blockPages: BlockPageRecognizer
    /// True when a connection dropped without an answer counts as a block (a server that
    /// refuses by hanging up); false when it is an ordinary failure.
    public let dropIsBlock: Bool

    /// - Parameters:
    ///   - client: Downloads; the program's one (`DatasetContext.httpClient`), so that
    ///     a block is remembered by every screen of the run.
    ///   - cache: Where downloads are kept.
    ///   - offline: When true, the network is never used.
    ///   - now: The clock, for freshness and provenance.
    ///   - blockPages: Recognises a refusal page sent in place of data.
    ///   - dropIsBlock: Whether a dropped connection counts as a block.
    public init(
        client: any HTTPFetching, cache: CacheStore, offline: Bool, now: @escaping @Sendable () -> Date = { Date() },
        blockPages: BlockPageRecognizer = .commonRefusals, dropIsBlock: Bool = false
    ) {
        self.client = client
        self.cache = cache
        self.offline = offline
        self.now = now
        self.blockPages = blockPages
        self.dropIsBlock = dropIsBlock
    }

    /// The bytes of `url`, from the cache or the server.
    ///
    /// - Parameters:
    ///   - url: What to download.
    ///   - key: Where the cache keeps it (`weather/today`); see ``key(for:under:)``.
    ///   - freshness: How long a cached copy answers without a request.
    ///   - refresh: True to ask the server even when the copy is fresh (it still answers if
    ///     the server fails).
    ///   - progress: Receives the bytes received so far and the total, when known.
    /// - Returns: The bytes, their provenance, and notes for the person.
    /// - Throws: ``FetchError/offline(_:)`` offline without a copy; otherwise what the download
    ///   threw, when there is no copy to fall back on; ``FetchError/cancelled`` when the task was
    ///   cancelled.
    public func fetch(
        _ url: URL, key: String, freshness: DownloadFreshness, refresh: Bool = false,
        progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(FetchError) -> CachedDownload {
        let notes = Mutex<[String]>([])
        let rule = DownloadRule<Data>(
            title: PasswordRedaction.redacting(url), isFresh: freshness.rule, decode: { body, _ in body })
        do {
            let result = try await fetch(
                url, key: key, rule: rule, refresh: refresh, progress: progress,
                note: { note in notes.withLock { $0.append(note) } })
            var said = notes.withLock { $0 }
            if let failure = result.cacheFailure { said.append(failure.description) }
            return CachedDownload(body: result.value, provenance: result.provenance, notes: said)
        } catch let error as FetchError {
            throw error
        } catch {
            // The bytes are not read, so what else can end the fetch is its cancellation.
            throw .cancelled
        }
    }

    /// A cache key for `url` under `prefix`: the host, then a digest of the whole URL, so that
    /// two URLs never share a copy and any URL makes a valid file name.
    ///
    /// ```swift
    /// CachedDownloader.key(for: URL(string: "https://example.com/a.csv?x=1")!, under: "reports")
    /// // "reports/example.com/9c1b2f…"
    /// ```
    public static func key(for url: URL, under prefix: String) -> String {
        let host = (url.host ?? "host").filter { $0.isLetter || $0.isNumber || $0 == "." || $0 == "-" }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in url.absoluteString.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let digest = String(hash, radix: 16)
        return "\(prefix)/\(host.isEmpty ? "host" : host)/" + String(repeating: "0", count: 16 - digest.count) + digest
    }

    /// Downloads, turning a block page (or, when asked, a dropped connection) into a
    /// remembered block.
    func download(_ url: URL, body: RequestBody? = nil, progress: (@Sendable (Int64, Int64?) -> Void)?)
        async throws(FetchError) -> FetchedResponse
    {
        let host = url.host ?? PasswordRedaction.redacting(url)
        let response: FetchedResponse
        do {
            if let body {
                response = try await client.post(url, body: body, progress: progress)
            } else {
                response = try await client.get(url, progress: progress)
            }
        } catch {
            if error.code == .dropped, dropIsBlock {
                let reason = "it dropped the connection"
                client.markBlocked(host: host, reason: reason)
                throw .blocked(host: host, reason: reason)
            }
            throw error
        }
        if let reason = blockPages.reason(for: response.body) {
            client.markBlocked(host: host, reason: reason)
            throw .blocked(host: host, reason: reason)
        }
        return response
    }
}
