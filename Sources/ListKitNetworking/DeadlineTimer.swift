/// Starts the whole-download deadline of ``HTTPClient``.
///
/// A program uses ``DispatchDeadlineTimer``; a test passes one it fires by hand, so that what
/// it asserts never depends on how fast a busy machine runs.
///
/// An implementer calls `expire` at most once, on a thread that does not run Swift tasks (the
/// deadline must fire even while every such thread is busy), and not at all once the returned
/// cancel has run.
protocol DeadlineTimer: Sendable {
    /// Calls `expire` once `seconds` have passed, unless the returned closure, which cancels
    /// the deadline, is called first.
    func start(seconds: Int, _ expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void
}
