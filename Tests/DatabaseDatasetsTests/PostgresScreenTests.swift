import BrowseSupport
import ListKit
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// The database screen over a PostgreSQL table: every question compiled for PostgreSQL and
/// answered by the server as the local list answers it.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
@MainActor struct PostgresScreenTests {
    func loaded(_ connection: any DatabaseConnection, _ source: DatabaseSource) async -> DatabaseScreen {
        await ScreenExpectations.loaded(connection, source)
    }

    func ids(_ rows: [[NamedCell]]) -> [String] { ScreenExpectations.ids(rows) }

    func relation(_ connection: PostgresConnection, _ name: String) throws -> DatabaseRelation {
        try #require(try connection.relations(stop: .never).first { $0.name == name })
    }

    @Test func filterKeepsTheRowsTheLocalFilterKeeps() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE t (id int PRIMARY KEY, name text, n int, ok boolean, price numeric);
                INSERT INTO t VALUES
                  (1, 'Ｔａｉｗａｎ　台積電', 7, true, 1.5), (2, 'taiwan', 7, false, 'NaN'),
                  (3, 'TAIWAN cement', 7, NULL, NULL), (4, 'Straße', 7, true, 2), (5, 'STRASSE', 7, false, 3),
                  (6, 'Éclair', 7, true, 4), (7, 'éclair', 7, true, 5), (8, 'ΣΊΣΥΦΟΣ', 7, true, 6),
                  (9, NULL, 7, true, 7), (10, 'x', 70, true, 8), (11, 'İstanbul', 1, false, 9),
                  (12, '50%_off', 2, true, 10), (13, 'ＡＢＣ！', 3, true, 11);
                """)
            let connection = try PostgresConnection(server.url())
            let screen = await loaded(connection, .relation(try relation(connection, "t")))
            let all = screen.rows(in: 0..<screen.count)
            #expect(all.count == 13)
            let local = GenericListController(
                title: "local", items: all.enumerated().map { LocalRow(id: $0.offset, cells: $0.element) },
                columns: screen.columns
            ) { (row: inout ColumnsRow, item: LocalRow) in
                row = ColumnsRow(cells: item.cells)
            } select: { _ in
                .none
            }
            let queries = [
                "taiwan", "ＴＡＩＷＡＮ", "台積", "éclair", "ÉCLAIR", "straße", "σίσυφοσ", "7", "an 台", "wan c", "%",
                "_", "50%", "abc!", "ｔｒｕｅ", "nan", "i̇stanbul", "istanbul", "an　台",
            ]
            for query in queries {
                try screen.applyFilter(query)
                try local.applyFilter(query)
                #expect(
                    ids(screen.rows(in: 0..<screen.count)) == ids(local.rows(in: 0..<local.count)), "filter \(query)")
            }
            try screen.applyFilter("%")
            #expect(ids(screen.rows(in: 0..<screen.count)) == ["12"])
        }
    }
}

extension PostgresScreenTests {
    /// 600 rows whose `v` has ties and NULLs, and the values PostgreSQL writes its own way.
    static let ticks = """
        CREATE TABLE t (id int PRIMARY KEY, v int, name text, ok boolean, price numeric, at timestamptz,
                        doc json);
        INSERT INTO t SELECT i, CASE WHEN i % 7 = 0 THEN NULL ELSE i % 13 END, 'row ' || i, i % 2 = 0,
          CASE WHEN i = 5 THEN 'NaN' WHEN i = 6 THEN 'Infinity' ELSE i * 1.5 END,
          TIMESTAMPTZ '2024-01-01 00:00:00+08' + i * INTERVAL '1 hour', json_build_object('i', i)
          FROM generate_series(1, 600) AS i;
        ANALYZE t;
        """

    @Test func pagesWhereSortFreqAndStatsAreAnsweredByTheServer() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.ticks)
            let connection = try PostgresConnection(server.url())
            let screen = await loaded(connection, .relation(try relation(connection, "t")))
            #expect(screen.count == 600)
            let expected = ScreenExpectations.idsByValueDescending
            try screen.applySort(SortOrder(column: "v", descending: true))
            var forward: [String] = []
            for start in stride(from: 0, to: 600, by: 25) { forward += ids(screen.rows(in: start..<(start + 25))) }
            #expect(forward == expected)
            #expect(screen.dataProblem == nil)
            let fresh = await loaded(connection, .relation(try relation(connection, "t")))
            try fresh.applySort(SortOrder(column: "v", descending: true))
            var backward: [String] = []
            for end in stride(from: 600, to: 0, by: -25) { backward = ids(fresh.rows(in: (end - 25)..<end)) + backward }
            #expect(backward == expected)
            #expect(fresh.dataProblem == nil)

            let v = try screen.column(named: "v")
            try screen.applyWhere(
                .comparison(WhereComparison(column: v, comparison: .greater, value: .integer(10), text: "10")))
            let matching = (1...600).filter { $0 % 7 != 0 && $0 % 13 > 10 }.count
            #expect(screen.count == matching)
            let frequencies = try #require(try screen.frequencies(of: v, stop: .never))
            #expect(frequencies.map(\.text).sorted() == ["11", "12"])
            try screen.applyWhere(
                .not(.comparison(WhereComparison(column: v, comparison: .greater, value: .integer(10), text: "10"))))
            #expect(screen.count == 600 - matching)
            try screen.applyWhere(nil)
            // json has no equality and boolean no min(): both are summarised as their text.
            let doc = try screen.column(named: "doc")
            #expect(try screen.frequencies(of: doc, stop: .never)?.count == 600)
            let statistics = try #require(try screen.statistics(stop: .never))
            let vStats = try #require(statistics.first { $0.column.name == "v" })
            #expect(vStats.missing == 85)
            #expect(vStats.distinct == 13)
            #expect(vStats.maximum?.text == "12")
            let okStats = try #require(statistics.first { $0.column.name == "ok" })
            #expect(okStats.minimum?.text == "false")
            #expect(okStats.maximum?.text == "true")
            // Values as PostgreSQL writes them (booleans as true/false): NaN, an offset on a timestamptz.
            let natural = await loaded(connection, .relation(try relation(connection, "t")))
            let sixth = try #require(natural.rows(in: 0..<6).last)
            #expect(sixth.first { $0.name == "price" }?.cell.text == "Infinity")
            #expect(sixth.first { $0.name == "ok" }?.cell.text == "true")
            let at = try #require(sixth.first { $0.name == "at" }?.cell)
            #expect(at.text == "2023-12-31 22:00:00+00")
            if case .dateTime = at.value {} else { Issue.record("a timestamptz is a date and time: \(at.value)") }
            try screen.applySort(SortOrder(column: "price", descending: true))
            #expect(ids(screen.rows(in: 0..<2)) == ["5", "6"])
            try screen.applySort(SortOrder(column: "doc", descending: false))
            #expect(screen.dataProblem == nil)
            #expect(screen.rows(in: 0..<600).count == 600)
        }
    }

    @Test func aTableOpenedByNameShowsTheEstimateThenTheExactCount() async throws {
        try await PostgresServer.with { server in
            // The server's own ANALYZE must not move the estimate while the test looks at it.
            try await server.psql(
                Self.ticks
                    + "ALTER TABLE t SET (autovacuum_enabled = off);"
                    + "INSERT INTO t (id) SELECT g FROM generate_series(601, 700) AS g;")
            let connection = try PostgresConnection(server.url())
            // The planner still thinks 600 rows; the exact count may already be in.
            let estimate = try connection.estimatedCount(of: PostgresTarget.relation("public.t"), stop: .never)
            #expect(estimate == 600)
            let screen = await loaded(connection, .relation(PostgresTarget.relation("public.t")))
            let now = try connection.estimatedCount(of: PostgresTarget.relation("public.t"), stop: .never)
            #expect(
                screen.count == 600 || !screen.countIsEstimate,
                "showed \(screen.count) as the estimate; the planner's estimate is now \(String(describing: now))")
            var waited = 0
            while screen.countIsEstimate, waited < 600 {
                try await Task.sleep(for: .milliseconds(100))
                waited += 1
            }
            #expect(!screen.countIsEstimate, "waited 60 s for the exact count")
            #expect(screen.count == 700)
        }
    }
}
