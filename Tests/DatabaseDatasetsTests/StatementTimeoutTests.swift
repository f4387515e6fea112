import BrowseSupport
import Foundation
import Testing

@testable import DatabaseDatasets

/// The statement timeout counts the engine's time, not the reader's: an export that writes
/// slowly is not a statement that runs too long.
@Suite struct StatementTimeoutTests {
    @Test func timeSpentOnTheRowsDoesNotCountTowardsTheTimeout() throws {
        let fixture = try SQLiteFixture(["CREATE TABLE t(v INTEGER)"])
        let connection = try fixture.open(timeout: .seconds(2))
        var rows = 0
        try connection.run(
            SQLStatement(
                "WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 50000) SELECT i FROM n"),
            stop: .never
        ) { _ in
            rows += 1
            // A slow reader: three seconds in all spent on the rows, past the two-second timeout.
            if rows % 10_000 == 1 { Thread.sleep(forTimeInterval: 0.6) }
        }
        #expect(rows == 50_000)
    }
}
