import BrowseSupport
import ListKit
import Testing

@testable import DatabaseDatasets

@Suite @MainActor struct SQLiteScreenTests {
    /// 600 rows whose `v` has ties and NULLs: every page order has to break ties by key.
    func tickFixture() throws -> SQLiteFixture {
        try SQLiteFixture([
            "CREATE TABLE t(id INTEGER PRIMARY KEY, v INTEGER, name TEXT)",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 600)
            INSERT INTO t SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE i % 13 END, 'row ' || i FROM n
            """,
        ])
    }

    func loaded(_ connection: any DatabaseConnection, _ source: DatabaseSource) async -> DatabaseScreen {
        await ScreenExpectations.loaded(connection, source)
    }

    func ids(_ rows: [[NamedCell]]) -> [String] { ScreenExpectations.ids(rows) }

    @Test func catalogListsTablesAndViewsWithExactCountsAndKinds() throws {
        let fixture = try SQLiteFixture([
            "CREATE TABLE shop(id INTEGER PRIMARY KEY, price NUMERIC(10,2), day DATE, at TIMESTAMP, ok BOOLEAN, note)",
            "INSERT INTO shop(price) VALUES (1), (2), (3)",
            "CREATE TABLE plain(a TEXT, b REAL)",
            "CREATE VIEW v AS SELECT id FROM shop",
        ])
        let connection = try fixture.open()
        let relations = try connection.relations(stop: .never)
        #expect(relations.map(\.name) == ["plain", "shop", "v"])
        #expect(relations.map(\.rowCount) == [0, 3, 3])
        #expect(relations.map(\.isView) == [false, false, true])
        let shop = try #require(relations.first { $0.name == "shop" })
        let columns = try connection.columns(of: shop, stop: .never)
        #expect(columns.map(\.kind) == [.integer, .decimal, .date, .timestamp, .boolean, .text])
        #expect(columns.map(\.keyPosition) == [0, nil, nil, nil, nil, nil])
        #expect(connection.hiddenKey(of: relations[0]) == "rowid")
        #expect(connection.hiddenKey(of: relations[2]) == nil)
    }

    @Test func pagesForwardBackwardAndFromTheEndAcrossTiesAndNulls() async throws {
        let fixture = try tickFixture()
        let connection = try fixture.open()
        // What the order must be, sorted in Swift: v descending, missing last, ties by id.
        let expected = ScreenExpectations.idsByValueDescending
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        try screen.applySort(SortOrder(column: "v", descending: true))
        #expect(screen.count == 600)
        var forward: [String] = []
        for start in stride(from: 0, to: 600, by: 25) { forward += ids(screen.rows(in: start..<(start + 25))) }
        #expect(forward == expected)
        // G: the last page first, read backwards by key, then paging back to the start.
        let fresh = await loaded(connection, .relation(relation))
        try fresh.applySort(SortOrder(column: "v", descending: true))
        var backward: [String] = []
        for end in stride(from: 600, to: 0, by: -25) { backward = ids(fresh.rows(in: (end - 25)..<end)) + backward }
        #expect(backward == expected)
        #expect(fresh.dataProblem == nil)
        // A jump into the middle gives the same rows.
        #expect(ids(fresh.rows(in: 300..<310)) == Array(expected[300..<310]))
    }

    @Test func filterKeepsTheRowsTheLocalFilterKeeps() async throws {
        let names = [
            "Ｔａｉｗａｎ 台積電", "taiwan", "TAIWAN cement", "Straße", "STRASSE", "Éclair", "éclair", "ΣΊΣΥΦΟΣ", nil, "x",
        ]
        let fixture = try SQLiteFixture(
            ["CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, n INT)"]
                + names.map { _ in "INSERT INTO t(name, n) VALUES (?1, 7)" },
            parameters: [[]] + names.map { [$0] })
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        let all = screen.rows(in: 0..<screen.count)
        let local = GenericListController(
            title: "local", items: all.enumerated().map { LocalRow(id: $0.offset, cells: $0.element) },
            columns: screen.columns
        ) { (row: inout ColumnsRow, item: LocalRow) in
            row = ColumnsRow(cells: item.cells)
        } select: { _ in
            .none
        }
        for query in ["taiwan", "ＴＡＩＷＡＮ", "台積", "éclair", "ÉCLAIR", "straße", "σίσυφος", "7", "an 台", "wan c"] {
            try screen.applyFilter(query)
            try local.applyFilter(query)
            #expect(ids(screen.rows(in: 0..<screen.count)) == ids(local.rows(in: 0..<local.count)), "filter \(query)")
        }
    }

    @Test func whereSortFreqAndStatsAreAnsweredByTheEngine() async throws {
        let fixture = try tickFixture()
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        let v = try screen.column(named: "v")
        try screen.applyWhere(
            .comparison(WhereComparison(column: v, comparison: .greater, value: .integer(10), text: "10")))
        // v is 11 or 12 for 2 of each 13 values of i, less the multiples of 7.
        let expected = (1...600).filter { $0 % 7 != 0 && $0 % 13 > 10 }.count
        #expect(screen.count == expected)
        let frequencies = try #require(try screen.frequencies(of: v, stop: .never))
        #expect(frequencies.map(\.text).sorted() == ["11", "12"])
        #expect(frequencies.reduce(0) { $0 + $1.count } == expected)
        // Known by their ranks, as the freq screen lists them.
        #expect(frequencies.map(\.id) == Array(frequencies.indices))
        try screen.applyWhere(nil)
        let statistics = try #require(try screen.statistics(stop: .never))
        let vStats = try #require(statistics.first { $0.column.name == "v" })
        #expect(vStats.missing == 85)
        #expect(vStats.distinct == 13)
        #expect(vStats.minimum?.text == "0")
        #expect(vStats.maximum?.text == "12")
    }

    @Test func injectionThroughAColumnNameAndAFilterChangesNothing() async throws {
        let evil = "\"; DROP TABLE x; --"
        let fixture = try SQLiteFixture(
            [
                "CREATE TABLE x(id INTEGER PRIMARY KEY, \(SQLDialect.sqlite.quoted(evil)) TEXT)",
                "INSERT INTO x VALUES (1, ?1), (2, 'plain')",
            ], parameters: [[], ["'; DROP TABLE x; --"]])
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        try screen.applyFilter("'; DROP TABLE x; --")
        #expect(ids(screen.rows(in: 0..<screen.count)) == ["1"])
        try screen.applySort(SortOrder(column: evil, descending: true))
        #expect(screen.count == 1)
        #expect(try connection.relations(stop: .never).map(\.rowCount) == [2])
    }

    @Test func zeroBytesAndControlBytesComeWhole() async throws {
        let fixture = try SQLiteFixture(
            [
                "CREATE TABLE t(id INTEGER PRIMARY KEY, s TEXT)",
                "INSERT INTO t(s) VALUES (?1)",
            ], parameters: [[], ["a\0b\u{1B}[31mc\td"]])
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        #expect(screen.rows(in: 0..<1).first?.last?.cell.text == "a\0b\u{1B}[31mc\td")
        try screen.applyFilter("b\u{1B}")
        #expect(screen.count == 1)
    }

    @Test func aTableOf1600ColumnsFiltersAndSummarises() async throws {
        let names = (1...1_600).map { "c\($0)" }
        let fixture = try SQLiteFixture([
            "CREATE TABLE wide(\(names.map { "\($0) TEXT" }.joined(separator: ", ")))",
            "INSERT INTO wide(c1, c1600) VALUES ('first', 'needle'), ('second', NULL)",
        ])
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = await loaded(connection, .relation(relation))
        #expect(screen.columns.count == 1_600)
        try screen.applyFilter("needle")
        #expect(screen.count == 1)
        try screen.applyFilter("")
        let statistics = try #require(try screen.statistics(stop: .never))
        #expect(statistics.count == 1_600)
        #expect(statistics.last?.missing == 1)
    }

    @Test func aRaisedStopFlagEndsASlowQueryOnTheEngine() async throws {
        let fixture = try SQLiteFixture(["CREATE TABLE t(a)"])
        let connection = try fixture.open(timeout: nil)
        let stop = StopFlag()
        let endless = SQLStatement(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        let running = Task.detached { () -> DatabaseError? in
            do {
                try connection.run(endless, stop: stop) { _ in }
                return nil
            } catch {
                return error as? DatabaseError
            }
        }
        // Raised while the engine counts for ever: only the engine stopping ends the task.
        stop.raise()
        let error = await running.value
        #expect(error?.code == .interrupted)
    }

    @Test func aStatementTimeoutStopsTheStatementAndSaysSo() throws {
        let fixture = try SQLiteFixture(["CREATE TABLE t(a)"])
        let connection = try fixture.open(timeout: .seconds(1))
        let endless = SQLStatement(
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n) SELECT count(*) FROM n")
        let error = #expect(throws: DatabaseError.self) { try connection.run(endless, stop: .never) { _ in } }
        #expect(error?.code == .timedOut(seconds: 1))
        #expect(error?.description.contains("--statement-timeout") == true)
    }

    @Test func aMissingLibraryIsOneLineSayingWhatToInstall() {
        let error = #expect(throws: DatabaseError.self) {
            _ = try SQLiteLibrary(names: ["libsqlite3-not-here.so"], opening: "shop.sqlite")
        }
        #expect(
            error?.description
                == "cannot open shop.sqlite: the library libsqlite3 is not installed (apt-get install libsqlite3-0)")
    }

    @Test func aBadQueryNamesThePosition() throws {
        let fixture = try SQLiteFixture(["CREATE TABLE t(a)"])
        let connection = try fixture.open()
        let error = #expect(throws: DatabaseError.self) {
            try connection.run(SQLStatement("SELECT a FROM t WHERE nope = 1"), stop: .never) { _ in }
        }
        #expect(error?.description.hasPrefix("no such column: nope") == true)
    }
}

/// A row of cells, for a local controller that filters what the database gave.
struct LocalRow: Identifiable, Sendable {
    let id: Int
    let cells: [NamedCell]
}
