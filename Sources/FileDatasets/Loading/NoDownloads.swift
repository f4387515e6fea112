import Foundation
import ListKit
import ListKitNetworking

/// The fetcher of a load that reads a local file only: it never downloads, so it names no
/// program to a server.
struct NoDownloads: HTTPFetching {
    func get(_ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError) -> FetchedResponse {
        throw .offline(PasswordRedaction.redacting(url))
    }

    func markBlocked(host: String, reason: String) {}

    func blockReason(host: String) -> String? { nil }
}
