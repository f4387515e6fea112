import BrowseSupport
import ListKit
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// The database screen over a table sharded with postgres_fdw and over the same rows on one
/// server: every question a person asks the screen (pages, `/filter`, `where`, `sort`, `freq`,
/// `stats`, `chart`, export) is answered alike.
///
/// The sharded table can have no key (a foreign partition holds no index), so it pages by
/// skipping rows: pages are held equal in an order that leaves no ties (by `id`), and in one
/// with ties (by `price`) the order's values are held equal.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
@MainActor struct PostgresShardedScreenTests {
    /// The screen over `ticks` in the database at `url`, loaded as the program loads it.
    func opened(_ url: String) async throws -> DatabaseScreen {
        let connection = try PostgresConnection(url)
        let relation = try #require(try connection.relations(stop: .never).first { $0.name == "ticks" })
        return await ScreenExpectations.loaded(connection, .relation(relation))
    }

    /// Every row of the screen as its cells show, read a page of 25 at a time from the first
    /// page to the last.
    func pages(_ screen: DatabaseScreen) -> [[String]] {
        var rows: [[String]] = []
        for start in stride(from: 0, to: screen.count, by: 25) {
            rows += screen.rows(in: start..<(start + 25)).map { $0.map(\.cell.text) }
        }
        return rows
    }

    /// The text of column `name` in each of `rows`.
    func values(_ name: String, _ rows: [[String]], of screen: DatabaseScreen) -> [String] {
        guard let index = screen.columns.firstIndex(where: { $0.name == name }) else { return [] }
        return rows.map { $0[index] }
    }

    /// Expects `sharded` to be `single`, saying where they first differ rather than printing
    /// thousands of rows.
    func expectSame<Element: Equatable>(
        _ sharded: [Element], _ single: [Element], _ what: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard sharded != single else { return }
        let index =
            zip(sharded, single).enumerated().first { $0.element.0 != $0.element.1 }?.offset
            ?? min(sharded.count, single.count)
        let shardedItem = index < sharded.count ? "\(sharded[index])" : "nothing"
        let singleItem = index < single.count ? "\(single[index])" : "nothing"
        let counts = "\(sharded.count) and \(single.count) items"
        Issue.record(
            "\(what): item \(index) is \(shardedItem) sharded, \(singleItem) on one server (\(counts))",
            sourceLocation: sourceLocation)
    }

    /// The bytes of an export of every column in `format`, and the rows it said it wrote.
    func exported(_ screen: DatabaseScreen, _ format: ExportFormat) throws -> (text: String, rows: Int) {
        var bytes: [UInt8] = []
        var rows = 0
        let taken = try screen.exportRows(format: format, columns: screen.columns.map(\.name)) { block, count in
            bytes += block
            rows += count
        }
        #expect(taken, "the export of \(format) is the engine's")
        return (String(decoding: bytes, as: UTF8.self), rows)
    }

    /// Holds every question asked of the screens' views as they are now answered alike.
    func expectSameAnswers(_ sharded: DatabaseScreen, _ single: DatabaseScreen, _ view: String) throws {
        #expect(sharded.count == single.count, "\(view): count")
        #expect(sharded.count > 0, "\(view): count")
        let order = SortOrder(column: "id", descending: false)
        try sharded.applySort(order)
        try single.applySort(order)
        let rows = pages(single)
        expectSame(pages(sharded), rows, "\(view): the pages by id")
        #expect(rows.count == single.count, "\(view): the pages by id")
        for name in ["market", "name", "price", "day"] {
            let column = try single.column(named: name)
            let frequencies = try single.frequencies(of: column, stop: .never)
            #expect(try sharded.frequencies(of: column, stop: .never) == frequencies, "\(view): freq \(name)")
            #expect(frequencies?.isEmpty == false, "\(view): freq \(name)")
        }
        let statistics = try single.statistics(stop: .never)
        #expect(try sharded.statistics(stop: .never) == statistics, "\(view): stats")
        #expect(statistics?.count == single.columns.count, "\(view): stats")
        let price = try single.column(named: "price")
        let id = try single.column(named: "id")
        for request in [ChartRequest(y: price), ChartRequest(y: price, x: id)] {
            let one = try #require(try single.chartPoints(for: request, columns: { _ in 60 }, stop: .never))
            let spread = try #require(try sharded.chartPoints(for: request, columns: { _ in 60 }, stop: .never))
            let what = "\(view): chart \(request.y.name) \(request.x?.name ?? "by row")"
            #expect(spread.xs == one.xs, "\(what): xs")
            #expect(spread.ys == one.ys, "\(what): ys")
            #expect(spread.summary == one.summary, "\(what): summary")
            #expect(spread.yScale == one.yScale, "\(what): scale")
            #expect(!one.xs.isEmpty, "\(what): xs")
        }
        for format in ExportFormat.allCases {
            let one = try exported(single, format)
            let spread = try exported(sharded, format)
            #expect(spread.text == one.text, "\(view): export \(format)")
            #expect(spread.rows == one.rows && one.rows == rows.count, "\(view): export \(format)")
        }
    }

    @Test func everyQuestionOnTheShardedTableIsAnsweredAsOnOneServer() async throws {
        try await ShardedPair.with(
            table: "ticks", columns: PostgresShardedTests.columns, shardKey: "id", csv: PostgresShardedTests.csv
        ) { pair in
            let sharded = try await opened(pair.shardedURL)
            let single = try await opened(pair.singleURL)
            #expect(sharded.dataProblem == nil && single.dataProblem == nil)
            #expect(sharded.columns == single.columns)
            #expect(sharded.count == 3000)
            #expect(single.count == 3000)
            // Neither table has an order of its own: the first page holds rows of the table, and
            // reading on to the last page gives every row once.
            let all = pages(single)
            let first = sharded.rows(in: 0..<25).map { $0.map(\.cell.text) }
            #expect(first.count == 25)
            #expect(Set(first).isSubset(of: Set(all)))
            let everyRow = pages(sharded)
            #expect(everyRow.count == 3000)
            let inOrder = { (rows: [[String]]) in rows.sorted { $0.lexicographicallyPrecedes($1) } }
            expectSame(inOrder(everyRow), inOrder(all), "every row, unsorted")

            try expectSameAnswers(sharded, single, "the whole table")

            // Sorted by a column with ties and missing values, to the last page: the same values
            // in the same order on both.
            let byPrice = SortOrder(column: "price", descending: true)
            try sharded.applySort(byPrice)
            try single.applySort(byPrice)
            let shardedByPrice = pages(sharded)
            let singleByPrice = pages(single)
            expectSame(
                values("price", shardedByPrice, of: sharded), values("price", singleByPrice, of: single), "sort price")
            #expect(values("price", singleByPrice, of: single).last == "")
            // Every row once, in one order: without a key, ties are broken by every column, so
            // the pages read by skipping rows agree from one statement to the next.
            #expect(Set(values("id", singleByPrice, of: single)).count == 3000, "every row once on one server")
            #expect(Set(values("id", shardedByPrice, of: sharded)).count == 3000, "every row once, sharded")
            expectSame(values("id", shardedByPrice, of: sharded), values("id", singleByPrice, of: single), "ties")
            // The last page read first, as G reads it.
            let fresh = try await opened(pair.shardedURL)
            try fresh.applySort(byPrice)
            let last = fresh.rows(in: 2975..<3000).map { $0.map(\.cell.text) }
            expectSame(
                values("price", last, of: fresh), Array(values("price", singleByPrice, of: single)[2975...]),
                "last page")

            for text in ["quoted", "台積", "上櫃", "2024-03"] {
                try sharded.applyFilter(text)
                try single.applyFilter(text)
                try expectSameAnswers(sharded, single, "/filter \(text)")
            }
            try sharded.applyFilter("")
            try single.applyFilter("")

            let name = try single.column(named: "name")
            let market = try single.column(named: "market")
            let price = try single.column(named: "price")
            let expensive = WhereExpression.comparison(
                WhereComparison(
                    column: price, comparison: .greater, value: .decimal(ExactDecimal(units: 800, scale: 0)),
                    text: "800"))
            let quotedOrOTC = WhereExpression.or(
                .comparison(
                    WhereComparison(column: name, comparison: .contains, value: .text("quoted"), text: "quoted")),
                .comparison(WhereComparison(column: market, comparison: .equal, value: .text("上櫃"), text: "上櫃")))
            let conditions: [WhereExpression] = [
                .and(expensive, quotedOrOTC), .not(expensive),
                .comparison(WhereComparison(column: price, comparison: .isMissing, value: .missing, text: "")),
            ]
            for condition in conditions {
                try sharded.applyWhere(condition)
                try single.applyWhere(condition)
                try expectSameAnswers(sharded, single, "where \(condition)")
            }
            #expect(sharded.dataProblem == nil && single.dataProblem == nil)
        }
    }
}
