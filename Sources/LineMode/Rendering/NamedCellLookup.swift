import ListKit

/// A row's cells lined up with a list of column names.
///
/// Rows nearly always list their cells in column order, so the cells are taken by position when
/// the names agree (equal names of the same string compare at once); otherwise each name is
/// looked up, in a table of the row's names when the row is wide. Looking every name up by
/// comparing costs O(c²) a row, which for a wide table with CJK names dominated exporting tens
/// of thousands of rows, and made a 5,000-column screen scrolled with `>` take seconds.
enum NamedCellLookup {
    /// Rows with more cells than this have their names put in a table to be looked up.
    static let comparedCells = 16

    /// The cells for `columns`, missing where the row has no such column.
    ///
    /// - Complexity: O(c).
    static func cells(of row: [NamedCell], in columns: [String]) -> [Cell] {
        if row.count == columns.count, zip(row, columns).allSatisfy({ $0.name == $1 }) { return row.map(\.cell) }
        let positions = Self.positions(of: row)
        return columns.map { name in position(of: name, in: row, positions).map { row[$0].cell } ?? .missing }
    }

    /// The cell values for `columns`, missing where the row has no such column.
    ///
    /// - Complexity: O(c).
    static func values(of row: [NamedCell], in columns: [String]) -> [CellValue] {
        if row.count == columns.count, zip(row, columns).allSatisfy({ $0.name == $1 }) {
            return row.map(\.cell.value)
        }
        let positions = Self.positions(of: row)
        return columns.map { name in position(of: name, in: row, positions).map { row[$0].cell.value } ?? .missing }
    }

    /// Where each name first appears in a wide row; `nil` for a narrow one, which is searched.
    private static func positions(of row: [NamedCell]) -> [String: Int]? {
        guard row.count > comparedCells else { return nil }
        var positions = [String: Int](minimumCapacity: row.count)
        for (index, cell) in row.enumerated() where positions[cell.name] == nil { positions[cell.name] = index }
        return positions
    }

    /// The position of the first cell named `name`.
    private static func position(of name: String, in row: [NamedCell], _ positions: [String: Int]?) -> Int? {
        guard let positions else { return row.firstIndex { $0.name == name } }
        return positions[name]
    }
}
