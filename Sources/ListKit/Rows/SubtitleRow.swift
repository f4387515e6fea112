/// A row with a text and a detail line under it, like `UITableViewCell.CellStyle.subtitle`.
///
/// ```swift
/// { (row: inout SubtitleRow, film) in
///     row.text = .text(film.title)
///     row.detail = .integer(film.releaseYear)
///     row.names = ("title", "year")
/// }
/// ```
public struct SubtitleRow: ListRow {
    /// The main text.
    public var text: Cell = .missing
    /// The secondary text shown under it.
    public var detail: Cell = .missing
    /// The names of the two columns, for `sort` and export headers.
    public var names: (text: String, detail: String) = ("text", "detail")

    public init() {}

    public static var style: RowStyle { .subtitle }

    public var cells: [NamedCell] { [NamedCell(names.text, text), NamedCell(names.detail, detail)] }
}
