import BrowseSupport
import Foundation
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Downloads over HTTPS, politely: whole-second timeouts, an overall deadline
/// (a server that sends one byte a second cannot hold the program), a throttle per host,
/// plain http only to loopback addresses, no redirects away from https, a cap on the bytes a
/// body may bring into memory, and no repeated waits: a host that blocked the client is not
/// asked again in the run, and one that could not be reached is not asked again for a minute.
///
/// On Linux the bytes move through libcurl, loaded when the first download starts
/// (`CurlTransfer`), so that a run that never downloads does not load the network libraries;
/// elsewhere through URLSession.
public final class HTTPClient: HTTPFetching {
    /// Seconds without any bytes before giving up, in whole seconds.
    public let idleTimeout: Int
    /// Seconds for the whole download.
    public let deadline: Int
    /// The most bytes a body may have, counted as received (after any decompression).
    public let maxBodyBytes: Int
    private let throttle: HostThrottle?
    private let blocked = Mutex<[String: String]>([:])
    private let unreachable = Mutex<[String: (error: FetchError, at: ContinuousClock.Instant)]>([:])
    private let userAgent: String
    private let deadlineTimer: any DeadlineTimer
    #if os(Linux)
        /// The client's cookies, made with its first request (an ephemeral session's, in memory).
        private let cookies = Mutex<CurlCookieJar??>(nil)
    #else
        private let transport: SessionTransport
    #endif

    /// How long a host that did not answer, or could not be reached, gets no more requests:
    /// long enough that the sources of one load (three markets on one host) cost one wait, short
    /// enough that a refresh a minute later tries again.
    package static let unreachableMemory: Duration = .seconds(60)

    /// - Parameters:
    ///   - throttle: Limits requests per host, across processes; `nil` for none.
    ///   - idleTimeout: Seconds without bytes (or without a connection) before the request fails.
    ///   - deadline: Seconds for the whole download.
    ///   - maxBodyBytes: The most bytes a body may have after decompression; a larger one is
    ///     stopped with `FetchError.tooLarge` as soon as it passes the limit.
    ///   - userAgent: What the client says it is: the program's name and version
    ///     (`bookshelf/1.0.0`, `ProgramIdentity.userAgent`), so a server's log names the program
    ///     that asked. There is no default: a program never speaks in another's name.
    public convenience init(
        throttle: HostThrottle?, idleTimeout: Int = 20, deadline: Int = 120,
        maxBodyBytes: Int = ByteSize.defaultInputLimit.bytes, userAgent: String
    ) {
        self.init(
            throttle: throttle, idleTimeout: idleTimeout, deadline: deadline, maxBodyBytes: maxBodyBytes,
            userAgent: userAgent, deadlineTimer: DispatchDeadlineTimer())
    }

    /// A client whose whole-download deadline is started by `deadlineTimer` (tests fire it by hand).
    init(
        throttle: HostThrottle?, idleTimeout: Int, deadline: Int, maxBodyBytes: Int, userAgent: String,
        deadlineTimer: any DeadlineTimer
    ) {
        self.deadlineTimer = deadlineTimer
        self.throttle = throttle
        self.idleTimeout = max(1, idleTimeout)
        self.deadline = max(1, deadline)
        self.maxBodyBytes = max(1, maxBodyBytes)
        self.userAgent = userAgent
        #if !os(Linux)
            transport = SessionTransport(idleTimeout: idleTimeout, deadline: deadline, userAgent: userAgent)
        #endif
    }

    /// True for hosts where plain http is allowed: this machine, by address (127.0.0.0/8, ::1)
    /// or by the name `localhost`. The address is parsed, not matched as text, so
    /// `127.evil.example` is not loopback.
    ///
    /// - Parameter host: A URL's host, with or without the brackets of an IPv6 address.
    package static func isLoopback(_ host: String) -> Bool {
        var name = host.lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") { name = String(name.dropFirst().dropLast()) }
        if name == "localhost" || name == "localhost." { return true }
        var v4 = in_addr()
        if inet_pton(AF_INET, name, &v4) == 1 {
            return UInt32(bigEndian: v4.s_addr) >> 24 == 127
        }
        var v6 = in6_addr()
        if inet_pton(AF_INET6, name, &v6) == 1 {
            return withUnsafeBytes(of: &v6) { bytes in bytes.dropLast().allSatisfy { $0 == 0 } && bytes.last == 1 }
        }
        return false
    }

    /// Whether `url` may be fetched: https anywhere, plain http only to loopback.
    static func isAllowed(_ url: URL?) -> Bool {
        guard let url, let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "https" || (scheme == "http" && isLoopback(url.host ?? ""))
    }

    public func markBlocked(host: String, reason: String) {
        blocked.withLock { $0[host] = reason }
    }

    public func blockReason(host: String) -> String? {
        blocked.withLock { $0[host] }
    }

    /// `url` with its scheme in lower case (`HTTP://` → `http://`): the transfer fetches only
    /// the schemes spelled `http` and `https`, and the cache keys on the URL's text.
    ///
    /// - Parameter url: A URL as a person typed it.
    /// - Returns: The same address, spelled the one way.
    package static func normalized(_ url: URL) -> URL {
        guard let scheme = url.scheme, scheme != scheme.lowercased(),
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else { return url }
        components.scheme = scheme.lowercased()
        return components.url ?? url
    }

    /// Why `url` cannot be fetched here, or nil when it can: on Linux every IPv6 address but
    /// the loopback is refused, as URLSession there refused them (Foundation gives the host
    /// without brackets, curl with them); `[::1]` is fetched as `localhost`
    /// (`requestURL(for:)`), the others cannot be.
    static func unfetchableAddress(_ url: URL) -> String? {
        #if os(Linux)
            guard let host = url.host, host.contains(":"), !isLoopback(host) else { return nil }
            return "an IPv6 address cannot be fetched on this system (only [::1] can); use the host's name"
        #else
            return nil
        #endif
    }

    /// The URL handed to the transfer: `url`, except that on Linux the IPv6 loopback `[::1]`
    /// becomes `localhost` (see `unfetchableAddress(_:)`). curl resolves that name itself, to
    /// `::1` and `127.0.0.1`, and tries both: a server on `::1` answers, and the request never
    /// leaves this machine, which is all the policy asks of plain http.
    static func requestURL(for url: URL) -> URL {
        #if os(Linux)
            guard let host = url.host, host.contains(":"), isLoopback(host),
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url }
            components.host = "localhost"
            return components.url ?? url
        #else
            return url
        #endif
    }

    /// The body's length as the headers announce it, or nil when they do not. Repeated headers
    /// are joined with `, `: the same length repeated is that length; two different ones
    /// (curl keeps the last and cuts the body to it) are a bad response.
    ///
    /// - Throws: `FetchError.badResponse` when the lengths differ, or one is not a number.
    static func announcedLength(_ response: ResponseHead?, host: String) throws(FetchError) -> Int64? {
        guard let text = response?.headers["content-length"] else { return nil }
        let shown = String(text.prefix(80))
        var lengths: Set<Int64> = []
        for value in text.split(separator: ",", omittingEmptySubsequences: false) {
            guard let length = Int64(value.trimmingCharacters(in: .whitespaces)), length >= 0 else {
                throw .badResponse(host: host, reason: "its Content-Length is not a length (\(shown))")
            }
            lengths.insert(length)
        }
        guard lengths.count == 1, let length = lengths.first else {
            throw .badResponse(host: host, reason: "it announced two different lengths (Content-Length: \(shown))")
        }
        return length
    }

    /// `host:port`, with the scheme's port when the URL names none: what the throttle counts
    /// and what an unreachable host is remembered by.
    static func endpoint(_ url: URL) -> String {
        let host = url.host ?? url.absoluteString
        let port = url.port ?? (url.scheme?.lowercased() == "http" ? 80 : 443)
        return "\(host):\(port)"
    }

    public func get(
        _ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(FetchError) -> FetchedResponse {
        try await send(url, body: nil, progress: progress)
    }

    /// Sends `body` with POST through the same throttle, deadlines, limits and block rules as
    /// ``get(_:progress:)``. A redirect is followed with POST and the body when the server
    /// keeps the method (307, 308), else with GET, as browsers do.
    public func post(
        _ url: URL, body: RequestBody, progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(FetchError) -> FetchedResponse {
        try await send(url, body: body, progress: progress)
    }

    private func send(
        _ url: URL, body: RequestBody?, progress: (@Sendable (Int64, Int64?) -> Void)?
    ) async throws(FetchError) -> FetchedResponse {
        let url = Self.normalized(url)
        let host = url.host ?? PasswordRedaction.redacting(url)
        guard Self.isAllowed(url) else { throw .insecure(url.absoluteString) }
        if let reason = Self.unfetchableAddress(url) { throw .failed(host: host, reason: reason) }
        if let reason = blockReason(host: host) { throw .blocked(host: host, reason: reason) }
        let endpoint = Self.endpoint(url)
        if let failure = rememberedFailure(endpoint) { throw failure }
        // Every request counts, redirect hops too, each against its own URL's budget. The
        // throttle dates a request when the server has answered (its headers, or a redirect),
        // or when it is over: by then the server has surely counted it. A request whose
        // process never ends it counts as open until this client's deadline has passed.
        let tickets = ThrottleTickets(
            throttle: throttle, openAtMost: Double(deadline + idleTimeout), notices: HostThrottle.notices)
        try await tickets.begin(url)
        defer { tickets.finish() }
        do throws(FetchError) {
            // Redirects are followed here, one request of our own each, so that every hop waits
            // for the throttle like any request; the transfer is never left waiting for a hop.
            var current = url
            var sent = body
            var visited: Set<URL> = [url]
            while true {
                switch try await perform(current, body: sent, host: host, progress: progress, tickets: tickets) {
                case .answer(let response):
                    return FetchedResponse(
                        url: url, status: response.status, headers: response.headers, body: response.body)
                case .redirect(let next, let keepsBody):
                    if !keepsBody { sent = nil }
                    guard Self.isAllowed(next) else {
                        throw .redirect(host: host, to: PasswordRedaction.redacting(next.absoluteString))
                    }
                    guard visited.insert(next).inserted, visited.count <= Self.maximumHops else {
                        throw .tooManyRedirects(host: host)
                    }
                    try await tickets.hop(to: next)
                    current = next
                }
            }
        } catch {
            // A server that asked for a wait gets no request from any process until it has passed.
            if case .status(let code, _, let retryAfter?) = error.details, let throttle, let budget = tickets.budget {
                throttle.pause(host: budget, status: code, seconds: retryAfter)
            }
            // Only a host that could not be reached, or did not answer, is spared more requests:
            // a bad answer (a redirect loop, a reply that is not HTTP) is the URL's fault, and the
            // host's other URLs may be fine.
            if error.meansUnreachable { remember(error, for: endpoint) }
            throw error
        }
    }

    private func rememberedFailure(_ endpoint: String) -> FetchError? {
        unreachable.withLock { failures in
            guard let failure = failures[endpoint] else { return nil }
            if ContinuousClock.now - failure.at < Self.unreachableMemory { return failure.error }
            failures[endpoint] = nil
            return nil
        }
    }

    private func remember(_ error: FetchError, for endpoint: String) {
        unreachable.withLock { $0[endpoint] = (error, ContinuousClock.now) }
    }

    /// The most requests one download makes, redirects included: a chain longer than this,
    /// or one that comes back to a URL it has visited, is "too many redirects".
    static let maximumHops = 10

    /// What one request came to: the answer, or where the server sends us next.
    private enum Reply {
        case answer(FetchedResponse)
        /// Where to go next, and whether the next request sends the body again (a POST the
        /// server keeps a POST) or is a GET.
        case redirect(URL, keepsBody: Bool)
    }

    private func perform(
        _ url: URL, body: RequestBody?, host: String, progress: (@Sendable (Int64, Int64?) -> Void)?,
        tickets: ThrottleTickets
    ) async throws(FetchError) -> Reply {
        #if os(Linux)
            let library = try CurlTransfer.prepare(host: host)
            let jar = cookies.withLock { jar in
                if let made = jar { return made }
                let made = CurlCookieJar(library: library)
                jar = .some(made)
                return made
            }
        #endif
        let request = TransferRequest(
            url: Self.requestURL(for: url), body: body, userAgent: userAgent, idleTimeout: idleTimeout)
        let state = DownloadState(progress: progress, limit: maxBodyBytes, tickets: tickets)
        // The whole-download deadline is the client's own: a server that sent nothing for the
        // idle timeout by then did not answer, whatever the transfer's own idle timer says.
        let deadline = self.deadline
        let idle = UInt64(self.idleTimeout) * 1_000_000_000
        let cancelDeadline = deadlineTimer.start(seconds: deadline) {
            if state.quietSince(DispatchTime.now()) >= idle {
                state.markIdle()
            } else {
                state.markDeadlinePassed()
            }
            state.cancel()
        }
        defer { cancelDeadline() }
        let outcome: DownloadState.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.start(continuation)
                #if os(Linux)
                    CurlTransfer.start(request, library: library, cookies: jar, state: state)
                #else
                    transport.start(request, state: state)
                #endif
            }
        } onCancel: {
            state.cancel()
        }
        #if !os(Linux)
            transport.finish(state)
        #endif
        if let next = state.redirectTarget, !state.deadlinePassed, !state.wentQuiet, !Task.isCancelled {
            return .redirect(next, keepsBody: body != nil && state.redirectKeepsMethod)
        }
        if state.limitPassed { throw .tooLarge(host: host, limit: state.memoryRanOutAt ?? maxBodyBytes) }
        // Two lengths make any body suspect, whole or cut, so they are said before anything else.
        let announced = try Self.announcedLength(outcome.response, host: host)
        switch outcome {
        case .finished(let response, let body):
            let expected = response.expectedContentLength >= 0 ? response.expectedContentLength : announced ?? -1
            if expected >= 0, Int64(body.count) < expected {
                throw .cutShort(host: host, received: body.count, expected: Int(expected))
            }
            let headers = response.headers
            if response.status >= 300 {
                if (300..<400).contains(response.status) {
                    throw .redirect(host: host, to: headers["location"] ?? "?")
                }
                let retryAfter = headers["retry-after"].flatMap { RetryAfter.seconds(from: $0, now: Date()) }
                throw .status(response.status, host: host, retryAfter: retryAfter)
            }
            return .answer(FetchedResponse(url: url, status: response.status, headers: headers, body: body))
        case .failed(let error, let response, let received):
            if state.wentQuiet {
                return .answer(
                    try Self.timeoutOrCut(host: host, received: received, response: response, seconds: idleTimeout))
            }
            if state.deadlinePassed { throw .tooSlow(host: host, seconds: deadline) }
            if Task.isCancelled || error.code == .cancelled { throw .cancelled }
            if let target = state.refusedRedirect { throw .redirect(host: host, to: target) }
            switch error.code {
            case .timedOut:
                return .answer(
                    try Self.timeoutOrCut(host: host, received: received, response: response, seconds: idleTimeout))
            case .badServerResponse where response == nil:
                throw .dropped(host: host)
            case .httpTooManyRedirects:
                throw .tooManyRedirects(host: host)
            case .unsupportedURL where response == nil:
                // The scheme is http(s) by now, so this is curl refusing what came back.
                throw .badResponse(
                    host: host, reason: "it did not begin with an HTTP status line (an HTTP/0.9 reply, or not HTTP)")
            case .networkConnectionLost, .unknown, .badServerResponse:
                if response == nil && received == 0 { throw .dropped(host: host) }
                throw .cutShort(
                    host: host, received: received,
                    expected: response.map { Int($0.expectedContentLength) }.flatMap { $0 >= 0 ? $0 : nil })
            case .cannotConnectToHost:
                throw .network(host: host, reason: "connection refused")
            case .cannotFindHost, .dnsLookupFailed:
                throw .network(host: host, reason: "the name does not resolve")
            case .notConnectedToInternet:
                throw .network(host: host, reason: "no network")
            case .secureConnectionFailed:
                throw .network(host: host, reason: "the secure connection (TLS) failed")
            case .serverCertificateUntrusted, .serverCertificateHasBadDate, .serverCertificateNotYetValid,
                .serverCertificateHasUnknownRoot:
                throw .network(host: host, reason: "its certificate is not trusted")
            default:
                throw .failed(host: host, reason: "URL error \(error.code.rawValue)")
            }
        }
    }

    private static func timeoutOrCut(
        host: String, received: Int, response: ResponseHead?, seconds: Int
    ) throws(FetchError) -> FetchedResponse {
        if received > 0, let response {
            let expected = response.expectedContentLength
            throw .cutShort(host: host, received: received, expected: expected >= 0 ? Int(expected) : nil)
        }
        throw .timeout(host: host, seconds: seconds)
    }
}
