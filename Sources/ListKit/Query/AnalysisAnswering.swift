import BrowseSupport

/// A list whose rows live elsewhere (a database table) and that answers `freq` and `stats`
/// itself, in one question to where they live, rather than having every row read through
/// ``ListScreen/forEachValues(of:stop:_:)``.
@MainActor
package protocol AnalysisAnswering: ListScreen {
    /// The distinct values of `column` over the view, most frequent first; `nil` asks for the
    /// count over the rows.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first, or why it failed.
    func frequencies(of column: Column, stop: StopFlag) throws -> [ValueCount]?
    /// One summary per column of the view; `nil` asks for the pass over the rows.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first, or why it failed.
    func statistics(stop: StopFlag) throws -> [ColumnStatistics]?
}
