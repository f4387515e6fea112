import Foundation
import ListKitNetworking

/// A downloader for tests that must not download.
struct UnusedFetcher: HTTPFetching {
    func get(_ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError) -> FetchedResponse {
        throw .offline(url.absoluteString)
    }

    func markBlocked(host: String, reason: String) {}

    func blockReason(host: String) -> String? { nil }
}
