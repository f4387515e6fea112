import BrowseSupport
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// Export through `COPY … TO STDOUT`: the bytes stream as the server sends them and hold the
/// rows `run` reads.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
struct PostgresExportTests {
    /// A field as PostgreSQL's CSV writes it: NULL empty, an empty text `""`, quoted when it
    /// holds a comma, a quote or a line break.
    private func csvField(_ value: String?) -> String {
        guard let value else { return "" }
        if value.isEmpty { return "\"\"" }
        guard value.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }) else { return value }
        return "\"" + value.replacing("\"", with: "\"\"") + "\""
    }

    private func export(_ connection: PostgresConnection, _ statement: SQLStatement, stop: StopFlag = StopFlag()) throws
        -> String
    {
        var bytes: [UInt8] = []
        try connection.export(statement, stop: stop) { bytes += $0 }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anExportOf100kRowsHoldsTheRowsRunReads() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE t AS
                SELECT g AS id,
                       CASE WHEN g % 7 = 0 THEN NULL WHEN g % 11 = 0 THEN ''
                            WHEN g % 13 = 0 THEN 'a,"b"' || E'\\n' || 'c' ELSE '台積電 ' || g END AS note,
                       g * 1.25 AS amount, DATE '2024-01-01' + g % 365 AS day
                  FROM generate_series(1, 100000) AS g;
                """)
            let connection = try PostgresConnection(server.url())
            let statement = SQLStatement("SELECT * FROM t ORDER BY id")
            // A hundred thousand rows read twice: long enough to hold a thread of its own.
            let (expected, exported) = try await OwnThread.run("export") { () throws -> (String, String) in
                var expected = ""
                try connection.run(statement, stop: StopFlag()) { fields in
                    expected += fields.map(csvField).joined(separator: ",") + "\n"
                }
                return (expected, try export(connection, statement))
            }
            #expect(exported.count == expected.count)
            #expect(exported == expected)
            #expect(exported.hasPrefix("1,台積電 1,1.25,2024-01-02\n"))
        }
    }

    @Test func aBoundStatementExportsTheBytesCopyWritesInBlocks() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE t AS
                SELECT g AS id,
                       CASE WHEN g % 7 = 0 THEN NULL WHEN g % 11 = 0 THEN ''
                            WHEN g % 13 = 0 THEN 'a,"b"' || E'\\n' || 'c' ELSE '台積電 ' || g END AS note,
                       g % 5 = 0 AS even, g * 1.25 AS amount
                  FROM generate_series(1, 20000) AS g;
                """)
            let connection = try PostgresConnection(server.url())
            let copied = try export(connection, SQLStatement("SELECT * FROM t WHERE id > 0 ORDER BY id"))
            var calls = 0
            var bound: [UInt8] = []
            try connection.export(
                SQLStatement("SELECT * FROM t WHERE id > $1::int ORDER BY id", parameters: ["0"]), stop: StopFlag()
            ) {
                bound += $0
                calls += 1
            }
            #expect(String(decoding: bound, as: UTF8.self) == copied)
            #expect(calls < 20000 / 100)
            var copyCalls = 0
            try connection.export(SQLStatement("SELECT * FROM t ORDER BY id"), stop: StopFlag()) { _ in copyCalls += 1 }
            #expect(copyCalls < 20000 / 100)
        }
    }

    @Test func anExportsValuesAreOnlyEverValues() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                "CREATE TABLE t (id int, note text); INSERT INTO t VALUES (1, '''; DROP TABLE t; --'), (2, 'b'), (3, 'c');"
            )
            let connection = try PostgresConnection(server.url())
            let statement = SQLStatement(
                "SELECT id FROM t WHERE note = $1 OR id = $2::int /* $9 */ OR note = '$3' ORDER BY id",
                parameters: ["'; DROP TABLE t; --", "3"])
            #expect(try export(connection, statement) == "1\n3\n")
            #expect(try await server.psql("SELECT count(*) FROM t;") == "3\n")
        }
    }

    @Test func ctrlCStopsAnExportOnTheServer() async throws {
        try await PostgresServer.with { server in
            let connection = try PostgresConnection(server.url())
            let stop = StopFlag()
            // Ten billion rows, streamed (a single generate_series is gathered before it is sent):
            // on a thread of its own, in case Ctrl-C does not stop them.
            let (chunks, refusal) = await OwnThread.run("endless export") { () -> (Int, (any Error)?) in
                var chunks = 0
                let endless =
                    "SELECT a * 100000 + b FROM generate_series(1, 100000) AS a, generate_series(1, 100000) AS b"
                do {
                    try connection.export(SQLStatement(endless), stop: stop) { _ in
                        chunks += 1
                        stop.raise()
                    }
                    return (chunks, nil)
                } catch {
                    return (chunks, error)
                }
            }
            #expect((refusal as? DatabaseError)?.code == .interrupted)
            #expect(chunks == 1)
            var answer: [[String?]] = []
            try connection.run(SQLStatement("SELECT 1"), stop: StopFlag()) { answer.append($0) }
            #expect(answer == [["1"]])
        }
    }
}
