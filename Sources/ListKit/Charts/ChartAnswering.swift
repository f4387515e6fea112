import BrowseSupport

/// A list that answers `chart` itself, reducing its rows to the few each column of the
/// drawing needs rather than handing every row over as a point: a database table, whose
/// engine picks them, or a list read in pieces on every core (a file), for a chart in the
/// view's order.
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
