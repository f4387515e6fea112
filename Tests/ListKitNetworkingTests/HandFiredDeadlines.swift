import Synchronization

@testable import ListKitNetworking

/// Deadlines that pass when the test says, not when a busy machine's clock does.
final class HandFiredDeadlines: DeadlineTimer {
    private let pending = Mutex<[Int: @Sendable () -> Void]>([:])
    private let started = Mutex<[Int]>([])

    func start(seconds: Int, _ expire: @escaping @Sendable () -> Void) -> @Sendable () -> Void {
        let number = started.withLock { started in
            started.append(seconds)
            return started.count
        }
        pending.withLock { $0[number] = expire }
        return { [self] in _ = pending.withLock { $0.removeValue(forKey: number) } }
    }

    /// The seconds of every deadline started so far, in order.
    var startedSeconds: [Int] { started.withLock { $0 } }

    /// Passes every deadline that is still running.
    func passAll() {
        let due = pending.withLock { pending in
            defer { pending = [:] }
            return Array(pending.values)
        }
        for expire in due { expire() }
    }
}
