import Foundation
import Synchronization

/// What one download has received; the transfer fills it from its own thread (libcurl's on
/// Linux, URLSession's delegate queue elsewhere).
final class DownloadState: Sendable {
    enum Outcome: Sendable {
        case finished(ResponseHead, Data)
        case failed(URLError, ResponseHead?, received: Int)

        /// The response's headers, when they arrived.
        var response: ResponseHead? {
            switch self {
            case .finished(let response, _): return response
            case .failed(_, let response, _): return response
            }
        }
    }

    private struct Storage: ~Copyable {
        var response: ResponseHead?
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
        /// Stops the transfer (URLSession's task); taken once, by the first cancel.
        var stop: (@Sendable () -> Void)?
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

    /// Notes a redirect to follow: the transfer does not follow it, and the request ends with
    /// the redirect's answer.
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

    /// True once the download has been cancelled: a transfer that checks it stops reading.
    var isCancelled: Bool { storage.withLock { $0.cancelled } }

    /// Gives the download the way to stop its transfer; a download already cancelled stops it
    /// at once.
    func attach(stop: @escaping @Sendable () -> Void) {
        let now = storage.withLock { storage -> Bool in
            if storage.cancelled { return true }
            storage.stop = stop
            return false
        }
        if now { Thread { stop() }.start() }
    }

    /// Cancels the download once, stopping its transfer on a thread of its own.
    ///
    /// On Linux a transfer checks ``isCancelled`` as bytes arrive and at least once a second.
    /// Elsewhere `URLSessionTask.cancel()` may wait for URLSession's network thread, which may
    /// be waiting for the delegate queue to make room (``FlowControlQueue``); called from the
    /// delegate queue, or from a thread of the shared pools the delegate queue also needs, it
    /// could wait forever, so it runs on a thread of its own.
    ///
    /// The request ends here, without waiting for the transfer: libcurl may go on reading and
    /// inflating until its current read loop ends (seconds for a gzip bomb), and the person
    /// should not wait for that. What still arrives for the transfer is dropped.
    func cancel() {
        let (first, stop) = storage.withLock { storage in
            defer {
                storage.cancelled = true
                storage.stop = nil
            }
            return (!storage.cancelled, storage.stop)
        }
        guard first else { return }
        if let stop { Thread { stop() }.start() }
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
    func received(response: ResponseHead) -> Bool {
        tickets.answered()
        return storage.withLock { storage in
            storage.lastActivity = DispatchTime.now()
            storage.response = response
            let expected = response.expectedContentLength
            // Without compression the announced length is the body's; with it, the body is
            // counted as it arrives.
            let encoded = response.headers["content-encoding"].map { !$0.isEmpty } ?? false
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
    func received(data: UnsafeRawBufferPointer) -> Bool {
        // The bytes are copied under the lock, before this call returns; their address crosses
        // into the lock's closure as a number, which the checker lets pass.
        let address = UInt(bitPattern: data.baseAddress)
        let length = data.count
        let outcome = storage.withLock { storage -> (Int, Int64?)? in
            storage.lastActivity = DispatchTime.now()
            // Past the limit, or past what memory can hold: either way the download stops here.
            guard storage.body.count + length <= limit else {
                storage.limitPassed = true
                return nil
            }
            let bytes = UnsafeRawBufferPointer(start: UnsafeRawPointer(bitPattern: address), count: length)
            guard storage.body.append(bytes, growingUpTo: limit) else {
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
