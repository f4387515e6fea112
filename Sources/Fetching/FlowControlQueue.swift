import Foundation

/// The queue URLSession delivers its delegate calls on, with flow control: the network thread
/// that hands over a call waits while `capacity` calls are already waiting.
///
/// On Linux, URLSession (over libcurl) reads the socket and decompresses as fast as it can and
/// queues every chunk (up to 16 KB) for the delegate without waiting; the queue runs slower
/// than a loopback connection or a gzip decoder, so the chunks pile up in memory — a 3 MB gzip
/// bomb became gigabytes of queued chunks before the delegate could count its bytes and stop it.
/// Making the network thread wait here stops libcurl reading (TCP then holds the server back)
/// and decompressing, so what the delegate has not yet seen stays under `capacity` chunks.
///
/// The delegate calls never wait for the network thread (URLSession's cancel and completion
/// handlers only schedule work on it), so the wait cannot deadlock.
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
