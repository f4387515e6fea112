import BrowseSupport
import ListKit
import Testing

@testable import DatabaseDatasets

/// Reading every row of a view without a key (a `--query`) is one statement, not pages that
/// each skip every row before them.
@Suite @MainActor struct DatabaseStreamingTests {
    @Test func everyRowOfAQueryIsOneStatement() async throws {
        let fixture = try SQLiteFixture([
            "CREATE TABLE t(v INTEGER)",
            "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000) INSERT INTO t SELECT i FROM n",
        ])
        let connection = RecordingConnection(try fixture.open())
        let screen = DatabaseScreen(connection: connection, source: .query("SELECT v FROM t ORDER BY v DESC"))
        await screen.load(force: false, progress: ProgressReporter())
        let before = connection.statements.count
        var values: [String] = []
        screen.forEachRow { values.append($0[0].cell.text) }
        #expect(values == (1...5000).reversed().map(String.init))
        let sent = connection.statements.dropFirst(before)
        #expect(sent.count == 1)
        #expect(!sent.contains { $0.text.contains("OFFSET") })
        #expect(screen.dataProblem == nil)
    }
}
