import BrowseSupport
import ListKit
import TestSupport
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
        var asked: [ChartRange] = []
        let data = try #require(
            try screen.chartPoints(
                for: ChartRequest(y: y),
                columns: {
                    asked.append($0)
                    return 50
                }, stop: .never))
        // The decimals are counted as the rows are read: every width is asked for first.
        #expect(asked.contains(ChartRange(low: 0, high: 999, scale: 1, grouped: false)))
        #expect(data.yScale == 1)
        #expect(data.count == 5_000)
        #expect(data.missing == 454)
        #expect(data.xs.count <= 4 * 50 && data.xs.count >= 50)
        #expect(data.xs == data.xs.sorted())
        #expect(data.ys.compactMap { $0 }.min() == 0 && data.ys.compactMap { $0 }.max() == 999)
    }

    /// Each column of the drawing keeps its first and last row and the first rows with the
    /// least and the greatest value, in the chart's order, for the drawing as wide as the
    /// values' decimals make it: the same rows a reading of every row picks.
    @Test func theRowsKeptAreEachColumnsEndsAndExtremes() async throws {
        var random = SeededRandom(seed: 26)
        var rows: [(id: Int, x: Int?, y: String?)] = []
        for id in 1...3_000 {
            let x = random.next() % 13 == 0 ? nil : Int(random.next() % 900)
            let y: String? =
                random.next() % 9 == 0 ? nil : "\(random.next() % 500).\(random.next() % 10)\(id == 1_234 ? "5" : "")"
            rows.append((id, x, y))
        }
        let values = rows.map { "(\($0.id), \($0.x.map(String.init) ?? "NULL"), \($0.y ?? "NULL"))" }
        let fixture = try SQLiteFixture([
            "CREATE TABLE t(id INTEGER PRIMARY KEY, x INTEGER, y REAL)",
            "INSERT INTO t VALUES " + values.joined(separator: ", "),
        ])
        let connection = try fixture.open()
        let relation = try #require(try connection.relations(stop: .never).first)
        let screen = DatabaseScreen(connection: connection, source: .relation(relation))
        await screen.load(force: false, progress: ProgressReporter())
        // A drawing narrower by a column for each decimal: only the one for two decimals is right.
        let width: (ChartRange) -> Int = { 60 - $0.scale }
        let request = ChartRequest(y: try screen.column(named: "y"), x: try screen.column(named: "x"))
        let data = try #require(try screen.chartPoints(for: request, columns: width, stop: .never))
        #expect(data.yScale == 2)
        let plotted = rows.filter { $0.x != nil }.sorted { ($0.x ?? 0, $0.id) < ($1.x ?? 0, $1.id) }
        let first = Double(plotted.first?.x ?? 0)
        let span = Double(plotted.last?.x ?? 0) - first
        func column(_ x: Int) -> Int { Int((Double(x) - first) / span * Double(60 - 2 - 1) + 0.5) }
        var expected: [(x: Double, y: Double?)] = []
        for place in Set(plotted.map { column($0.x ?? 0) }).sorted() {
            let members = plotted.filter { column($0.x ?? 0) == place }
            let valued = members.filter { $0.y != nil }
            let least = valued.min { Double($0.y ?? "") ?? 0 < Double($1.y ?? "") ?? 0 }
            let greatest = valued.max { Double($0.y ?? "") ?? 0 < Double($1.y ?? "") ?? 0 }
            var kept: [Int] = []
            for row in [members.first, least ?? members.first, greatest ?? members.first, members.last] {
                if let row, !kept.contains(row.id) { kept.append(row.id) }
            }
            for row in members where kept.contains(row.id) {
                expected.append((Double(row.x ?? 0), row.y.flatMap { Double($0) }))
            }
        }
        #expect(data.xs == expected.map(\.x))
        #expect(data.ys == expected.map(\.y))
        #expect(data.count == plotted.count)
    }
}
