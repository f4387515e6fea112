import BrowseSupport
import Dispatch
import ListKit
import Synchronization
import Tabular

extension FileTable {
    /// Calls `body` with the values of `columns` in each of `rows` (every row when `nil`), in
    /// order, read from the bytes: a number or a date never becomes a `String` on the way, so a
    /// chart of a million rows reads only what it plots.
    ///
    /// The values are those of the table's cells (`cells(of:)`), field for field.
    ///
    /// - Parameters:
    ///   - positions: Which of `rows` (of the table's rows when `nil`) to read; all of them when
    ///     `nil`.
    ///   - stop: Once raised, the rest of the rows are skipped.
    /// - Returns: False, having called nothing, when a column is not in the table.
    /// - Complexity: O(n) in the bytes of the rows read.
    func forEachValues(
        of columns: [String], rows: [Int]?, positions: Range<Int>? = nil, stop: StopFlag = .never,
        _ body: ([CellValue]) -> Void
    ) -> Bool {
        let wanted = columns.compactMap { column(named: $0) }
        guard wanted.count == columns.count else { return false }
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var values = [CellValue](repeating: .missing, count: wanted.count)
        let limit = (wanted.max() ?? -1) + 1
        let positions = positions ?? 0..<(rows?.count ?? rowCount)
        // A pass over rows in file order lets the pages it has read go as it goes.
        var releaser = pageReleaser(rows: rows, positions: positions)
        // One column of a simple record (nearly every record of most files) is found by the
        // record's marks alone; the rest are read by the field loop.
        let only = wanted.count == 1 ? wanted[0] : nil
        let onlyType = only.map { self.columns[$0].type }
        for position in positions {
            if position & 0xFFF == 0, stop.isRaised { break }
            let row = rows?[position] ?? position
            if position & 0x3FF == 0 { releaser?.reached(offset(ofRow: row)) }
            if let only, let onlyType, let range = simpleField(only, ofRow: row) {
                let content = UnsafeBufferPointer(rebasing: buffer[range])
                let typed = TypedField(content, type: onlyType)
                if case .text = typed {
                    values[0] = .text(String(decoding: content, as: UTF8.self))
                } else {
                    values[0] = typed.cellValue(text: "")
                }
                body(values)
                continue
            }
            scan(row: row, fields: &fields, issues: &issues, limit: limit)
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

extension FileTable {
    /// The rows among `rows` (every row when `nil`) whose values satisfy `expression`, in the
    /// order given, read from the bytes on every core; `nil` when it names a column the table
    /// does not have.
    ///
    /// - Complexity: O(n) in the bytes of the rows read.
    func rows(matching expression: WhereExpression, among rows: [Int]?, stop: StopFlag = .never) -> [Int]? {
        var unique: [String] = []
        for column in expression.columns where !unique.contains(column.name) { unique.append(column.name) }
        let names = unique
        guard names.allSatisfy({ column(named: $0) != nil }) else { return nil }
        // Where each comparison's column is among the values read.
        let slots = expression.columns.map { column in names.firstIndex(of: column.name) ?? 0 }
        let matcher = expression.positionalMatcher
        let count = rows?.count ?? rowCount
        let pieces = ParallelWork.pieces(for: count)
        let kept = ParallelWork.map(pieces, stop: stop) { piece in
            let range = ParallelWork.range(ofPiece: piece, of: pieces, count: count)
            var found: [Int] = []
            var position = range.lowerBound
            // Every row of the table is read in file order, so its pages go as they are read.
            _ = forEachValues(of: names, rows: rows, positions: range, stop: stop) { values in
                if matcher.matches(byPosition: { values[slots[$0]] }) {
                    found.append(rows?[position] ?? position)
                }
                position += 1
            }
            return found
        }
        return kept.flatMap { $0 ?? [] }
    }
}
