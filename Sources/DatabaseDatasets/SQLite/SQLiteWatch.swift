import BrowseSupport
import Synchronization

/// What SQLite's progress handler looks at while a statement runs: the person's Ctrl-C and the
/// session's statement timeout. Read from SQLite's thread through an unretained pointer that
/// lives as long as the statement.
final class SQLiteWatch: Sendable {
    let stop: StopFlag
    private let deadline: Mutex<ContinuousClock.Instant?>

    init(stop: StopFlag, timeout: Duration?) {
        self.stop = stop
        self.deadline = Mutex(timeout.map { ContinuousClock.now + $0 })
    }

    /// Moves the deadline `duration` later: the time the reader spent on rows (writing an
    /// export) is not the engine's, and a long export is not a statement that runs too long.
    func postpone(by duration: Duration) {
        deadline.withLock { deadline in deadline = deadline.map { $0 + duration } }
    }

    /// True once the statement should end: asked for, or past its time.
    var shouldStop: Bool { stop.isRaised || isPastDeadline }

    var isPastDeadline: Bool { deadline.withLock { $0 }.map { ContinuousClock.now >= $0 } ?? false }

    /// The callback SQLite calls every few thousand instructions; nonzero interrupts.
    static let callback: SQLiteLibrary.ProgressCallback = { raw in
        guard let raw else { return 0 }
        return Unmanaged<SQLiteWatch>.fromOpaque(raw).takeUnretainedValue().shouldStop ? 1 : 0
    }
}
