import BrowseSupport
import Foundation

/// Why a download did not give usable bytes.
///
/// Each description states what failed, where, and what the server said; `remedy` names the
/// next step, which the front end puts in words (a library never says "press r").
///
/// A plug-in tells failures apart by their ``code``, which new kinds of failure can join
/// without breaking a `switch` that has a `default`. Offline without a copy, a dataset can say
/// so in its own words:
///
/// ```swift
/// do {
///     return try await context.download([Reading].self, from: url, fresh: .minutes(10), for: request)
/// } catch let error as FetchError where error.code == .offline {
///     throw ReadingsError.notDownloadedYet(station)
/// }
/// ```
public struct FetchError: UserFacingError, Hashable {
    /// A kind of download failure, compared with `==` (`error.code == .blocked`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name (`timeout`).
        public let description: String

        private init(_ name: String) {
            description = name
        }

        /// Plain `http` to a host that is not loopback.
        public static let insecure = Code("insecure")
        /// The host blocked this client earlier in the run (or just now).
        public static let blocked = Code("blocked")
        /// The server answered with an HTTP error status.
        public static let status = Code("status")
        /// No request was sent: the server asked for a wait that has not passed.
        public static let waiting = Code("waiting")
        /// No answer within the time allowed.
        public static let timeout = Code("timeout")
        /// The download went on past the deadline.
        public static let tooSlow = Code("tooSlow")
        /// The connection closed before the whole body arrived.
        public static let cutShort = Code("cutShort")
        /// The server closed the connection without answering.
        public static let dropped = Code("dropped")
        /// A redirect to somewhere this client will not follow.
        public static let redirect = Code("redirect")
        /// Redirects past the most followed.
        public static let tooManyRedirects = Code("tooManyRedirects")
        /// Something that is not a usable HTTP response.
        public static let badResponse = Code("badResponse")
        /// No connection could be made.
        public static let network = Code("network")
        /// A failure none of the other kinds names.
        public static let failed = Code("failed")
        /// The body grew past the most that is read into memory.
        public static let tooLarge = Code("tooLarge")
        /// Offline, with no cached copy.
        public static let offline = Code("offline")
        /// The download was cancelled.
        public static let cancelled = Code("cancelled")
    }

    /// The failure with what it carries; the public view of it is ``code`` and the properties.
    package enum Details: Sendable, Hashable {
        case insecure(String)
        case blocked(host: String, reason: String)
        case status(Int, host: String, retryAfter: Int?)
        case waiting(host: String, status: Int, seconds: Int, remaining: Int)
        case timeout(host: String, seconds: Int)
        case tooSlow(host: String, seconds: Int)
        case cutShort(host: String, received: Int, expected: Int?)
        case dropped(host: String)
        case redirect(host: String, to: String)
        case tooManyRedirects(host: String)
        case badResponse(host: String, reason: String)
        case network(host: String, reason: String)
        case failed(host: String, reason: String)
        case tooLarge(host: String, limit: Int)
        case offline(String)
        case cancelled
    }

    /// What failed, with what it carries.
    package let details: Details

    private init(_ details: Details) {
        self.details = details
    }

    /// Plain `http` to a host that is not loopback.
    public static func insecure(_ url: String) -> FetchError { FetchError(.insecure(url)) }
    /// The host blocked this client earlier in the run (or just now); no more requests go to it.
    public static func blocked(host: String, reason: String) -> FetchError {
        FetchError(.blocked(host: host, reason: reason))
    }
    /// The server answered with an HTTP error status, and how long it asked us to wait, if it said.
    public static func status(_ code: Int, host: String, retryAfter: Int?) -> FetchError {
        FetchError(.status(code, host: host, retryAfter: retryAfter))
    }
    /// No request was sent: the server asked (with `Retry-After`, in this process or another)
    /// for a wait that has not passed. `seconds` is what it asked for, `remaining` what is left.
    public static func waiting(host: String, status: Int, seconds: Int, remaining: Int) -> FetchError {
        FetchError(.waiting(host: host, status: status, seconds: seconds, remaining: remaining))
    }
    /// No answer within the time allowed.
    public static func timeout(host: String, seconds: Int) -> FetchError {
        FetchError(.timeout(host: host, seconds: seconds))
    }
    /// The download went on past the deadline (a server trickling bytes).
    public static func tooSlow(host: String, seconds: Int) -> FetchError {
        FetchError(.tooSlow(host: host, seconds: seconds))
    }
    /// The connection closed before the whole body arrived.
    public static func cutShort(host: String, received: Int, expected: Int?) -> FetchError {
        FetchError(.cutShort(host: host, received: received, expected: expected))
    }
    /// The server closed the connection without answering.
    public static func dropped(host: String) -> FetchError { FetchError(.dropped(host: host)) }
    /// A redirect to somewhere this client will not follow.
    public static func redirect(host: String, to target: String) -> FetchError {
        FetchError(.redirect(host: host, to: target))
    }
    /// Redirects that went on past the most followed (a loop, most often).
    public static func tooManyRedirects(host: String) -> FetchError { FetchError(.tooManyRedirects(host: host)) }
    /// The server answered with something that is not a usable HTTP response (an HTTP/0.9
    /// reply, two different lengths); `reason` says what.
    public static func badResponse(host: String, reason: String) -> FetchError {
        FetchError(.badResponse(host: host, reason: reason))
    }
    /// No connection could be made (refused, no route, the name does not resolve, TLS): the
    /// only failure after which the host is not asked again for a while.
    public static func network(host: String, reason: String) -> FetchError {
        FetchError(.network(host: host, reason: reason))
    }
    /// The download failed in a way none of the other kinds names; `reason` says how.
    public static func failed(host: String, reason: String) -> FetchError {
        FetchError(.failed(host: host, reason: reason))
    }
    /// The body grew past the most that is read into memory (counted after decompression).
    public static func tooLarge(host: String, limit: Int) -> FetchError {
        FetchError(.tooLarge(host: host, limit: limit))
    }
    /// The user asked for cached data only, and there is no copy of `what`.
    public static func offline(_ what: String) -> FetchError { FetchError(.offline(what)) }
    /// The download was cancelled.
    public static let cancelled = FetchError(.cancelled)

    /// What kind of failure this is.
    public var code: Code {
        switch details {
        case .insecure: return .insecure
        case .blocked: return .blocked
        case .status: return .status
        case .waiting: return .waiting
        case .timeout: return .timeout
        case .tooSlow: return .tooSlow
        case .cutShort: return .cutShort
        case .dropped: return .dropped
        case .redirect: return .redirect
        case .tooManyRedirects: return .tooManyRedirects
        case .badResponse: return .badResponse
        case .network: return .network
        case .failed: return .failed
        case .tooLarge: return .tooLarge
        case .offline: return .offline
        case .cancelled: return .cancelled
        }
    }

    /// The host the failure is about; `nil` for a refused URL, offline and a cancellation.
    public var host: String? {
        switch details {
        case .blocked(let host, _), .status(_, let host, _), .waiting(let host, _, _, _), .timeout(let host, _),
            .tooSlow(let host, _), .cutShort(let host, _, _), .dropped(let host), .redirect(let host, _),
            .tooManyRedirects(let host), .badResponse(let host, _), .network(let host, _), .failed(let host, _),
            .tooLarge(let host, _):
            return host
        case .insecure, .offline, .cancelled:
            return nil
        }
    }

    /// The HTTP status the server answered with (``Code/status``), or asked for a wait with
    /// (``Code/waiting``).
    public var status: Int? {
        switch details {
        case .status(let code, _, _), .waiting(_, let code, _, _): return code
        default: return nil
        }
    }

    /// The seconds the server asked us to wait (`Retry-After`), when it said.
    public var retryAfter: Int? {
        switch details {
        case .status(_, _, let seconds): return seconds
        case .waiting(_, _, let seconds, _): return seconds
        default: return nil
        }
    }

    public var description: String {
        switch details {
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
    var meansUnreachable: Bool { code == .network || code == .timeout }

    public var remedy: Remedy? {
        switch details {
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
