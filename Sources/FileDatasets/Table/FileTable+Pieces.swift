import BrowseSupport
import ListKit
import Tabular

extension FileTable {
    /// Splits `rows` (every row when `nil`) into consecutive pieces, one a core, and calls
    /// `body` for each at once with the position of its first row and a function visiting its
    /// values: those of ``forEachValues(of:rows:stop:_:)``, but a text as its bytes in the file.
    ///
    /// - Returns: What each piece returned, in order (`nil` for one skipped once `stop` was
    ///   raised); `nil` when a column is not in the table.
    /// - Complexity: O(n) in the bytes of the rows read.
    func valuePieces<Result: Sendable>(
        of columns: [String], rows: [Int]?, stop: StopFlag,
        _ body: @Sendable (_ start: Int, _ read: ((UnsafeBufferPointer<PieceValue>) -> Void) -> Void) -> Result
    ) -> [Result?]? {
        let wanted = columns.compactMap { column(named: $0) }
        guard wanted.count == columns.count else { return nil }
        let count = rows?.count ?? rowCount
        let pieces = ParallelWork.pieces(for: count)
        return ParallelWork.map(pieces, stop: stop) { piece in
            let range = ParallelWork.range(ofPiece: piece, of: pieces, count: count)
            return body(range.lowerBound) { visit in
                readValues(of: wanted, positions: range, rows: rows, stop: stop, visit)
            }
        }
    }

    /// The text of `column`'s field in each of `rows`, in order, as the row's cell shows it
    /// (`""` where the row is short), read in pieces on every core: only that field is made a
    /// `String`, not the row's cells.
    ///
    /// - Returns: `nil` when the column is not in the table; rows left unread once `stop` was
    ///   raised are `""`.
    func texts(of column: String, rows: [Int], stop: StopFlag) -> [String]? {
        guard let index = self.column(named: column) else { return nil }
        if rows.count >= 4_096, rows.count * 8 >= rowCount,
            let texts = textsInFileOrder(index, rows: rows, stop: stop)
        {
            return texts
        }
        let pieces = ParallelWork.pieces(for: rows.count, threshold: 4_096)
        let read = ParallelWork.map(pieces, stop: stop) { piece in
            var scratch = RowScratch()
            var texts: [String] = []
            for position in ParallelWork.range(ofPiece: piece, of: pieces, count: rows.count) {
                if position & 0xFFF == 0, stop.isRaised { break }
                texts.append(text(index, ofRow: rows[position], scratch: &scratch))
            }
            return texts
        }
        var texts = read.flatMap { $0 ?? [] }
        if texts.count < rows.count { texts += Array(repeating: "", count: rows.count - texts.count) }
        return texts
    }

    /// ``texts(of:rows:stop:)`` for many rows out of order (the first rows of a column's
    /// values, by count): each row's place in the answer is noted by row, and the rows are read
    /// in file order, a piece of the file on each core. Reading them in the order asked took a
    /// cache miss and a page-table walk a row. `nil` when a row is asked for twice.
    private func textsInFileOrder(_ index: Int, rows: [Int], stop: StopFlag) -> [String]? {
        var noted = [Int32](repeating: -1, count: rowCount)
        for (position, row) in rows.enumerated() {
            guard noted[row] < 0 else { return nil }
            noted[row] = Int32(truncatingIfNeeded: position)
        }
        let places = noted
        var texts = [String](repeating: "", count: rows.count)
        texts.withUnsafeMutableBufferPointer { texts in
            let answer = SharedMemory(texts)
            let pieces = ParallelWork.pieces(for: rowCount)
            _ = ParallelWork.map(pieces, stop: stop) { piece in
                var scratch = RowScratch()
                let range = ParallelWork.range(ofPiece: piece, of: pieces, count: rowCount)
                // The rows asked are all over the file (one in eight or more), so every page is
                // read: the pages behind go as the other passes let theirs go.
                var releaser = range.isEmpty ? nil : PageReleaser(bytes, from: offset(ofRow: range.lowerBound))
                for row in range {
                    if row & 0xFFFF == 0, stop.isRaised { break }
                    if row & 0x3FFF == 0 { releaser?.reached(offset(ofRow: row)) }
                    let place = Int(places[row])
                    if place >= 0 { answer.buffer[place] = text(index, ofRow: row, scratch: &scratch) }
                }
            }
        }
        return texts
    }

    /// The text of field `index` of row `row`, as the row's cell shows it (`""` where the row is
    /// short).
    private func text(_ index: Int, ofRow row: Int, scratch: inout RowScratch) -> String {
        if let range = simpleField(index, ofRow: row) {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[range]), as: UTF8.self)
        }
        scan(row: row, fields: &scratch.fields, issues: &scratch.issues, limit: index + 1)
        let fields = scratch.fields
        return index < fields.count ? fields[index].string(in: buffer, quote: dialect.quote) : ""
    }

    /// Visits the values of the columns at `wanted` in the rows at `positions` of `rows`
    /// (of the table when `nil`), in order.
    private func readValues(
        of wanted: [Int], positions: Range<Int>, rows: [Int]?, stop: StopFlag,
        _ visit: (UnsafeBufferPointer<PieceValue>) -> Void
    ) {
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var values = [PieceValue](repeating: .missing, count: wanted.count)
        // The texts of a row's fields with quotes inside, unescaped, and where each goes.
        var unescaped: [UInt8] = []
        var unescapedTexts: [(slot: Int, range: Range<Int>)] = []
        let types = wanted.map { self.columns[$0].type }
        let buffer = buffer
        let limit = (wanted.max() ?? -1) + 1
        // A pass over consecutive rows in file order lets the pages it has read go as it goes.
        var releaser =
            rows == nil && !positions.isEmpty ? PageReleaser(bytes, from: offset(ofRow: positions.lowerBound)) : nil
        // One column of a simple record (nearly every record of most files) is found by the
        // record's marks alone; the rest are read by the field loop.
        let only = wanted.count == 1 ? wanted[0] : nil
        for position in positions {
            if position & 0xFFF == 0, stop.isRaised { return }
            if position & 0x3FFF == 0 { releaser?.reached(offset(ofRow: position)) }
            let row = rows?[position] ?? position
            if let only, let range = simpleField(only, ofRow: row) {
                let content = UnsafeBufferPointer(rebasing: buffer[range])
                values[0] = TypedField(content, type: types[0]).pieceValue(text: content)
                values.withUnsafeBufferPointer { visit($0) }
                continue
            }
            scan(row: row, fields: &fields, issues: &issues, limit: limit)
            values.withUnsafeMutableBufferPointer { values in
                for (slot, index) in wanted.enumerated() {
                    guard index < fields.count else {
                        values[slot] = .missing
                        continue
                    }
                    let field = fields[index]
                    if field.needsUnescaping {
                        // Rare: quotes inside the field. Its bytes are placed once the row is read.
                        let start = unescaped.count
                        field.withContent(in: buffer, quote: dialect.quote) { unescaped.append(contentsOf: $0) }
                        let typed = unescaped.withUnsafeBufferPointer {
                            TypedField(UnsafeBufferPointer(rebasing: $0[start...]), type: types[slot])
                        }
                        if case .text = typed { unescapedTexts.append((slot, start..<unescaped.count)) }
                        values[slot] = typed.pieceValue(text: UnsafeBufferPointer(start: nil, count: 0))
                        continue
                    }
                    let content = UnsafeBufferPointer(rebasing: buffer[field.contentRange])
                    values[slot] = TypedField(content, type: types[slot]).pieceValue(text: content)
                }
            }
            if unescapedTexts.isEmpty {
                values.withUnsafeBufferPointer { visit($0) }
                continue
            }
            unescaped.withUnsafeBufferPointer { unescaped in
                for (slot, range) in unescapedTexts {
                    values[slot] = .text(UnsafeBufferPointer(rebasing: unescaped[range]))
                }
                values.withUnsafeBufferPointer { visit($0) }
            }
            unescaped.removeAll(keepingCapacity: true)
            unescapedTexts.removeAll(keepingCapacity: true)
        }
    }
}
