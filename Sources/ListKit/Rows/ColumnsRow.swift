/// A row of named cells that the front end aligns in a table under a header.
///
/// Cells keep the order in which their names were first set, so a configure closure that
/// sets the same names for every item makes a stable table:
///
/// ```swift
/// { (row: inout ColumnsRow, company) in
///     row["code"] = .text(company.code.rawValue)
///     row["capital"] = .integer(company.capital, grouped: true)
/// }
/// ```
public struct ColumnsRow: ListRow {
    public private(set) var cells: [NamedCell] = []

    public init() {}

    /// A row of `cells`, in column order, set at once: no name is looked up, which matters for
    /// wide rows with non-ASCII names. The names must be unique.
    ///
    /// - Complexity: O(1).
    public init(cells: [NamedCell]) {
        self.cells = cells
    }

    public static var style: RowStyle { .columns }

    /// The cell of column `name`; setting a new name appends a column.
    ///
    /// - Complexity: O(c) in the number of columns, which stays small.
    public subscript(name: String) -> Cell {
        get { cells.first { $0.name == name }?.cell ?? .missing }
        set {
            if let index = cells.firstIndex(where: { $0.name == name }) {
                cells[index].cell = newValue
            } else {
                cells.append(NamedCell(name, newValue))
            }
        }
    }
}
