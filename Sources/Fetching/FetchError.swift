import Foundation

/// Why a download did not give usable bytes; each description says what happened and what to do.
public enum FetchError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Plain `http` to a host that is not loopback.
    case insecure(String)
    /// The host blocked this client earlier in the run (or just now); no more requests go to it.
    case blocked(host: String, reason: String)
    /// The server answered with an HTTP error status.
    case status(Int, host: String, retryAfter: Int?)
    /// No answer within the time allowed.
    case timeout(host: String, seconds: Int)
    /// The download went on past the deadline (a server trickling bytes).
    case tooSlow(host: String, seconds: Int)
    /// The connection closed before the whole body arrived.
    case cutShort(host: String, received: Int, expected: Int?)
    /// The server closed the connection without answering.
    case dropped(host: String)
    /// A redirect to somewhere this client will not follow.
    case redirect(host: String, to: String)
    /// The network itself failed (no route, refused, DNS).
    case network(host: String, reason: String)
    /// The user asked for cached data only.
    case offline(String)
    case cancelled

    public var description: String {
        switch self {
        case .insecure(let url):
            return "refusing plain http (\(url)): use https; plain http is allowed only to loopback addresses"
        case .blocked(let host, let reason):
            return "\(host) is blocking this client (\(reason)); no more requests go to it in this run, "
                + "cached data is still shown; wait a while before trying again"
        case .status(let code, let host, let retryAfter):
            var text = "\(host) answered HTTP \(code)"
            if let retryAfter { text += " and asked us to wait \(retryAfter) s" }
            return text + (code >= 500 || code == 429 ? "; try again later (r)" : "")
        case .timeout(let host, let seconds):
            return "\(host) did not answer within \(seconds) s; check the network, or use --offline for cached data"
        case .tooSlow(let host, let seconds):
            return "the download from \(host) did not finish within \(seconds) s; try again later (r)"
        case .cutShort(let host, let received, let expected):
            let of = expected.map { " of \($0)" } ?? ""
            return "the download from \(host) was cut short (\(received)\(of) bytes); nothing was saved, try again (r)"
        case .dropped(let host):
            return "\(host) closed the connection without answering"
        case .redirect(let host, let target):
            return "\(host) redirected to \(target), which is not followed (only https, or loopback)"
        case .network(let host, let reason):
            return "could not reach \(host): \(reason); check the network, or use --offline for cached data"
        case .offline(let what):
            return "offline: no cached copy of \(what); run once without --offline to download it"
        case .cancelled:
            return "cancelled"
        }
    }
}
