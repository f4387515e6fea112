/// One cell of an HTML table: its text as a reader sees it, whether it is a header cell, and
/// how many columns and rows it spans.
package struct HTMLCell: Sendable, Hashable {
    /// The text, with tags left out, entities decoded (`&nbsp;` is U+00A0, `&amp;` is `&`) and
    /// each `<br>` a line break; the text of a table inside the cell is not part of it.
    package var text: String
    /// True for `<th>`, false for `<td>`.
    package let isHeader: Bool
    /// `colspan`, at least 1.
    package let columnSpan: Int
    /// `rowspan`, at least 1.
    package let rowSpan: Int

    /// Creates a cell.
    package init(text: String, isHeader: Bool = false, columnSpan: Int = 1, rowSpan: Int = 1) {
        self.text = text
        self.isHeader = isHeader
        self.columnSpan = max(1, columnSpan)
        self.rowSpan = max(1, rowSpan)
    }
}
