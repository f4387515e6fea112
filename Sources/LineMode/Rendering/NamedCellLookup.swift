import ListKit

/// A row's cells lined up with a list of column names.
///
/// Rows nearly always list their cells in column order, so the cells are taken by position when
/// the names agree (equal names of the same string compare at once); otherwise each name is
/// looked up. Looking every name up costs O(c²) comparisons a row, which for a wide table with
/// CJK names dominated exporting tens of thousands of rows.
enum NamedCellLookup {
    /// The cells for `columns`, missing where the row has no such column.
    ///
    /// - Complexity: O(c) when the row is in column order, O(c²) otherwise.
    static func cells(of row: [NamedCell], in columns: [String]) -> [Cell] {
        if row.count == columns.count, zip(row, columns).allSatisfy({ $0.name == $1 }) { return row.map(\.cell) }
        return columns.map { name in row.first { $0.name == name }?.cell ?? .missing }
    }

    /// The cell values for `columns`, missing where the row has no such column.
    ///
    /// - Complexity: O(c) when the row is in column order, O(c²) otherwise.
    static func values(of row: [NamedCell], in columns: [String]) -> [CellValue] {
        if row.count == columns.count, zip(row, columns).allSatisfy({ $0.name == $1 }) {
            return row.map(\.cell.value)
        }
        return columns.map { name in row.first { $0.name == name }?.cell.value ?? .missing }
    }
}
