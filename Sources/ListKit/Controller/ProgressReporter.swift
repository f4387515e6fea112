import Synchronization

/// How far a load has come. Loaders write it; the front end reads it to draw progress.
public struct LoadProgress: Sendable, Hashable {
    /// Units done so far.
    public var completed: Int64
    /// Units in all, when known.
    public var total: Int64?
    /// What the units count.
    public var unit: Unit
    /// A short note on the current step (`downloading 上櫃`).
    public var step: String?

    /// What the progress counts: items, or bytes (shown as `112.4 MB`).
    public enum Unit: Sendable, Hashable {
        case items
        case bytes
    }

    public init(completed: Int64 = 0, total: Int64? = nil, unit: Unit = .items, step: String? = nil) {
        self.completed = completed
        self.total = total
        self.unit = unit
        self.step = step
    }

    /// The fraction done, when the total is known.
    public var fraction: Double? {
        guard let total, total > 0 else { return nil }
        return min(1, Double(completed) / Double(total))
    }
}

/// A thread-safe box a loader reports progress into; any task may read the latest value.
public final class ProgressReporter: Sendable {
    private let state = Mutex(LoadProgress())
    private let notes = Mutex<[String]>([])
    private let onNote: (@Sendable (String) -> Void)?
    private let onStateChange: (@Sendable () -> Void)?

    public init() {
        onNote = nil
        onStateChange = nil
    }

    /// A reporter that also hands each note to `onNote` as it is recorded, for a front end
    /// that says it while the load goes on (a wait for a host's budget during a refresh).
    package init(onNote: @escaping @Sendable (String) -> Void) {
        self.onNote = onNote
        onStateChange = nil
    }

    /// A reporter that calls `onStateChange` when the loader says the screen's state changed.
    package init(onStateChange: @escaping @Sendable () -> Void) {
        onNote = nil
        self.onStateChange = onStateChange
    }

    /// The latest progress.
    public var current: LoadProgress { state.withLock { $0 } }

    /// Replaces the progress.
    public func report(_ progress: LoadProgress) {
        state.withLock { $0 = progress }
    }

    /// Updates the progress in place.
    public func update(_ change: (inout LoadProgress) -> Void) {
        state.withLock { change(&$0) }
    }

    /// Records something the user should hear about that did not stop the load
    /// (`skipped 2 malformed rows: lines 5, 9`, `the cache folder cannot be written`).
    public func note(_ message: String) {
        notes.withLock { $0.append(message) }
        onNote?(message)
    }

    /// Says that the screen's `state` changed while its load goes on, so that a front end
    /// waiting for the load looks at it again: a database table turns `.receiving` once its
    /// rows can be read and only its exact count is still coming, which a script does not wait
    /// for.
    public func stateChanged() {
        onStateChange?()
    }

    /// The notes recorded so far, emptying the list.
    package func takeNotes() -> [String] {
        notes.withLock { notes in
            defer { notes.removeAll() }
            return notes
        }
    }
}
