import BrowseSupport
import ListKit
import Testing

@testable import DatabaseDatasets

/// `chart` on a database screen: the engine sends a few rows per column of the drawing, not
/// every row, and those rows still have every column's extremes.
@Suite @MainActor struct DatabaseChartTests {
    @Test func theEngineSendsAtMostFourRowsPerColumn() async throws {
        let fixture = try SQLiteFixture([
            "CREATE TABLE t(id INTEGER PRIMARY KEY, y REAL)",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 5000)
            INSERT INTO t SELECT i, CASE WHEN i % 11 = 0 THEN NULL ELSE (i * 7919) % 1000 END FROM n
            """,
        ])
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = DatabaseScreen(connection: connection, source: .relation(relation))
        await screen.load(force: false, progress: ProgressReporter())
        let y = try screen.column(named: "y")
        var asked: ChartRange?
        let data = try #require(
            try screen.chartPoints(
                for: ChartRequest(y: y),
                columns: {
                    asked = $0
                    return 50
                }, stop: .never))
        #expect(asked == ChartRange(low: 0, high: 999, scale: 1, grouped: false))
        #expect(data.count == 5_000)
        #expect(data.missing == 454)
        #expect(data.xs.count <= 4 * 50 && data.xs.count >= 50)
        #expect(data.xs == data.xs.sorted())
        #expect(data.ys.compactMap { $0 }.min() == 0 && data.ys.compactMap { $0 }.max() == 999)
    }
}
