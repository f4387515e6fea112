/// One `<table>` of an HTML page: its own rows, each its own cells. A table inside one of its
/// cells is a table of its own, listed after it.
///
/// Cells are kept as the page writes them; ``columns(of:)`` lays a row out by column
/// (`colspan`), and a cell spanning rows (`rowspan`) is left for the reader of the table to
/// place, as only it knows which rows it covers.
package struct HTMLTable: Sendable, Hashable {
    /// The rows, in order.
    package var rows: [[HTMLCell]]
    /// How many tables it is inside: 0 for a table of the page itself.
    package let depth: Int

    /// Creates a table.
    package init(rows: [[HTMLCell]], depth: Int) {
        self.rows = rows
        self.depth = depth
    }

    /// The most columns ``columns(of:)`` lays a row out over.
    package static let maximumColumns = 10_000

    /// A row's texts laid out by column: a cell spanning columns fills the first and leaves
    /// the others empty, so that a header and the rows below it line up by position. A row
    /// wider than ``maximumColumns`` is cut there.
    ///
    /// - Complexity: O(c) in the columns the row spans, at most ``maximumColumns``.
    package static func columns(of row: [HTMLCell]) -> [String] {
        var texts: [String] = []
        for cell in row {
            guard texts.count < maximumColumns else { break }
            texts.append(cell.text)
            texts += Array(repeating: "", count: min(cell.columnSpan - 1, maximumColumns - texts.count))
        }
        return texts
    }
}
