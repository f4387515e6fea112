import BrowseSupport
import ListKit
import Testing

/// Ctrl-C during `sort COL`, `/TEXT` or `where` raises the stop flag the work looks at: it stops
/// and the list keeps the view it had; a view made again for another reason (a load) never stops.
@Suite @MainActor struct SortInterruptionTests {
    /// A flag raised before the work starts, as after Ctrl-C.
    func raised() -> StopFlag {
        let stop = StopFlag()
        stop.raise()
        return stop
    }

    @Test func aStoppedSortKeepsTheOrderItHad() throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "code"))
        let before = list.column("code")
        #expect(throws: ListError.interrupted) {
            try list.applySort(SortOrder(column: "close", descending: true), stop: raised())
        }
        #expect(list.sortOrder == SortOrder(column: "code"))
        #expect(list.column("code") == before)
    }

    @Test func aStoppedFilterOrWhereKeepsTheViewItHad() throws {
        let list = makeStocks(sampleStocks)
        try list.applyFilter("台")
        let before = list.column("code")
        #expect(throws: ListError.interrupted) { try list.applyFilter("0", stop: raised()) }
        #expect(list.filterText == "台")
        let expression = try WhereParser.parse("close > 100", columns: list.columns)
        #expect(throws: ListError.interrupted) { try list.applyWhere(expression, stop: raised()) }
        #expect(list.whereExpression == nil)
        #expect(list.column("code") == before)
    }

    @Test func aFilterKeepsTheSort() throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "close"))
        try list.applyFilter("台")
        #expect(list.column("code") == ["0050", "2330"], "filtered, and still sorted by close")
    }
}
