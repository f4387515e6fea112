import ListKit
import Testing

/// Ctrl-C during `sort COL` cancels the task the sort runs in: the sort stops and the list
/// keeps the order it had; a sort that rebuilds the view for another reason never stops.
@Suite @MainActor struct SortInterruptionTests {
    /// Runs `body` in a task that is already cancelled, as after Ctrl-C.
    func inCancelledTask<Value: Sendable>(_ body: @escaping @MainActor () -> Value) async -> Value {
        await Task { @MainActor in
            withUnsafeCurrentTask { $0?.cancel() }
            return body()
        }.value
    }

    @Test func aCancelledSortKeepsTheOrderItHad() async throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "code"))
        let before = list.column("code")
        let outcome = await inCancelledTask {
            do {
                try list.applySort(SortOrder(column: "close", descending: true))
                return "sorted"
            } catch {
                return String(describing: error)
            }
        }
        #expect(outcome == ListError.interrupted.description)
        #expect(list.sortOrder == SortOrder(column: "code"))
        #expect(list.column("code") == before)
    }

    @Test func aFilterInACancelledTaskStillSorts() async throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "close"))
        let codes = await inCancelledTask {
            list.applyFilter("台")
            return list.column("code")
        }
        #expect(codes == ["0050", "2330"], "filtered, and still sorted by close")
    }
}
