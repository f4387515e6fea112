import BrowseSupport
import Foundation
import ListKit
import Synchronization

extension DatabaseScreen {
    /// What the status line says after the planner's estimate while the exact count runs.
    static let countingNote = "counting"

    /// Counts `view`'s rows exactly on a second session and puts the figure in place of the
    /// planner's estimate if the view has not been narrowed meanwhile. Nothing when the engine
    /// gives no second session; a failed or stopped count leaves the estimate.
    ///
    /// The load waits for it with the screen `.receiving`: at a prompt the front end draws the
    /// rows with the estimate at once, and draws them again with the count when the load ends.
    func countExactly(_ view: DatabaseView) async {
        let connection = connection
        let statement = compiler.count(view)
        // The second session, while it counts: SQLite counts a table in one step of its
        // program, which looks at no stop flag, so a stop also interrupts the session.
        let counting = CountingSession()
        let stop = exactCountStop.renewed { counting.cancel() }
        let counted = await withTaskCancellationHandler {
            await Task.detached { () -> Int? in
                do throws(DatabaseError) {
                    guard let companion = try connection.companion() else { return nil }
                    defer {
                        counting.set(nil)
                        companion.close()
                    }
                    counting.set(companion)
                    if stop.isRaised { return nil }
                    return try Self.count(statement, in: companion, stop: stop)
                } catch {
                    return nil
                }
            }.value
        } onCancel: {
            // Ctrl-C at the prompt, `r`, a script going on, or a new load: the count stops on
            // the server.
            exactCountStop.raise(stop)
        }
        guard let counted else { return }
        take(exactCount: counted, of: view)
    }

    /// ``countExactly(_:)`` with no load waiting for it (a filter that failed leaves the
    /// estimate, counted again): the count shows when the screen is next drawn.
    func countExactlyInBackground(_ view: DatabaseView) {
        Task { [weak self] in await self?.countExactly(view) }
    }

    private func take(exactCount counted: Int, of counting: DatabaseView) {
        guard countIsEstimate, let view, view.filter.isEmpty, view.condition == nil,
            view.source == counting.source
        else { return }
        count = counted
        totalCount = counted
        countIsEstimate = false
        totalCountIsEstimate = false
        viewVersion += 1
    }
}

/// The session an exact count runs on, while it runs.
private final class CountingSession: Sendable {
    private let session = Mutex<(any DatabaseConnection)?>(nil)

    func set(_ connection: (any DatabaseConnection)?) { session.withLock { $0 = connection } }

    /// Interrupts the statement the session runs, if any.
    func cancel() { session.withLock { $0?.cancel() } }
}

/// The stop flag of the screen's exact count: a new one for each count, the last one raised
/// from the main actor or the screen's deinit, with what interrupts the count's session.
final class ExactCountStop: Sendable {
    private struct Count: Sendable {
        var flag = StopFlag()
        var interrupt: (@Sendable () -> Void)?
    }

    private let current = Mutex(Count())

    /// A fresh flag for a new count, the old one raised; `interrupt` stops the new count's
    /// statement (it is called on a thread of its own: a cancel request can wait on the network).
    func renewed(interrupt: @escaping @Sendable () -> Void) -> StopFlag {
        current.withLock { count in
            Self.stop(count)
            count = Count(flag: StopFlag(), interrupt: interrupt)
            return count.flag
        }
    }

    /// Stops the count running now, if any.
    func raise() { current.withLock { Self.stop($0) } }

    /// Stops the count of `flag`, if it is the one running now; else raises `flag` alone.
    func raise(_ flag: StopFlag) {
        current.withLock { count in
            if count.flag === flag { Self.stop(count) } else { flag.raise() }
        }
    }

    private static func stop(_ count: Count) {
        count.flag.raise()
        if let interrupt = count.interrupt { Thread.detachNewThread { interrupt() } }
    }
}
