import BrowseSupport
import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Downloads over HTTPS with URLSession, politely: whole-second timeouts, an overall deadline
/// (a server that sends one byte a second cannot hold the program), a throttle per host,
/// plain http only to loopback addresses, no redirects away from https, and a host that
/// blocked the client is not asked again in the same run.
public final class HTTPClient: HTTPFetching {
    /// Seconds without any bytes before giving up. Whole seconds: URLSession on Linux truncates fractions.
    public let idleTimeout: Int
    /// Seconds for the whole download.
    public let deadline: Int
    private let throttle: HostThrottle?
    private let blocked = Mutex<[String: String]>([:])
    private let configuration: URLSessionConfiguration
    private let sessionBox = Mutex<URLSession?>(nil)
    private let router: DelegateRouter

    /// - Parameters:
    ///   - throttle: Limits requests per host, across processes; `nil` for none.
    ///   - idleTimeout: Seconds without bytes before the request fails.
    ///   - deadline: Seconds for the whole download.
    public init(throttle: HostThrottle?, idleTimeout: Int = 20, deadline: Int = 120) {
        self.throttle = throttle
        self.idleTimeout = max(1, idleTimeout)
        self.deadline = max(1, deadline)
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = TimeInterval(max(1, idleTimeout))
        configuration.timeoutIntervalForResource = TimeInterval(max(1, deadline))
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.httpAdditionalHeaders = ["User-Agent": "browse/\(BrowseVersion.current)"]
        let router = DelegateRouter()
        self.router = router
        self.configuration = configuration
    }

    deinit {
        sessionBox.withLock { $0?.invalidateAndCancel() }
    }

    /// The URLSession, made on first use: a run that never downloads (offline, a demo) never
    /// pays for setting one up.
    private var session: URLSession {
        sessionBox.withLock { session in
            if let session { return session }
            let made = URLSession(configuration: configuration, delegate: router, delegateQueue: nil)
            session = made
            return made
        }
    }

    /// True for hosts where plain http is allowed: this machine.
    public static func isLoopback(_ host: String) -> Bool {
        host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.")
    }

    public func markBlocked(host: String, reason: String) {
        blocked.withLock { $0[host] = reason }
    }

    public func blockReason(host: String) -> String? {
        blocked.withLock { $0[host] }
    }

    public func get(
        _ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)? = nil
    ) async throws(FetchError) -> FetchedResponse {
        let host = url.host ?? url.absoluteString
        guard url.scheme == "https" || (url.scheme == "http" && Self.isLoopback(host)) else {
            throw .insecure(url.absoluteString)
        }
        if let reason = blockReason(host: host) { throw .blocked(host: host, reason: reason) }
        if let throttle {
            do {
                try await throttle.acquire(host: url.port.map { "\(host)_\($0)" } ?? host)
            } catch {
                throw .cancelled
            }
        }
        let request = URLRequest(url: url)
        let state = DownloadState(progress: progress)
        let task = session.dataTask(with: request)
        router.register(task, state)
        // URLSession on Linux ignores timeoutIntervalForResource, so the deadline is ours.
        let deadline = self.deadline
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(deadline))
            guard !Task.isCancelled else { return }
            state.markDeadlinePassed()
            task.cancel()
        }
        defer { watchdog.cancel() }
        let outcome: DownloadState.Outcome = await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                state.start(continuation)
                task.resume()
            }
        } onCancel: {
            task.cancel()
        }
        router.unregister(task)
        switch outcome {
        case .finished(let response, let body):
            let expected = response.expectedContentLength
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
                throw .status(response.statusCode, host: host, retryAfter: headers["retry-after"].flatMap { Int($0) })
            }
            return FetchedResponse(url: url, status: response.statusCode, headers: headers, body: body)
        case .failed(let error, let response, let received):
            if state.deadlinePassed { throw .tooSlow(host: host, seconds: deadline) }
            if Task.isCancelled || error.code == .cancelled { throw .cancelled }
            if let target = state.refusedRedirect { throw .redirect(host: host, to: target) }
            switch error.code {
            case .timedOut:
                return try Self.timeoutOrCut(host: host, received: received, response: response, seconds: idleTimeout)
            case .badServerResponse where response == nil:
                throw .dropped(host: host)
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
            default:
                throw .network(host: host, reason: error.localizedDescription)
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
    }

    private struct Storage {
        var response: HTTPURLResponse?
        var body = Data()
        var continuation: CheckedContinuation<Outcome, Never>?
        var outcome: Outcome?
        var refusedRedirect: String?
        var deadlinePassed = false
    }

    private let storage = Mutex(Storage())
    private let progress: (@Sendable (Int64, Int64?) -> Void)?

    init(progress: (@Sendable (Int64, Int64?) -> Void)?) {
        self.progress = progress
    }

    var refusedRedirect: String? { storage.withLock { $0.refusedRedirect } }

    var deadlinePassed: Bool { storage.withLock { $0.deadlinePassed } }

    func markDeadlinePassed() {
        storage.withLock { $0.deadlinePassed = true }
    }

    func start(_ continuation: CheckedContinuation<Outcome, Never>) {
        let finished: Outcome? = storage.withLock { storage in
            if let outcome = storage.outcome { return outcome }
            storage.continuation = continuation
            return nil
        }
        if let finished { continuation.resume(returning: finished) }
    }

    func received(response: URLResponse) {
        storage.withLock { $0.response = response as? HTTPURLResponse }
    }

    func received(data: Data) {
        let (count, expected) = storage.withLock { storage -> (Int, Int64?) in
            storage.body.append(data)
            let expected = storage.response?.expectedContentLength ?? -1
            return (storage.body.count, expected >= 0 ? expected : nil)
        }
        progress?(Int64(count), expected)
    }

    func refuseRedirect(to target: String) {
        storage.withLock { $0.refusedRedirect = target }
    }

    func complete(error: (any Error)?) {
        let continuation: CheckedContinuation<Outcome, Never>? = storage.withLock { storage in
            let outcome: Outcome
            if let error {
                let urlError = (error as? URLError) ?? URLError(.unknown)
                outcome = .failed(urlError, storage.response, received: storage.body.count)
            } else if let response = storage.response {
                outcome = .finished(response, storage.body)
            } else {
                outcome = .failed(URLError(.badServerResponse), nil, received: storage.body.count)
            }
            storage.outcome = outcome
            defer { storage.continuation = nil }
            return storage.continuation
        }
        if let continuation, let outcome = storage.withLock({ $0.outcome }) {
            continuation.resume(returning: outcome)
        }
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
        state(dataTask)?.received(response: response)
        completionHandler(.allow)
    }

    func urlSession(_ session: URLSession, dataTask: URLSessionDataTask, didReceive data: Data) {
        state(dataTask)?.received(data: data)
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping @Sendable (URLRequest?) -> Void
    ) {
        let target = request.url
        let allowed =
            target?.scheme == "https"
            || (target?.scheme == "http" && HTTPClient.isLoopback(target?.host ?? ""))
        if allowed {
            completionHandler(request)
        } else {
            state(task)?.refuseRedirect(to: target?.absoluteString ?? "?")
            completionHandler(nil)
        }
    }

    func urlSession(_ session: URLSession, task: URLSessionTask, didCompleteWithError error: (any Error)?) {
        state(task)?.complete(error: error)
    }
}
