/// A list that can write its view's rows in an export format itself, faster than an export
/// through its rows' cells (a file dataset copies its records' bytes).
///
/// An implementer must write exactly the bytes ``TableExporter`` writes for the same rows'
/// cells, so that an export does not depend on which way it went.
@MainActor
package protocol RowExporting: ListScreen {
    /// Writes every row of the view as `TableExporter.row(cells:)` would, for the cells of
    /// `columns`, through `write`: in blocks of at most ``ExportRowLimits/blockRows`` rows, each
    /// with the number of rows it holds, in order. The header and the end are not written.
    ///
    /// - Returns: Whether the rows were written; `false` (with nothing written) asks for an
    ///   export through the rows' cells.
    /// - Throws: What `write` throws, at once.
    func exportRows(
        format: ExportFormat, columns: [String], write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool
}

/// Limits a list's own export keeps to.
public enum ExportRowLimits {
    /// The most rows in one block given to `write`: an export looks at whether it was cancelled
    /// between blocks.
    public static let blockRows = 2_048
}

/// A screen that can give some columns' cells of each row without making the whole row: a
/// list of declared columns makes each exported column's cell alone, skipping the names a
/// row's cells carry and lining them up with the export's columns.
package protocol ColumnCellsReading: ListScreen {
    /// Visits the cells of `columns`, in that order, of every row of the view, in order.
    ///
    /// - Returns: Whether the rows were visited; `false` (with none visited) asks for the
    ///   rows' named cells.
    func forEachRow(of columns: [String], _ body: ([Cell]) throws -> Void) rethrows -> Bool
}
