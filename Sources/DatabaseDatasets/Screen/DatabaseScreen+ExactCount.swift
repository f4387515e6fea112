import BrowseSupport
import ListKit
import Synchronization

extension DatabaseScreen {
    /// Counts `view`'s rows exactly on a second session, in the background, and puts the
    /// figure in place of the planner's estimate if the view has not been narrowed meanwhile.
    /// Nothing when the engine gives no second session; a failed count leaves the estimate.
    func countExactly(_ view: DatabaseView) {
        let connection = connection
        let statement = compiler.count(view)
        let stop = exactCountStop.renewed()
        Task.detached { [weak self] in
            let counted: Int?
            do throws(DatabaseError) {
                guard let companion = try connection.companion() else { return }
                defer { companion.close() }
                counted = try Self.count(statement, in: companion, stop: stop)
            } catch {
                counted = nil
            }
            guard let counted else { return }
            await self?.take(exactCount: counted, of: view)
        }
    }

    private func take(exactCount counted: Int, of counting: DatabaseView) {
        guard countIsEstimate, let view, view.filter.isEmpty, view.condition == nil,
            view.source == counting.source
        else { return }
        count = counted
        totalCount = counted
        countIsEstimate = false
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
