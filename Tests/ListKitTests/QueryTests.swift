import BrowseSupport
import ListKit
import Testing

@MainActor
@Suite struct QueryTests {
    @Test func filterIsCaseInsensitiveAndTheCountFollowsIt() throws {
        let list = makeStocks(sampleStocks)
        try list.applyFilter("台")
        #expect(list.count == 2)
        #expect(list.totalCount == 5)
        #expect(list.column("code") == ["2330", "0050"])
        try list.applyFilter("")
        #expect(list.count == 5)
    }

    @Test func fullWidthAndHalfWidthFormsFindEachOther() throws {
        let list = makeStocks(sampleStocks)
        try list.applyFilter("a")
        #expect(list.column("code") == ["00643K"], "half-width a finds full-width Ａ")
        try list.applyFilter("ＫＹ")
        #expect(list.count == 0)
        try list.applyFilter("００５０")
        #expect(list.column("code") == ["0050"], "full-width digits find half-width ones")
    }

    @Test func narrowingAFilterGivesTheSameRowsAsFilteringAfresh() throws {
        let list = makeStocks(sampleStocks)
        try list.applyFilter("2")
        try list.applyFilter("23")
        let narrowed = list.column("code")
        try list.applyFilter("")
        try list.applyFilter("23")
        #expect(narrowed == list.column("code"))
        #expect(narrowed == ["2330", "2317"])
    }

    @Test func sortsNumbersAsNumbersWithMissingValuesLast() throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "close"))
        #expect(list.column("code") == ["0050", "2317", "2330", "2454", "00643K"])
        try list.applySort(SortOrder(column: "close", descending: true))
        #expect(list.column("code") == ["2454", "2330", "2317", "0050", "00643K"])
        try list.applySort(nil)
        #expect(list.column("code") == ["2330", "2317", "0050", "00643K", "2454"])
    }

    @Test func sortFindsAColumnByAUniquePrefixInAnyCase() throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "CL"))
        #expect(list.sortOrder?.column == "close")
        #expect(throws: ListError.unknownColumn("volume", available: ["code", "name", "close"])) {
            try list.applySort(SortOrder(column: "volume"))
        }
    }

    @Test func aPlugInTellsMistakesApartByTheirCode() throws {
        let list = makeStocks(sampleStocks)
        do {
            try list.applySort(SortOrder(column: "volume"))
            Issue.record("there is no volume column")
        } catch  where error.code == .unknownColumn {
            #expect(error.code != .ambiguousColumn)
            #expect(error.exitCode == .usage)
            #expect(error.description == "no column \"volume\"; columns: code, name, close")
        } catch {
            Issue.record("expected an unknown column, got \(error.code): \(error)")
        }
        #expect(ListError.interrupted.code == .interrupted)
        #expect(ListError.cannotSort("no memory").exitCode == .failure)
    }

    @Test func sortAndFilterCombine() throws {
        let list = makeStocks(sampleStocks)
        try list.applySort(SortOrder(column: "close", descending: true))
        try list.applyFilter("台")
        #expect(list.column("code") == ["2330", "0050"])
        try list.applyFilter("2")
        #expect(list.column("code") == ["2454", "2330", "2317", "0050"], "the close 172.75 holds a 2")
    }

    @Test func selectingOutOfRangeSaysWhichRowsExist() {
        let list = makeStocks(sampleStocks)
        #expect(throws: ListError.rowOutOfRange(row: 6, count: 5)) { try list.select(at: 5) }
        #expect(throws: ListError.rowOutOfRange(row: 0, count: 5)) { try list.select(at: -1) }
    }

    @Test func theSelectedItemKeepsItsPlaceAcrossFilterAndSort() throws {
        let list = makeStocks(sampleStocks)
        _ = try list.select(at: 4)  // 2454
        try list.applySort(SortOrder(column: "close", descending: true))
        #expect(list.position == 0, "2454 has the highest close")
        try list.applyFilter("4")
        #expect(list.item(at: list.position).id == "2454")
        try list.applyFilter("台")
        #expect(list.position == 0, "a filter that drops the item goes back to the top")
    }

    @Test func onlyTheRowsAskedForAreConfigured() {
        var configured = 0
        let items = (0..<10_000).map { Stock(id: String($0), name: "n\($0)", close: nil) }
        let list = GenericListController(title: "many", items: items) { (row: inout BasicRow, stock) in
            configured += 1
            row.text = .text(stock.name)
        } select: { _ in
            .none
        }
        _ = list.columnNames
        configured = 0
        let page = list.rows(in: 100..<120)
        #expect(page.count == 20)
        #expect(configured == 20)
        #expect(page.first?.first?.cell.text == "n100")
    }
}

/// Columns declared with their values make the rows and the detail; a row of `configure` that
/// sets a name no column declares is found.
@Suite @MainActor struct DeclaredColumnTests {
    struct Planet: Identifiable, Sendable {
        let name: String
        let moons: Int
        let discovered: CalendarDate?
        var id: String { name }
    }

    @Test func theRowAndTheDetailComeFromTheColumns() throws {
        let planets = [
            Planet(name: "Neptune", moons: 16, discovered: CalendarDate(year: 1846, month: 9, day: 23)),
            Planet(name: "Earth", moons: 1, discovered: nil),
        ]
        let list = GenericListController(
            title: "planets", items: planets,
            columns: [.text("name", \.name, priority: 9), .integer("moons", \.moons), .date("found", \.discovered)])
        #expect(list.columns.map(\.name) == ["name", "moons", "found"])
        #expect(list.columns.map(\.kind) == [.text, .integer, .date])
        #expect(
            list.rows(in: 0..<2).map { $0.map(\.cell.text) } == [["Neptune", "16", "1846-09-23"], ["Earth", "1", ""]])
        guard case .detail(let detail) = try list.select(at: 0) else {
            Issue.record("choosing a row shows its detail")
            return
        }
        #expect(detail.title == "Neptune")
        #expect(detail.fields == [.init("name", "Neptune"), .init("moons", "16"), .init("found", "1846-09-23")])
        try list.applySort(SortOrder(column: "moons"))
        #expect(list.rows(in: 0..<2).map { $0[0].cell.text } == ["Earth", "Neptune"])
    }

    @Test func aRowSettingANameNoColumnDeclaresIsFound() {
        let list = GenericListController(
            title: "typo", items: [Planet(name: "Mars", moons: 2, discovered: nil)], columns: [Column("name")]
        ) { (row: inout ColumnsRow, planet) in
            row["name"] = .text(planet.name)
        } select: { _ in
            .none
        }
        #expect(list.undeclared(in: [NamedCell("nmae", "Mars")]) == "nmae")
        #expect(list.undeclared(in: [NamedCell("name", "Mars")]) == nil)
    }
}
