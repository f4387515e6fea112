import BrowseSupport
import ListKit
import Tabular

/// Each column's widest text over every row of a table, as one width measures texts.
struct MeasuredWidths: Sendable {
    /// What measured them.
    let width: TextWidth
    /// By column, in the table's order.
    let widest: [Int]
}

extension FileTable {
    /// The widest text of each of `columns` in `rows` (every row when `nil`), as `width`
    /// measures the cells' texts, in the order of `columns`; `nil` when a column is not in the
    /// table. Read from the bytes on every core: a field's text is the bytes between its
    /// quotes, so no `String` is made unless quotes must be undone.
    ///
    /// A missing field (a short record) is an empty text: it takes no width.
    ///
    /// Every row's widths are those the index measured, when it measured them alike: `rows`,
    /// a view's, hold no row twice, so as many as the table has are every row in some order.
    ///
    /// - Parameter stop: Once raised, the rest of the rows are skipped (and the answer is
    ///   short of them).
    /// - Complexity: O(c) for every row when the index measured them, else O(n) in the bytes
    ///   of the rows read.
    func widestTexts(of columns: [String], rows: [Int]?, width: TextWidth, stop: StopFlag = .never) -> [Int]? {
        let wanted = columns.compactMap { column(named: $0) }
        guard wanted.count == columns.count else { return nil }
        if let measuredWidths, measuredWidths.width.measuresAlike(width), (rows?.count ?? rowCount) == rowCount {
            return wanted.map { measuredWidths.widest[$0] }
        }
        // The widest text is the same in any order, and a view holds no row twice: as many rows
        // as the table has are read as the table, and a sorted view's in file order, so that the
        // pages behind can go (110,000 rows all over a 1 GB file held all of it).
        let rows = rows.flatMap { rows in rows.count == rowCount ? nil : Self.inFileOrder(rows) }
        let count = rows?.count ?? rowCount
        let limit = (wanted.max() ?? -1) + 1
        let pieces = ParallelWork.pieces(for: count)
        let widest = ParallelWork.map(pieces, stop: stop) { piece in
            let range = ParallelWork.range(ofPiece: piece, of: pieces, count: count)
            var widest = [Int](repeating: 0, count: wanted.count)
            var fields: [CSVField] = []
            var issues: [CSVIssue] = []
            // A pass over rows in file order lets the pages it has read go as it goes.
            var releaser = pageReleaser(rows: rows, positions: range)
            for position in range {
                let row = rows?[position] ?? position
                if position & 0x3FF == 0 {
                    if stop.isRaised { break }
                    releaser?.reached(offset(ofRow: row))
                }
                scan(row: row, fields: &fields, issues: &issues, limit: limit)
                for (slot, index) in wanted.enumerated() where index < fields.count {
                    let measured = withContent(of: fields[index]) { width.of(utf8: $0) }
                    widest[slot] = max(widest[slot], measured)
                }
            }
            return widest
        }
        var result = [Int](repeating: 0, count: wanted.count)
        for piece in widest {
            guard let piece else { continue }
            for slot in result.indices { result[slot] = max(result[slot], piece[slot]) }
        }
        return result
    }
}
