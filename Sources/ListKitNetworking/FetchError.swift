import BrowseSupport
import Foundation

/// Why a download did not give usable bytes.
///
/// Each description states what failed, where, and what the server said; `remedy` names the
/// next step, which the front end puts in words (a library never says "press r").
public enum FetchError: UserFacingError, Hashable {
    /// Plain `http` to a host that is not loopback.
    case insecure(String)
    /// The host blocked this client earlier in the run (or just now); no more requests go to it.
    case blocked(host: String, reason: String)
    /// The server answered with an HTTP error status, and how long it asked us to wait, if it said.
    case status(Int, host: String, retryAfter: Int?)
    /// No request was sent: the server asked (with `Retry-After`, in this process or another)
    /// for a wait that has not passed. `seconds` is what it asked for, `remaining` what is left.
    case waiting(host: String, status: Int, seconds: Int, remaining: Int)
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
    /// Redirects that went on past the most followed (a loop, most often).
    case tooManyRedirects(host: String)
    /// The server answered with something that is not a usable HTTP response (an HTTP/0.9
    /// reply, two different lengths); `reason` says what.
    case badResponse(host: String, reason: String)
    /// No connection could be made (refused, no route, the name does not resolve, TLS): the
    /// only failure after which the host is not asked again for a while.
    case network(host: String, reason: String)
    /// The download failed in a way none of the other cases names; `reason` says how.
    case failed(host: String, reason: String)
    /// The body grew past the most that is read into memory (counted after decompression).
    case tooLarge(host: String, limit: Int)
    /// The user asked for cached data only.
    case offline(String)
    case cancelled

    public var description: String {
        switch self {
        case .insecure(let url):
            let host = URL(string: url)?.host ?? PasswordRedaction.redacting(url)
            return "refusing plain http to \(host): plain http goes only to this machine "
                + "(127.0.0.0/8, ::1, localhost); other hosts need https"
        case .blocked(let host, let reason):
            return "\(host) is blocking this client (\(reason)); no more requests go to it in this run"
        case .status(let code, let host, let retryAfter):
            var text = "\(host) answered HTTP \(code)"
            if let retryAfter { text += " and asked us to wait \(retryAfter) s" }
            return text
        case .waiting(let host, let status, let seconds, _):
            return "\(host) asked us to wait \(seconds) s (HTTP \(status)); no request goes to it until then"
        case .timeout(let host, let seconds):
            return "\(host) did not answer within \(seconds) s"
        case .tooSlow(let host, let seconds):
            return "the download from \(host) did not finish within \(seconds) s"
        case .cutShort(let host, let received, let expected):
            let of = expected.map { " of \($0)" } ?? ""
            return "the download from \(host) was cut short (\(received)\(of) bytes); nothing was saved"
        case .dropped(let host):
            return "\(host) closed the connection without answering"
        case .redirect(let host, let target):
            return "\(host) redirected to \(PasswordRedaction.redacting(target)), which is not followed "
                + "(only https, or loopback)"
        case .tooManyRedirects(let host):
            return "\(host) sent too many redirects (a redirect loop?)"
        case .badResponse(let host, let reason):
            return "\(host) sent a bad response: \(reason)"
        case .network(let host, let reason):
            return "could not reach \(host): \(reason)"
        case .failed(let host, let reason):
            return "the download from \(host) failed: \(reason)"
        case .tooLarge(let host, let limit):
            return "the download from \(host) was stopped at \(ByteSize(limit)) (after decompression), "
                + "the most read into memory"
        case .offline(let what):
            return "offline: no cached copy of \(what)"
        case .cancelled:
            return "cancelled"
        }
    }

    /// True when no connection could be made, or the host did not answer at all: then, and only
    /// then, the host is not asked again for a while. A bad answer says nothing of the next one.
    var meansUnreachable: Bool {
        switch self {
        case .network, .timeout: return true
        default: return false
        }
    }

    public var remedy: Remedy? {
        switch self {
        case .blocked: return .waitForALaterRun
        case .status(let code, _, _): return code >= 500 || code == 429 ? .retryLater(seconds: nil) : nil
        case .waiting(_, _, _, let remaining): return .retryLater(seconds: remaining)
        case .timeout, .network: return .checkNetworkOrUseCache
        case .tooSlow: return .retryLater(seconds: nil)
        case .cutShort, .dropped: return .retry
        case .tooLarge: return .allowLargerInput
        case .offline: return .goOnline
        case .insecure, .redirect, .tooManyRedirects, .badResponse, .failed, .cancelled: return nil
        }
    }
}
