import BrowseSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif
#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Downloads over HTTPS with URLSession, politely: whole-second timeouts, an overall deadline
/// (a server that sends one byte a second cannot hold the program), a throttle per host,
/// plain http only to loopback addresses, no redirects away from https, a cap on the bytes a
/// body may bring into memory, and no repeated waits: a host that blocked the client is not
/// asked again in the run, and one that could not be reached is not asked again for a minute.
public final class HTTPClient: HTTPFetching {
    /// Seconds without any bytes before giving up. Whole seconds: URLSession on Linux truncates fractions.
    public let idleTimeout: Int
    /// Seconds for the whole download.
    public let deadline: Int
    /// The most bytes a body may have, counted as received (after any decompression).
    public let maxBodyBytes: Int
    private let throttle: HostThrottle?
    private let blocked = Mutex<[String: String]>([:])
    private let unreachable = Mutex<[String: (error: FetchError, at: ContinuousClock.Instant)]>([:])
    private let configuration: URLSessionConfiguration
    private let sessionBox = Mutex<URLSession?>(nil)
    private let router: DelegateRouter
    private let deadlineTimer: any DeadlineTimer

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
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(max(1, idleTimeout))
        configuration.timeoutIntervalForResource = TimeInterval(max(1, deadline))
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": userAgent]
        let router = DelegateRouter()
        self.router = router
        self.configuration = configuration
    }

    // No `deinit` invalidating the session: on Linux a URLSession torn down while others work
    // can close or watch their sockets (swift-corelibs-foundation #4791, #3286), and requests of
    // other clients then hang or reach the wrong server. A program makes one client for a run
    // (its context's), so its session is kept, finished or not.

    /// The URLSession, made on first use: a run that never downloads (offline, a demo) never
    /// pays for setting one up.
    private var session: URLSession {
        sessionBox.withLock { session in
            if let session { return session }
            let made = URLSession(configuration: configuration, delegate: router, delegateQueue: FlowControlQueue())
            session = made
            return made
        }
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

    /// `url` with its scheme in lower case (`HTTP://` → `http://`): URLSession on Linux fetches
    /// only the schemes spelled `http` and `https`, and the cache keys on the URL's text.
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

    /// Why URLSession cannot fetch `url` here, or nil when it can: on Linux it refuses every
    /// IPv6 address (Foundation gives the host without brackets, curl with them, and the two
    /// must agree: URL error -1000); `[::1]` is fetched as `localhost` (`requestURL(for:)`),
    /// the others cannot be.
    static func unfetchableAddress(_ url: URL) -> String? {
        #if canImport(FoundationNetworking)
            guard let host = url.host, host.contains(":"), !isLoopback(host) else { return nil }
            return "an IPv6 address cannot be fetched on this system (only [::1] can); use the host's name"
        #else
            return nil
        #endif
    }

    /// The URL handed to URLSession: `url`, except that on Linux the IPv6 loopback `[::1]`
    /// becomes `localhost` (see `unfetchableAddress(_:)`). curl resolves that name itself, to
    /// `::1` and `127.0.0.1`, and tries both: a server on `::1` answers, and the request never
    /// leaves this machine, which is all the policy asks of plain http.
    static func requestURL(for url: URL) -> URL {
        #if canImport(FoundationNetworking)
            guard let host = url.host, host.contains(":"), isLoopback(host),
                var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
            else { return url }
            components.host = "localhost"
            return components.url ?? url
        #else
            return url
        #endif
    }

    /// The body's length as the headers announce it, or nil when they do not. URLSession joins
    /// repeated headers with `, `: the same length repeated is that length; two different ones
    /// (curl keeps the last and cuts the body to it) are a bad response.
    ///
    /// - Throws: `FetchError.badResponse` when the lengths differ, or one is not a number.
    static func announcedLength(_ response: HTTPURLResponse?, host: String) throws(FetchError) -> Int64? {
        guard let text = response?.value(forHTTPHeaderField: "Content-Length") else { return nil }
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
            // for the throttle like any request; URLSession is never left waiting for a hop.
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
        var request = URLRequest(url: Self.requestURL(for: url))
        if let body {
            request.httpMethod = "POST"
            request.httpBody = Data(body.bytes)
            request.setValue(body.contentType, forHTTPHeaderField: "Content-Type")
        }
        let state = DownloadState(progress: progress, limit: maxBodyBytes, tickets: tickets)
        let task = session.dataTask(with: request)
        router.register(task, state)
        // URLSession on Linux ignores timeoutIntervalForResource, so the deadline is ours. A
        // server that sent nothing for the idle timeout by then did not answer, whatever
        // URLSession's own (later) idle timer would have said.
        let deadline = self.deadline
        let idle = UInt64(self.idleTimeout) * 1_000_000_000
        let cancelDeadline = deadlineTimer.start(seconds: deadline) {
            if state.quietSince(DispatchTime.now()) >= idle {
                state.markIdle()
            } else {
                state.markDeadlinePassed()
            }
            state.cancel(task)
        }
        defer { cancelDeadline() }
        let outcome: DownloadState.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.start(continuation)
                task.resume()
            }
        } onCancel: {
            state.cancel(task)
        }
        router.unregister(task)
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
            var headers: [String: String] = [:]
            for (name, value) in response.allHeaderFields {
                if let name = name as? String, let value = value as? String { headers[name.lowercased()] = value }
            }
            if response.statusCode >= 300 {
                if (300..<400).contains(response.statusCode) {
                    throw .redirect(host: host, to: headers["location"] ?? "?")
                }
                let retryAfter = headers["retry-after"].flatMap { RetryAfter.seconds(from: $0, now: Date()) }
                throw .status(response.statusCode, host: host, retryAfter: retryAfter)
            }
            return .answer(FetchedResponse(url: url, status: response.statusCode, headers: headers, body: body))
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
        host: String, received: Int, response: HTTPURLResponse?, seconds: Int
    ) throws(FetchError) -> FetchedResponse {
        if received > 0, let response {
            let expected = response.expectedContentLength
            throw .cutShort(host: host, received: received, expected: expected >= 0 ? Int(expected) : nil)
        }
        throw .timeout(host: host, seconds: seconds)
    }
}

/// What one download has received; the URLSession delegate fills it from its own queue.
final class DownloadState: Sendable {
    enum Outcome: Sendable {
        case finished(HTTPURLResponse, Data)
        case failed(URLError, HTTPURLResponse?, received: Int)

        /// The response's headers, when they arrived.
        var response: HTTPURLResponse? {
            switch self {
            case .finished(let response, _): return response
            case .failed(_, let response, _): return response
            }
        }
    }

    private struct Storage: ~Copyable {
        var response: HTTPURLResponse?
        var body = GrowingBuffer()
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var refusedRedirect: String?
        var deadlinePassed = false
        /// Nothing arrived for the idle timeout.
        var wentQuiet = false
        /// When the last byte (or the start) was seen.
        var lastActivity = DispatchTime.now()
        var limitPassed = false
        var memoryRanOutAt: Int?
        /// The body is compressed: its announced length is not the length received.
        var encoded = false
        var cancelled = false
        /// Where a redirect sends the request next.
        var redirectTarget: URL?
        /// The redirect keeps the request's method (307, 308): a POST stays a POST.
        var redirectKeepsMethod = false
    }

    private let storage = Mutex(Storage())
    private let progress: (@Sendable (Int64, Int64?) -> Void)?
    private let limit: Int
    private let tickets: ThrottleTickets

    /// - Parameters:
    ///   - limit: The most body bytes to keep; past it the download is stopped.
    ///   - tickets: The throttle's tickets: told when the server's answer (its headers, or a
    ///     redirect) has arrived, or the request is over.
    init(progress: (@Sendable (Int64, Int64?) -> Void)?, limit: Int, tickets: ThrottleTickets) {
        self.progress = progress
        self.limit = limit
        self.tickets = tickets
    }

    /// Where the server sent this request, when it answered with a redirect the client
    /// follows itself (with a request of its own, through the throttle).
    var redirectTarget: URL? { storage.withLock { $0.redirectTarget } }

    /// Notes a redirect to follow: URLSession is told not to follow it, and the request ends
    /// with the redirect's answer.
    func noteRedirect(to url: URL, keepsMethod: Bool) {
        storage.withLock {
            $0.redirectTarget = url
            $0.redirectKeepsMethod = keepsMethod
        }
    }

    /// True when the redirect noted keeps the request's method (307, 308).
    var redirectKeepsMethod: Bool { storage.withLock { $0.redirectKeepsMethod } }

    var refusedRedirect: String? { storage.withLock { $0.refusedRedirect } }

    var deadlinePassed: Bool { storage.withLock { $0.deadlinePassed } }

    /// True when the body grew (or was announced to grow) past the limit, or past what
    /// memory could hold.
    var limitPassed: Bool { storage.withLock { $0.limitPassed } }

    /// The bytes held when memory ran out before the limit was reached, if it did.
    var memoryRanOutAt: Int? { storage.withLock { $0.memoryRanOutAt } }

    /// Marks the download as stopped by its deadline, unless it has already ended: a download
    /// that ended in time keeps its own outcome even when the request that waits for it is
    /// resumed late (a busy machine).
    func markDeadlinePassed() {
        storage.withLock { if $0.outcome == nil { $0.deadlinePassed = true } }
    }

    /// True when the download stopped because nothing arrived for the idle timeout.
    var wentQuiet: Bool { storage.withLock { $0.wentQuiet } }

    /// Marks the download as gone quiet, unless it has already ended.
    func markIdle() {
        storage.withLock { if $0.outcome == nil { $0.wentQuiet = true } }
    }

    /// Nanoseconds since the last byte arrived (or the download started).
    func quietSince(_ now: DispatchTime) -> UInt64 {
        let last = storage.withLock { $0.lastActivity }
        return now.uptimeNanoseconds >= last.uptimeNanoseconds ? now.uptimeNanoseconds - last.uptimeNanoseconds : 0
    }

    /// Cancels the task once, on a thread of its own.
    ///
    /// On Linux `URLSessionTask.cancel()` waits for URLSession's network thread, which may be
    /// waiting for the delegate queue to make room (``FlowControlQueue``). Called from the
    /// delegate queue, or from a thread of the shared pools the delegate queue also needs, it
    /// could wait forever; a thread of its own only waits until the queue has drained.
    ///
    /// The request ends here, without waiting for URLSession: libcurl may go on reading and
    /// inflating until its current read loop ends (seconds for a gzip bomb), and the person
    /// should not wait for that. What still arrives for the task is dropped.
    func cancel(_ task: URLSessionTask) {
        let first = storage.withLock { storage in
            defer { storage.cancelled = true }
            return !storage.cancelled
        }
        guard first else { return }
        let thread = Thread { task.cancel() }
        thread.start()
        resolve { .failed(URLError(.cancelled), $0.response, received: $0.body.count) }
    }

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        let finished: Outcome? = storage.withLock { storage in
            if let outcome = storage.outcome { return outcome }
            storage.continuation = continuation
            return nil
        }
        if let finished { continuation.resume(returning: finished) }
    }

    /// Takes the response's headers.
    ///
    /// - Returns: False when the announced length is past the limit: the download stops here.
    func received(response: URLResponse) -> Bool {
        tickets.answered()
        return storage.withLock { storage in
            storage.lastActivity = DispatchTime.now()
            let http = response as? HTTPURLResponse
            storage.response = http
            let expected = response.expectedContentLength
            // Without compression the announced length is the body's; with it, the body is
            // counted as it arrives.
            let encoded = http?.value(forHTTPHeaderField: "Content-Encoding").map { !$0.isEmpty } ?? false
            storage.encoded = encoded
            if expected > Int64(limit), !encoded {
                storage.limitPassed = true
                return false
            }
            if expected > 0, !encoded { storage.body.reserve(Int(expected)) }
            return true
        }
    }

    /// Appends bytes of the body.
    ///
    /// - Returns: False when they would take the body past the limit: they are dropped and the
    ///   download must stop.
    func received(data: Data) -> Bool {
        let outcome = storage.withLock { storage -> (Int, Int64?)? in
            storage.lastActivity = DispatchTime.now()
            // Past the limit, or past what memory can hold: either way the download stops here.
            guard storage.body.count + data.count <= limit else {
                storage.limitPassed = true
                return nil
            }
            guard storage.body.append(data, growingUpTo: limit) else {
                storage.limitPassed = true
                storage.memoryRanOutAt = storage.body.count
                return nil
            }
            let expected = storage.encoded ? -1 : storage.response?.expectedContentLength ?? -1
            return (storage.body.count, expected >= 0 ? expected : nil)
        }
        guard let (count, expected) = outcome else { return false }
        progress?(Int64(count), expected)
        return true
    }

    func refuseRedirect(to target: String) {
        storage.withLock { $0.refusedRedirect = target }
    }

    func complete(error: (any Error)?) {
        tickets.answered()
        resolve { storage in
            if let error {
                let urlError = (error as? URLError) ?? URLError(.unknown)
                return .failed(urlError, storage.response, received: storage.body.count)
            } else if let response = storage.response {
                return .finished(response, storage.body.take())
            }
            return .failed(URLError(.badServerResponse), nil, received: storage.body.count)
        }
    }

    /// Settles the outcome once, and resumes the waiting request with it.
    private func resolve(_ outcome: (inout Storage) -> Outcome) {
        let resumed: (CheckedContinuation<Outcome, Never>, Outcome)? = storage.withLock { storage in
            guard storage.outcome == nil else { return nil }
            let settled = outcome(&storage)
            storage.outcome = settled
            defer { storage.continuation = nil }
            return storage.continuation.map { ($0, settled) }
        }
        if let (continuation, outcome) = resumed { continuation.resume(returning: outcome) }
    }
}

/// A body being received: one block grown with `realloc`, which for large blocks moves pages
/// rather than copying bytes, so a body near the limit needs about its own size in memory
/// (appending to `Data` copies into a larger block and briefly needs two and a half times).
struct GrowingBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    init() {}

    deinit {
        free(base)
    }

    /// Makes room for `total` bytes in all.
    mutating func reserve(_ total: Int) {
        guard total > capacity, let grown = realloc(base, total) else { return }
        base = grown
        capacity = total
    }

    /// Appends `data`, doubling the block when it is full but never past `ceiling` bytes.
    ///
    /// - Returns: False when memory ran out: nothing was appended.
    mutating func append(_ data: Data, growingUpTo ceiling: Int) -> Bool {
        if count + data.count > capacity {
            reserve(max(count + data.count, min(ceiling, max(capacity * 2, 64 * 1024))))
        }
        guard let base, count + data.count <= capacity else { return data.isEmpty }
        data.withUnsafeBytes { bytes in
            guard let source = bytes.baseAddress else { return }
            (base + count).copyMemory(from: source, byteCount: bytes.count)
        }
        count += data.count
        return true
    }

    /// The bytes as `Data`, handing over the block without a copy; the buffer is empty after.
    mutating func take() -> Data {
        guard let base, count > 0 else { return Data() }
        self.base = nil
        defer {
            capacity = 0
            count = 0
        }
        return Data(bytesNoCopy: base, count: count, deallocator: .free)
    }
}

/// Sends each task's delegate calls to its `DownloadState`.
final class DelegateRouter: NSObject, URLSessionDataDelegate, Sendable {
    private let states = Mutex<[Int: DownloadState]>([:])

    func register(_ task: URLSessionTask, _ state: DownloadState) {
        states.withLock { $0[task.taskIdentifier] = state }
    }

    func unregister(_ task: URLSessionTask) {
        _ = states.withLock { $0.removeValue(forKey: task.taskIdentifier) }
    }

    private func state(_ task: URLSessionTask) -> DownloadState? {
        states.withLock { $0[task.taskIdentifier] }
    }

    func urlSession(
        _ session: URLSession, dataTask: URLSessionDataTask, didReceive response: URLResponse,
        completionHandler: @escaping @Sendable (URLSession.ResponseDisposition) -> Void
    ) {
        let keepGoing = state(dataTask)?.received(response: response) ?? true
        completionHandler(keepGoing ? .allow : .cancel)
        // URLSession on Linux disregards the disposition; cancelling the task stops it anywhere.
        if !keepGoing { state(dataTask)?.cancel(dataTask) }
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        guard let state = state(dataTask) else { return }
        if !state.received(data: data) { state.cancel(dataTask) }
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        // The client follows a redirect itself, with a request of its own that waits for the
        // throttle; URLSession ends this one with the redirect's answer.
        if let url = request.url, let state = state(task) {
            state.noteRedirect(to: url, keepsMethod: response.statusCode == 307 || response.statusCode == 308)
        } else {
            state(task)?.refuseRedirect(to: request.url?.absoluteString ?? "?")
        }
        completionHandler(nil)
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state(task)?.complete(error: error)
    }
}
