import BrowseSupport
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// The engine against a real server of the test's own: the catalog, kinds, rows, bound values
/// and the read-only session.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
struct PostgresConnectionTests {
    private func rows(_ connection: PostgresConnection, _ statement: SQLStatement) throws -> [[String?]] {
        var rows: [[String?]] = []
        try connection.run(statement, stop: StopFlag()) { rows.append($0) }
        return rows
    }

    @Test func theCatalogListsTablesViewsAndPartitionedTablesWithThePlannersEstimates() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE SCHEMA sales;
                CREATE TABLE sales.orders (id int8 PRIMARY KEY, amount numeric(10,2));
                INSERT INTO sales.orders SELECT g, g * 1.5 FROM generate_series(1, 5000) AS g;
                CREATE TABLE public.fresh (a int);
                INSERT INTO public.fresh VALUES (1), (2);
                CREATE VIEW sales.big_orders AS SELECT * FROM sales.orders WHERE amount > 100;
                CREATE TABLE public.events (day date NOT NULL, n int) PARTITION BY RANGE (day);
                CREATE TABLE public.events_2024 PARTITION OF public.events FOR VALUES FROM ('2024-01-01') TO ('2025-01-01');
                CREATE TABLE public.events_2025 PARTITION OF public.events FOR VALUES FROM ('2025-01-01') TO ('2026-01-01');
                INSERT INTO public.events SELECT DATE '2024-06-01' + (g % 400), g FROM generate_series(1, 3000) AS g;
                ANALYZE sales.orders; ANALYZE public.events_2024; ANALYZE public.events_2025;
                """)
            let connection = try PostgresConnection(server.url())
            let relations = try connection.relations(stop: StopFlag())
            #expect(
                relations.map(\.qualifiedName) == ["public.events", "public.fresh", "sales.big_orders", "sales.orders"])
            let byName = Dictionary(uniqueKeysWithValues: relations.map { ($0.qualifiedName, $0) })
            #expect(byName["sales.orders"]?.rowCount == 5000)
            #expect(byName["sales.orders"]?.rowCountIsEstimate == true)
            // Never analyzed: the planner does not know, and says nothing rather than 0 or -1.
            #expect(byName["public.fresh"]?.rowCount == nil)
            #expect(byName["public.events"]?.rowCount == 3000)
            #expect(byName["public.events"]?.isView == false)
            #expect(byName["sales.big_orders"]?.isView == true)
            #expect(try connection.exactCount(of: #require(byName["public.fresh"]), stop: StopFlag()) == 2)
        }
    }

    @Test func columnsHaveTheirKindsAndTheKey() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE DOMAIN price AS numeric(12,2);
                CREATE TABLE quotes (
                  market text, code varchar(8), volume int8, small int2, n int4, close price, ratio float8,
                  day date, at timestamp, zoned timestamptz, halted bool, id uuid, extra jsonb,
                  PRIMARY KEY (code, market));
                CREATE TABLE keyed (a int, b int NOT NULL, c int NOT NULL, UNIQUE (a), UNIQUE (c, b));
                CREATE TABLE unkeyed (a int, b int, UNIQUE (a));
                """)
            let connection = try PostgresConnection(server.url())
            let quotes = DatabaseRelation(
                schema: "public", name: "quotes", isView: false, rowCount: nil, rowCountIsEstimate: true)
            let columns = try connection.columns(of: quotes, stop: StopFlag())
            #expect(
                columns.map(\.kind) == [
                    .text, .text, .integer, .integer, .integer, .decimal, .decimal, .date, .timestamp, .timestamp,
                    .boolean, .text, .text,
                ])
            #expect(columns[1].declaredType == "character varying(8)")
            #expect(columns[5].declaredType == "price")
            #expect(columns.map(\.keyPosition) == [1, 0, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil, nil])
            // No primary key: the unique index whose columns are all NOT NULL (a may be NULL).
            let keyed = try connection.columns(
                of: DatabaseRelation(
                    schema: "public", name: "keyed", isView: false, rowCount: nil, rowCountIsEstimate: true),
                stop: StopFlag())
            #expect(keyed.map(\.keyPosition) == [nil, 1, 0])
            let unkeyed = try connection.columns(
                of: DatabaseRelation(
                    schema: "public", name: "unkeyed", isView: false, rowCount: nil, rowCountIsEstimate: true),
                stop: StopFlag())
            #expect(unkeyed.map(\.keyPosition) == [nil, nil])
            let missing = DatabaseRelation(
                schema: "public", name: "nosuch", isView: false, rowCount: nil, rowCountIsEstimate: true)
            #expect(throws: DatabaseError.self) { try connection.columns(of: missing, stop: StopFlag()) }
        }
    }

    @Test func aStatementsColumnsComeWithoutRunningIt() async throws {
        try await PostgresServer.with { server in
            try await server.psql("CREATE TABLE t (id int8, name text, at timestamptz);")
            let connection = try PostgresConnection(server.url())
            // pg_sleep would take ten minutes if the statement ran.
            let statement = SQLStatement(
                "SELECT id, name, at::date AS day, id * 1.5 AS half, pg_sleep(600) IS NULL AS slept FROM t WHERE name = $1",
                parameters: ["x"])
            let columns = try connection.columns(of: statement, stop: StopFlag())
            #expect(columns.map(\.name) == ["id", "name", "day", "half", "slept"])
            #expect(columns.map(\.kind) == [.integer, .text, .date, .decimal, .boolean])
            #expect(columns.map(\.declaredType) == ["bigint", "text", "date", "numeric", "boolean"])
        }
    }

    @Test func rowsKeepNullsControlBytesAndTextAsTheServerHasThem() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                "CREATE TABLE t (id int, note text);\n"
                    + "INSERT INTO t VALUES (1, NULL), (2, ''), (3, E'tab\\there\\nline\\u001b[31mred'), (4, '台積電');")
            let connection = try PostgresConnection(server.url())
            let answer = try rows(connection, SQLStatement("SELECT id, note FROM t ORDER BY id"))
            #expect(answer == [["1", nil], ["2", ""], ["3", "tab\there\nline\u{1B}[31mred"], ["4", "台積電"]])
            // PostgreSQL's text cannot hold NUL: a value with one is refused, never cut short.
            #expect(throws: DatabaseError.self) {
                try rows(connection, SQLStatement("SELECT id FROM t WHERE note = $1", parameters: ["a\0b"]))
            }
            #expect(throws: DatabaseError.self) {
                try rows(
                    connection,
                    SQLStatement("SELECT E'a\\\\000b'::bytea::text, convert_from(E'a\\\\000b'::bytea, 'UTF8')"))
            }
        }
    }

    @Test func valuesAreBoundAndIdentifiersQuoted() async throws {
        try await PostgresServer.with { server in
            let column = SQLDialect.postgres.quoted("\"; DROP TABLE x; --")
            try await server.psql(
                """
                CREATE TABLE x (id int, \(column) text);
                INSERT INTO x VALUES (1, '''; DROP TABLE x; --'), (2, 'plain');
                """)
            let connection = try PostgresConnection(server.url())
            let answer = try rows(
                connection,
                SQLStatement("SELECT id, \(column) FROM x WHERE \(column) = $1", parameters: ["'; DROP TABLE x; --"]))
            #expect(answer == [["1", "'; DROP TABLE x; --"]])
            #expect(try rows(connection, SQLStatement("SELECT count(*) FROM x")) == [["2"]])
            let columns = try connection.columns(
                of: DatabaseRelation(
                    schema: "public", name: "x", isView: false, rowCount: nil, rowCountIsEstimate: true),
                stop: StopFlag())
            #expect(columns.map(\.name) == ["id", "\"; DROP TABLE x; --"])
        }
    }

    @Test func theSessionCannotWrite() async throws {
        try await PostgresServer.with { server in
            try await server.psql("CREATE TABLE t (a int); INSERT INTO t VALUES (1);")
            let connection = try PostgresConnection(server.url())
            #expect(throws: DatabaseError.self) { try rows(connection, SQLStatement("INSERT INTO t VALUES (2)")) }
            #expect(throws: DatabaseError.self) { try rows(connection, SQLStatement("CREATE TABLE u (a int)")) }
            // A statement that turns the default off is rolled back with its transaction.
            _ = try rows(connection, SQLStatement("SET default_transaction_read_only = off"))
            _ = try? rows(connection, SQLStatement("SET SESSION CHARACTERISTICS AS TRANSACTION READ WRITE"))
            #expect(throws: DatabaseError.self) { try rows(connection, SQLStatement("DELETE FROM t")) }
            #expect(try await server.psql("SELECT count(*) FROM t;") == "1\n")
            let refusal = #expect(throws: DatabaseError.self) {
                try rows(connection, SQLStatement("UPDATE t SET a = 2"))
            }
            #expect(refusal?.description.contains("read-only transaction") == true)
        }
    }

    @Test func aRefusedStatementSaysWhereInOneLine() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let refusal = #expect(throws: DatabaseError.self) {
                try rows(connection, SQLStatement("SELECT nosuch FROM pg_class"))
            }
            #expect(refusal?.code == .statement(position: 8))
            #expect(refusal?.description == "column \"nosuch\" does not exist (at character 8)")
            // The session goes on after a refusal.
            #expect(try rows(connection, SQLStatement("SELECT 1")) == [["1"]])
        }
    }

    @Test func aTableOf1600Columns() async throws {
        try await PostgresServer.with { server in
            let definitions = (1...1600).map { "c\($0) int" }.joined(separator: ", ")
            let values = (1...1600).map(String.init).joined(separator: ", ")
            try await server.psql("CREATE TABLE wide (\(definitions)); INSERT INTO wide VALUES (\(values));")
            let connection = try PostgresConnection(server.url())
            let wide = DatabaseRelation(
                schema: "public", name: "wide", isView: false, rowCount: nil, rowCountIsEstimate: true)
            let columns = try connection.columns(of: wide, stop: StopFlag())
            #expect(columns.count == 1600)
            #expect(columns.last?.name == "c1600")
            let answer = try rows(connection, SQLStatement("SELECT * FROM \(wide.sql(.postgres))"))
            #expect(answer.first?.count == 1600)
            #expect(answer.first?.last == "1600")
        }
    }

    @Test func theNameShownHasNoPassword() async throws {
        try await PostgresServer.with(.scram(password: "s3cret-pw")) { server in
            let connection = try PostgresConnection(server.url(password: "s3cret-pw"))
            #expect(connection.displayName == "postgres://postgres@127.0.0.1:\(server.port)/postgres")
            #expect(try rows(connection, SQLStatement("SELECT current_setting('application_name')")) == [["browse"]])
        }
    }

    @Test func withoutLibpqOpeningSaysWhatToInstallInOneLine() throws {
        let refusal = #expect(throws: DatabaseError.self) { try PostgresLibrary(names: ["libpq-nosuch.so.9"]) }
        #expect(
            refusal?.description
                == "cannot open a PostgreSQL server: the library libpq is not installed (apt-get install libpq5, or brew install libpq)"
        )
    }
}
