import BrowseSupport

extension DatabaseConnection {
    /// The planner's estimate of `relation`'s rows, to show at once while the exact count is
    /// made; `nil` (the default) when the engine counts quickly or has none.
    package func estimatedCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int? { nil }

    /// A second session to the same database with the same settings, for a statement that
    /// runs beside the screen's (the exact count); `nil` (the default) when the engine has
    /// none to give.
    package func companion() throws(DatabaseError) -> (any DatabaseConnection)? { nil }
}
