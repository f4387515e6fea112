/// A row with one text, like `UITableViewCell.CellStyle.default`.
///
/// ```swift
/// GenericListController(title: "people", items: people) { (row: inout BasicRow, person) in
///     row.text = .text(person.name)
/// } select: { person in
///     .message(person.name)
/// }
/// ```
public struct BasicRow: ListRow {
    /// The row's text.
    public var text: Cell = .missing
    /// The column's name, for `sort` and export headers.
    public var textName = "text"

    public init() {}

    public static var style: RowStyle { .basic }

    public var cells: [NamedCell] { [NamedCell(textName, text)] }
}
