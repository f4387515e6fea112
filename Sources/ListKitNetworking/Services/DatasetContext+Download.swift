import BrowseSupport
import Foundation
import ListKit

extension DatasetContext {
    /// A JSON document, from the cache while it is fresh, else downloaded with the program's
    /// client: the one call a dataset needs to download a document politely.
    ///
    /// ```swift
    /// ListSource<Reading>(id: "readings", title: "readings") { request in
    ///     try await context.download([Reading].self, from: url, fresh: .minutes(10), for: request)
    /// }
    /// ```
    ///
    /// The rules are ``CachedDownloader``'s: `--offline` answers from the copy or says what is
    /// missing; a fresh copy answers without a request, unless the person refreshed (`r`); a
    /// download is kept only once it reads as `Value`; a failed refresh keeps the copy and says
    /// so; the throttle, timeouts and the input limit are the client's. The request's progress
    /// shows the bytes received, and its notes what the person should know.
    ///
    /// - Parameters:
    ///   - type: What the document holds, read with `JSONDecoder`'s defaults.
    ///   - url: Where it is.
    ///   - freshness: How long a copy answers without a request (`.minutes(10)`, `.forever`).
    ///   - request: The load it is for: its progress, its notes, and whether it is a refresh.
    /// - Returns: The document.
    /// - Throws: ``FetchError`` when it could not be downloaded and there is no copy;
    ///   ``UnreadableDownload`` when the answer is not a `Value` (and no copy reads);
    ///   `CancellationError` when the load was stopped.
    public func download<Value: Decodable & Sendable>(
        _ type: Value.Type, from url: URL, fresh freshness: DownloadFreshness, for request: LoadRequest
    ) async throws -> Value {
        let source = PasswordRedaction.redacting(url)
        let rule = DownloadRule<Value>(
            title: source, isFresh: freshness.rule,
            decode: { body, _ in
                do {
                    return try JSONDecoder().decode(Value.self, from: body)
                } catch let error as DecodingError {
                    throw UnreadableDownload(source: source, type: String(describing: Value.self), error: error)
                }
            })
        let progress = request.progress
        let download = try await downloader.fetch(
            url, key: CachedDownloader.key(for: url, under: "downloads"), rule: rule, refresh: request.refresh,
            progress: { received, total in
                progress.update {
                    $0.unit = .bytes
                    $0.completed = received
                    $0.total = total
                }
            }, note: { progress.note($0) })
        if let failure = download.cacheFailure { progress.note(failure.description) }
        return download.value
    }
}
