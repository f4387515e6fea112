import BrowseSupport
import Synchronization

/// What SQLite's progress handler looks at while a statement runs: the person's Ctrl-C and the
/// session's statement timeout. Read from SQLite's thread through an unretained pointer that
/// lives as long as the statement.
final class SQLiteWatch: Sendable {
    let stop: StopFlag
    private let start = ContinuousClock.now
    /// The statement timeout in nanoseconds; 0 for none.
    private let limit: Int64
    /// Nanoseconds the reader spent on rows, which are not the engine's: an atomic rather than
    /// a lock, as it changes at every row of an export.
    private let readerTime = Atomic<Int64>(0)

    init(stop: StopFlag, timeout: Duration?) {
        self.stop = stop
        self.limit = timeout.map { Self.nanoseconds($0) } ?? 0
    }

    /// Moves the deadline `duration` later: the time the reader spent on rows (writing an
    /// export) is not the engine's, and a long export is not a statement that runs too long.
    func postpone(by duration: Duration) {
        readerTime.add(Self.nanoseconds(duration), ordering: .relaxed)
    }

    /// True once the statement should end: asked for, or past its time.
    var shouldStop: Bool { stop.isRaised || isPastDeadline }

    var isPastDeadline: Bool {
        guard limit > 0 else { return false }
        return Self.nanoseconds(ContinuousClock.now - start) - readerTime.load(ordering: .relaxed) >= limit
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }

    /// The callback SQLite calls every few thousand instructions; nonzero interrupts.
    static let callback: SQLiteLibrary.ProgressCallback = { raw in
        guard let raw else { return 0 }
        return Unmanaged<SQLiteWatch>.fromOpaque(raw).takeUnretainedValue().shouldStop ? 1 : 0
    }
}
