import Dispatch
import Synchronization

/// The deadline of a program: a dispatch timer, not a task, so that it fires even when every
/// thread that runs tasks is busy.
struct DispatchDeadlineTimer: DeadlineTimer {
    /// What the timer will call; cancelling lets it go at once, with the download it holds.
    private final class Pending: Sendable {
        let expire: Mutex<(@Sendable () -> Void)?>

        init(_ expire: @escaping @Sendable () -> Void) {
            self.expire = Mutex(expire)
        }

        /// The call, taken so that it runs at most once.
        func take() -> (@Sendable () -> Void)? {
            expire.withLock { expire in
                defer { expire = nil }
                return expire
            }
        }
    }

    func start(seconds: Int, _ expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let pending = Pending(expire)
        DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(seconds)) { pending.take()?() }
        return { _ = pending.take() }
    }
}
