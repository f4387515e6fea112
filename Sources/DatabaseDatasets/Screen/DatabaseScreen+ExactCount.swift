import BrowseSupport
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
        let stop = exactCountStop.renewed()
        let counted = await withTaskCancellationHandler {
            await Task.detached { () -> Int? in
                do throws(DatabaseError) {
                    guard let companion = try connection.companion() else { return nil }
                    defer { companion.close() }
                    return try Self.count(statement, in: companion, stop: stop)
                } catch {
                    return nil
                }
            }.value
        } onCancel: {
            // Ctrl-C at the prompt, `r`, or a new load: the count stops on the server.
            stop.raise()
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

/// The stop flag of the screen's exact count: a new one for each count, the last one raised
/// from the main actor or the screen's deinit.
final class ExactCountStop: Sendable {
    private let current = Mutex(StopFlag())

    /// A fresh flag for a new count, the old one raised.
    func renewed() -> StopFlag {
        current.withLock { flag in
            flag.raise()
            flag = StopFlag()
            return flag
        }
    }

    /// Stops the count running now, if any.
    func raise() { current.withLock { $0.raise() } }
}
