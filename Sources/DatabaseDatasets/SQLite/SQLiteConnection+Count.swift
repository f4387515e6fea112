import BrowseSupport

extension SQLiteConnection {
    /// The table's largest `rowid`, as the estimate of its rows: found in the table's b-tree at
    /// once, where `count(*)` reads every page of it (170 ms at 10,000,000 rows), so the first
    /// page shows without waiting for the count, which follows. Close to the count unless many
    /// rows were deleted; `nil` for a view, a table without a rowid, or a table small enough
    /// (``countedAtOnce`` rows) that counting it costs no more than a page.
    package func estimatedCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int? {
        guard hiddenKey(of: relation) != nil else { return nil }
        var largest: Int?
        try catching {
            try run(SQLStatement("SELECT max(rowid) FROM \(relation.sql(.sqlite))"), stop: stop) { row in
                largest = row.first.flatMap { $0 }.flatMap { Int($0) }
            }
        }
        guard let largest, largest > Self.countedAtOnce else { return nil }
        return largest
    }

    /// The most rows a table is counted exactly before its first page is shown (a few
    /// milliseconds of `count(*)`).
    static let countedAtOnce = 250_000

    /// Another read-only session on the same file with the same statement timeout.
    package func companion() throws(DatabaseError) -> (any DatabaseConnection)? {
        try SQLiteConnection(path: path, timeout: timeout)
    }
}
