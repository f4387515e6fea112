import Synchronization

/// A count that a download's progress callback sets and the test reads.
final class Counter: Sendable {
    private let count = Mutex<Int64>(0)
    var value: Int64 { count.withLock { $0 } }
    func set(_ value: Int64) { count.withLock { $0 = value } }
}

/// What a test waited for did not happen before its watchdog.
struct NeverHappened: Error, CustomStringConvertible {
    var what: String
    var description: String { "waited 60 s for \(what)" }
}

/// Waits until `condition` holds: an event, with a watchdog generous enough that a busy machine
/// never reaches it.
func eventually(_ what: String, _ condition: () -> Bool) async throws {
    let deadline = ContinuousClock.now + .seconds(60)
    while !condition() {
        guard ContinuousClock.now < deadline else { throw NeverHappened(what: what) }
        try await Task.sleep(for: .milliseconds(10))
    }
}
