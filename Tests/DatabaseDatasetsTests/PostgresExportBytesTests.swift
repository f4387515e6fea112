import BrowseSupport
import ListKit
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// An export of a whole PostgreSQL table reads `COPY`'s text format; one with a filter reads
/// bound rows. Both write the same bytes for every kind of value.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
@MainActor struct PostgresExportBytesTests {
    func exported(_ screen: DatabaseScreen, _ format: ExportFormat) throws -> String {
        var bytes: [UInt8] = []
        let taken = try screen.exportRows(format: format, columns: screen.columns.map(\.name)) { block, _ in
            bytes += block
        }
        #expect(taken)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func copysTextAndBoundRowsExportAlike() async throws {
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE t (id int PRIMARY KEY, name text, ok boolean, price numeric(8,2), day date);
                INSERT INTO t VALUES
                  (1, E'tab\\there', true, 1.50, '2024-01-02'), (2, E'line one\\nline two\\r', false, NULL, NULL),
                  (3, E'back\\\\slash \\\\N', NULL, -0.25, '1999-12-31'), (4, '', true, 0, NULL),
                  (5, NULL, false, 12345.67, NULL), (6, 'quote " and, comma', true, 2, NULL),
                  (7, E'\\\\N', true, 3, NULL), (8, E'ctrl \\x01 台積電 é', false, 4, NULL);
                """)
            let connection = try PostgresConnection(server.url())
            let relation = try #require(try connection.relations(stop: .never).first { $0.name == "t" })
            let whole = await ScreenExpectations.loaded(connection, .relation(relation))
            let bound = await ScreenExpectations.loaded(connection, .relation(relation))
            let id = try bound.column(named: "id")
            try bound.applyWhere(
                .comparison(WhereComparison(column: id, comparison: .greater, value: .integer(0), text: "0")))
            #expect(bound.count == 8)
            for format in [ExportFormat.csv, .tsv, .json, .markdown] {
                #expect(try exported(whole, format) == exported(bound, format), "\(format)")
            }
            let text = try exported(whole, .csv)
            // A boolean is written as the screen shows it.
            let shown = whole.rows(in: 0..<1).first?[2].cell.text ?? "?"
            #expect(text.hasPrefix("1,tab\there,\(shown),1.50,2024-01-02\n"))
            #expect(text.contains("\"line one\nline two\r\""))
            #expect(text.contains("back\\slash \\N,"))
            #expect(text.contains("\n7,\\N,"))
            #expect(text.contains("\"quote \"\" and, comma\""))
            #expect(text.contains("ctrl \u{1} 台積電 é"))
            #expect(text.contains("\n5,,"))
        }
    }
}
