#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs the pieces of a long job on threads of its own rather than Dispatch's workers.
///
/// Indexing a large file goes on while its first page is shown and the person types. On
/// Linux, Dispatch keeps about one worker per core and adds another only after a worker has
/// been busy for a while, so a job that fills every worker for seconds (as
/// `DispatchQueue.concurrentPerform` does) leaves the screen's own work waiting up to a second
/// for one. The system schedules threads of their own fairly beside it.
package enum WorkerThreads {
    /// Calls `body` with each of `0..<count`, all at once (0 on the calling thread), and
    /// returns when every call has: the threads are joined, so nothing of `body` outlives this.
    package static func run(_ count: Int, _ body: (Int) -> Void) {
        guard count > 1 else {
            if count == 1 { body(0) }
            return
        }
        withoutActuallyEscaping(body) { body in
            var threads: [pthread_t] = []
            for index in 1..<count {
                let piece = Unmanaged.passRetained(Piece(body: body, index: index)).toOpaque()
                if let thread = startThread(piece) {
                    threads.append(thread)
                } else {
                    // No thread to be had: do the piece here.
                    Unmanaged<Piece>.fromOpaque(piece).takeRetainedValue().run()
                }
            }
            body(0)
            for thread in threads { pthread_join(thread, nil) }
        }
    }

    /// One piece of the job, handed to its thread and released there.
    private final class Piece: @unchecked Sendable {
        let body: (Int) -> Void
        let index: Int

        init(body: @escaping (Int) -> Void, index: Int) {
            self.body = body
            self.index = index
        }

        func run() { body(index) }
    }

    /// Starts a thread running the retained piece at `piece`; `nil` when none could be made.
    private static func startThread(_ piece: UnsafeMutableRawPointer) -> pthread_t? {
        #if canImport(Glibc)
            var thread = pthread_t()
            let made = pthread_create(
                &thread, nil,
                { argument in
                    guard let argument else { return nil }
                    Unmanaged<Piece>.fromOpaque(argument).takeRetainedValue().run()
                    return nil
                }, piece)
            return made == 0 ? thread : nil
        #elseif canImport(Darwin)
            var thread: pthread_t?
            let made = pthread_create(
                &thread, nil,
                { argument in
                    Unmanaged<Piece>.fromOpaque(argument).takeRetainedValue().run()
                    return nil
                }, piece)
            return made == 0 ? thread : nil
        #endif
    }
}
