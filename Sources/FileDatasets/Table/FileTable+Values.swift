import ListKit
import Tabular

extension FileTable {
    /// Calls `body` with the values of `columns` in each of `rows` (every row when `nil`), in
    /// order, read from the bytes: a number or a date never becomes a `String` on the way, so a
    /// chart of a million rows reads only what it plots.
    ///
    /// The values are those of the table's cells (`cells(of:)`), field for field.
    ///
    /// - Returns: False, having called nothing, when a column is not in the table.
    /// - Complexity: O(n) in the bytes of the rows read.
    func forEachValues(of columns: [String], rows: [Int]?, _ body: ([CellValue]) -> Void) -> Bool {
        let wanted = columns.compactMap { column(named: $0) }
        guard wanted.count == columns.count else { return false }
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var values = [CellValue](repeating: .missing, count: wanted.count)
        let count = rows?.count ?? rowCount
        for position in 0..<count {
            scan(row: rows?[position] ?? position, fields: &fields, issues: &issues)
            for (slot, index) in wanted.enumerated() {
                guard index < fields.count else {
                    values[slot] = .missing
                    continue
                }
                let field = fields[index]
                let typed = withContent(of: field) { TypedField($0, type: self.columns[index].type) }
                if case .text = typed {
                    values[slot] = .text(field.string(in: buffer, quote: dialect.quote))
                } else {
                    values[slot] = typed.cellValue(text: "")
                }
            }
            body(values)
        }
        return true
    }
}
