import Foundation

/// A complete HTTP answer: status, headers (names in lower case) and the whole body.
public struct FetchedResponse: Sendable, Hashable {
    public let url: URL
    public let status: Int
    public let headers: [String: String]
    public let body: Data

    public init(url: URL, status: Int, headers: [String: String], body: Data) {
        self.url = url
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// The file name in `Content-Disposition` (`attachment; filename=STOCK_DAY_ALL_20250304.csv`).
    public var suggestedFileName: String? {
        guard let disposition = headers["content-disposition"] else { return nil }
        for part in disposition.split(separator: ";") {
            let trimmed = part.trimmingCharacters(in: .whitespaces)
            guard trimmed.lowercased().hasPrefix("filename=") else { continue }
            let value = trimmed.dropFirst("filename=".count)
            return value.trimmingCharacters(in: CharacterSet(charactersIn: "\"'"))
        }
        return nil
    }
}

/// Something that downloads: the real `HTTPClient`, or a test double.
public protocol HTTPFetching: Sendable {
    /// Downloads `url` completely.
    ///
    /// - Throws: `FetchError`.
    func get(_ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError) -> FetchedResponse

    /// Sends `body` to `url` with POST and downloads the answer completely, under the same
    /// rules as ``get(_:progress:)``: the throttle counts it like any request.
    ///
    /// - Throws: `FetchError`; by default ``FetchError/failed(host:reason:)``, for a fetcher
    ///   that sends no bodies.
    func post(_ url: URL, body: RequestBody, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError)
        -> FetchedResponse

    /// Stops all requests to `host` for the rest of the run.
    func markBlocked(host: String, reason: String)

    /// Why `host` is blocked, when it is.
    func blockReason(host: String) -> String?
}

extension HTTPFetching {
    /// A fetcher that sends no bodies refuses a POST, naming the host.
    public func post(_ url: URL, body: RequestBody, progress: (@Sendable (Int64, Int64?) -> Void)?)
        async throws(FetchError) -> FetchedResponse
    {
        throw .failed(host: url.host ?? url.absoluteString, reason: "this client sends no POST requests")
    }
}
