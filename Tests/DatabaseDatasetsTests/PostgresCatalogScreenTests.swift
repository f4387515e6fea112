import BrowseSupport
import LineMode
import ListKit
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// A PostgreSQL database met as a person meets it: its schemas first, then a schema's tables
/// and views, then one of them; booleans read as `true` and `false` wherever they show.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
@MainActor struct PostgresCatalogScreenTests {
    /// Two schemas with tables, a view, a partitioned table of two parts, and an empty schema.
    static let catalog = """
        CREATE SCHEMA sales;
        CREATE SCHEMA empty;
        CREATE TABLE public.people (id int PRIMARY KEY, name text);
        INSERT INTO public.people SELECT g, 'person ' || g FROM generate_series(1, 300) AS g;
        CREATE VIEW public.named AS SELECT name FROM public.people;
        CREATE TABLE sales.orders (id int, day date, paid boolean, PRIMARY KEY (id, day)) PARTITION BY RANGE (day);
        CREATE TABLE sales.orders_2023 PARTITION OF sales.orders FOR VALUES FROM ('2023-01-01') TO ('2024-01-01');
        CREATE TABLE sales.orders_2024 PARTITION OF sales.orders FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
        INSERT INTO sales.orders SELECT g, DATE '2023-06-01' + g, g % 3 = 0 FROM generate_series(1, 500) AS g;
        CREATE TABLE sales.notes (n text);
        INSERT INTO sales.notes VALUES ('a'), ('b');
        ANALYZE;
        """

    func cells(_ screen: some ListScreen, _ column: String) -> [String] {
        screen.rows(in: 0..<screen.count).map { row in row.first { $0.name == column }?.cell.text ?? "?" }
    }

    func pushed(_ selection: Selection) throws -> any ListScreen {
        guard case .push(let screen) = selection else {
            Issue.record("choosing a row opens a screen, not \(selection)")
            throw CancellationError()
        }
        return screen
    }

    @Test func schemasListTheirTablesAndATableOpens() async throws {
        try await PostgresServer.with { server in
            try await server.psql(Self.catalog)
            let connection = try PostgresConnection(server.url())
            let schemas = SchemasScreen.make(connection: connection, title: connection.displayName)
            await schemas.load(force: false, progress: ProgressReporter())
            #expect(cells(schemas, "name") == ["empty", "public", "sales"])
            #expect(cells(schemas, "tables") == ["0", "1", "2"])
            #expect(cells(schemas, "views") == ["0", "1", "0"])
            // A view has no estimate; the partitioned table's parts are summed once.
            #expect(cells(schemas, "rows") == ["", "~300", "~502"])

            let sales = try pushed(try schemas.select(at: 2))
            #expect(sales.title == "sales")
            await sales.load(force: false, progress: ProgressReporter())
            #expect(cells(sales, "name") == ["notes", "orders"])
            #expect(cells(sales, "kind") == ["table", "table"])
            #expect(cells(sales, "rows") == ["~2", "~500"])

            let orders = try pushed(try sales.select(at: 1))
            #expect(orders.title == "orders")
            await orders.load(force: false, progress: ProgressReporter())
            #expect(orders.count == 500)
            #expect(orders.rows(in: 0..<1).first?.first { $0.name == "id" }?.cell.text == "1")

            let publicTables = try pushed(try schemas.select(at: 1))
            await publicTables.load(force: false, progress: ProgressReporter())
            #expect(cells(publicTables, "name") == ["named", "people"])
            #expect(cells(publicTables, "kind") == ["view", "table"])
        }
    }

    @Test func booleansReadTrueAndFalseOnScreenInWhereFreqAndExports() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE bills (id int PRIMARY KEY, paid boolean, note text);
                INSERT INTO bills VALUES (1, true, 'a'), (2, false, 'b'), (3, NULL, 'c'), (4, true, 'd');
                """)
            let connection = try PostgresConnection(server.url())
            let screen = await ScreenExpectations.loaded(connection, .relation(PostgresTarget.relation("public.bills")))
            #expect(cells(screen, "paid") == ["true", "false", "", "true"])

            try screen.applyWhere(try WhereParser.parse("paid = true", columns: screen.columns))
            #expect(cells(screen, "id") == ["1", "4"])
            try screen.applyWhere(try WhereParser.parse("paid != true", columns: screen.columns))
            #expect(cells(screen, "id") == ["2", "3"])
            try screen.applyWhere(nil)
            try screen.applyFilter("fals")
            #expect(cells(screen, "id") == ["2"])
            try screen.applyFilter("")

            let paid = try screen.column(named: "paid")
            let frequencies = try #require(try screen.frequencies(of: paid, stop: .never))
            #expect(frequencies.map(\.text) == ["true", "false", ""])
            let statistics = try #require(try screen.statistics(stop: .never))
            let paidStatistics = try #require(statistics.first { $0.column.name == "paid" })
            #expect(paidStatistics.minimum?.text == "false")
            #expect(paidStatistics.maximum?.text == "true")

            var csv = ""
            _ = try ViewExporter.export(screen, format: .csv) { csv += $0 }
            #expect(csv == "id,paid,note\n1,true,a\n2,false,b\n3,,c\n4,true,d\n")
            var json = ""
            _ = try ViewExporter.export(screen, format: .json) { json += $0 }
            // As a JSON file's booleans are exported: their text.
            #expect(json.contains(#"{"id": 1, "paid": "true", "note": "a"}"#), "\(json)")
            #expect(json.contains(#"{"id": 3, "paid": null, "note": "c"}"#), "\(json)")
        }
    }
}
