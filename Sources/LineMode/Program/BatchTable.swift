import ListKit

/// The whole view as an aligned table, for `--format table`.
@MainActor
enum BatchTable {
    /// Lays out every row of the view in the columns an export would write; `width` limits
    /// the table when given (columns that do not fit are left out, as on screen).
    ///
    /// - Complexity: O(n × c): the layout needs every row's width.
    static func render(_ list: any ListScreen, width: Int?) -> String {
        let columns = list.columnChoice.exported(list.columns)
        let names = columns.map(\.name)
        var texts: [[String]] = []
        list.forEachRow { row in
            texts.append(NamedCellLookup.cells(of: row, in: names).map { VisibleText.make($0.text) })
        }
        let layout = TableLayout(columns: columns, headers: names.map(VisibleText.make), rows: texts, width: width)
        var text = layout.headerLine + "\n"
        for row in texts {
            text += layout.line(row) + "\n"
        }
        return text
    }
}
