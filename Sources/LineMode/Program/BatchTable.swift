import ListKit

/// The whole view as an aligned table, for `--format table`.
@MainActor
enum BatchTable {
    /// Lays out every row of the view; `width` limits the table when given.
    ///
    /// - Complexity: O(n × c): the layout needs every row's width.
    static func render(_ list: any ListScreen, width: Int?) -> String {
        let header = list.columnNames
        var cells: [[Cell]] = []
        list.forEachRow { row in
            cells.append(NamedCellLookup.cells(of: row, in: header))
        }
        let texts = cells.map { $0.map { VisibleText.make($0.text) } }
        let visibleHeader = header.map(VisibleText.make)
        let layout = TableLayout(header: visibleHeader, rows: cells, visibleRows: texts, width: width)
        var text = layout.line(visibleHeader) + "\n"
        for row in texts {
            text += layout.line(row) + "\n"
        }
        return text
    }
}
