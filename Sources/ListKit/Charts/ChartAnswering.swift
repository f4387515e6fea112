import BrowseSupport

/// A list whose rows live elsewhere (a database table) and that answers `chart` itself: the
/// place it keeps the rows reduces them to the few each column of the drawing needs, rather
/// than every row being read through ``ListScreen/forEachValues(of:stop:_:)``.
@MainActor
package protocol ChartAnswering: ListScreen {
    /// The points of `request` over the view, reduced to those a drawing `columns` dot columns
    /// wide shows: in each column the first and last row, and the least and greatest value.
    /// `nil` asks for the pass over the rows (a chart this list cannot reduce).
    ///
    /// - Parameters:
    ///   - request: The chart asked for.
    ///   - columns: The dot columns the chart is drawn in, given the range of its values (the
    ///     vertical axis's labels take their width from it).
    ///   - stop: Raised by Ctrl-C.
    /// - Throws: `ListError.interrupted` when `stop` was raised first, or why it failed.
    func chartPoints(for request: ChartRequest, columns: (ChartRange) -> Int, stop: StopFlag) throws -> ChartData?
}
