import BrowseSupport

/// What SQLite's progress handler looks at while a statement runs: the person's Ctrl-C and the
/// session's statement timeout. Read from SQLite's thread through an unretained pointer that
/// lives as long as the statement.
final class SQLiteWatch: Sendable {
    let stop: StopFlag
    let deadline: ContinuousClock.Instant?

    init(stop: StopFlag, timeout: Duration?) {
        self.stop = stop
        self.deadline = timeout.map { ContinuousClock.now + $0 }
    }

    /// True once the statement should end: asked for, or past its time.
    var shouldStop: Bool { stop.isRaised || isPastDeadline }

    var isPastDeadline: Bool { deadline.map { ContinuousClock.now >= $0 } ?? false }

    /// The callback SQLite calls every few thousand instructions; nonzero interrupts.
    static let callback: SQLiteLibrary.ProgressCallback = { raw in
        guard let raw else { return 0 }
        return Unmanaged<SQLiteWatch>.fromOpaque(raw).takeUnretainedValue().shouldStop ? 1 : 0
    }
}
