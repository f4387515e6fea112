import Synchronization

/// Says that a long piece of work should stop: raised once (by Ctrl-C, through the task's
/// cancellation), read by every thread the work runs on.
///
/// Work over every row looks at the flag between blocks of rows and, once it is raised,
/// returns at once with anything; its caller then throws the result away. The flag is read
/// without a lock, so a look costs a load.
///
/// ```swift
/// let stop = StopFlag()
/// await withTaskCancellationHandler {
///     kept = rows.filter { row in !stop.isRaised && matches(row) }
/// } onCancel: {
///     stop.raise()
/// }
/// ```
public final class StopFlag: Sendable {
    private let raised = Atomic<Bool>(false)

    /// A flag that is not raised.
    public init() {}

    /// A flag that is never raised, for work nobody can stop.
    public static let never = StopFlag()

    /// True once the work should stop.
    public var isRaised: Bool { raised.load(ordering: .relaxed) }

    /// Asks the work to stop. Raising it again does nothing; it cannot be lowered.
    public func raise() {
        guard self !== Self.never else { return }
        raised.store(true, ordering: .relaxed)
    }
}
