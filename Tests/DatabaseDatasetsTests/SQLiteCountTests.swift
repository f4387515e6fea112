import BrowseSupport
import ListKit
import Testing

@testable import DatabaseDatasets

/// A large SQLite table opened by name shows its first page before `count(*)` has read it all.
@MainActor @Suite struct SQLiteCountTests {
    @Test func aLargeTableShowsItsLargestRowidThenTheExactCount() async throws {
        let fixture = try SQLiteFixture([
            "CREATE TABLE t(id INTEGER PRIMARY KEY, v TEXT)",
            """
            WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 300000)
            INSERT INTO t SELECT i, 'v' || i FROM n
            """,
            // Deleted rows leave the largest rowid where it was: the estimate is above the count.
            "DELETE FROM t WHERE id % 100 = 1",
        ])
        let connection = try fixture.open()
        let relation = DatabaseRelation(schema: nil, name: "t", isView: false, rowCount: nil, rowCountIsEstimate: false)
        let estimate = try connection.estimatedCount(of: relation, stop: .never)
        #expect(estimate == 300_000)
        let screen = DatabaseScreen(connection: connection, source: .relation(relation))
        await screen.load(force: false, progress: ProgressReporter())
        // The exact count may already have replaced the estimate.
        #expect(screen.count == 300_000 || !screen.countIsEstimate)
        var waited = 0
        while screen.countIsEstimate, waited < 600 {
            try await Task.sleep(for: .milliseconds(100))
            waited += 1
        }
        #expect(!screen.countIsEstimate, "waited 60 s for the exact count")
        #expect(screen.count == 297_000)
    }

    @Test func aSmallTableIsCountedBeforeItsFirstPage() async throws {
        let fixture = try SQLiteFixture([
            "CREATE TABLE t(id INTEGER PRIMARY KEY)", "INSERT INTO t VALUES (1), (2), (9)",
        ])
        let connection = try fixture.open()
        let relation = DatabaseRelation(schema: nil, name: "t", isView: false, rowCount: nil, rowCountIsEstimate: false)
        #expect(try connection.estimatedCount(of: relation, stop: .never) == nil)
        let screen = DatabaseScreen(connection: connection, source: .relation(relation))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(!screen.countIsEstimate)
        #expect(screen.count == 3)
    }
}
