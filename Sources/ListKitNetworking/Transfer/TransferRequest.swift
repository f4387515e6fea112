import Foundation

/// One request as a transfer sends it: the client has already applied its policy (scheme,
/// throttle, redirects), so a transfer only moves bytes.
struct TransferRequest: Sendable {
    /// Where the request goes.
    let url: URL
    /// A body sent with POST, or nil for GET.
    let body: RequestBody?
    /// What the client says it is.
    let userAgent: String
    /// Seconds without any bytes (or without a connection) before the transfer gives up.
    let idleTimeout: Int
}
