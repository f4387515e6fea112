import Foundation

/// The queue URLSession delivers its delegate calls on, with flow control: the network thread
/// that hands over a call waits while `capacity` calls are already waiting.
///
/// On Linux, URLSession (over libcurl) reads the socket and decompresses as fast as it can and
/// queues every chunk (up to 16 KB) for the delegate without waiting. Whenever the delegate
/// falls behind, the chunks pile up in memory before anyone can count them: with the delegate
/// held up for a moment, a 3 MB gzip bomb queued 3.4 GB although the limit was 50 MiB. Making
/// the network thread wait here stops libcurl reading (TCP then holds the server back) and
/// inflating, so the bytes the delegate has not yet seen stay under `capacity` chunks however
/// slow the delegate is.
///
/// The delegate calls never wait for the network thread (URLSession's completion handlers only
/// schedule work on it, and cancels run on a thread of their own), so the wait cannot deadlock.
final class FlowControlQueue: OperationQueue, @unchecked Sendable {
    private let slots: DispatchSemaphore

    /// - Parameter capacity: Calls that may wait to run: 64 chunks of at most 16 KB, about 1 MB.
    init(capacity: Int = 64) {
        slots = DispatchSemaphore(value: capacity)
        super.init()
        maxConcurrentOperationCount = 1
        name = "browse.http.delegate"
    }

    override func addOperation(_ block: @escaping @Sendable () -> Void) {
        // A call made from a delegate call must not wait for itself.
        if OperationQueue.current !== self { slots.wait() }
        let slots = self.slots
        super.addOperation {
            block()
            slots.signal()
        }
    }
}
