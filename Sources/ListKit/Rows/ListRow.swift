/// A reusable row that a `GenericListController` configures for one item at a time.
///
/// This is the terminal cousin of `UITableViewCell`: the controller keeps one row and
/// configures it for each visible item, and the front end lays out the row's `cells`
/// according to the row type's `style`.
///
/// Implementers must guarantee:
/// - `init()` makes an empty row that `configure` can fill;
/// - `cells` lists the row's named cells in column order, with the same names for every item
///   (the names head the table, and `sort NAME` refers to them).
public protocol ListRow: Sendable {
    /// An empty row, ready to be configured.
    init()
    /// How the front end lays out rows of this type.
    static var style: RowStyle { get }
    /// The row's named cells, in column order.
    var cells: [NamedCell] { get }
}

/// The layouts a front end offers, like `UITableViewCell.CellStyle`.
public enum RowStyle: Sendable, Hashable {
    /// One line of text.
    case basic
    /// A line of text with a secondary detail line under it.
    case subtitle
    /// Named cells aligned in a table under a header.
    case columns
}

/// A cell with the name of its column.
public struct NamedCell: Sendable, Hashable {
    public var name: String
    public var cell: Cell

    public init(_ name: String, _ cell: Cell) {
        self.name = name
        self.cell = cell
    }
}
