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
    /// (`""` where the row is short): only that field is made a `String`, not the row's cells.
    /// Many rows are read in file order on every core (``textsInFileOrder(_:rows:stop:)``).
    ///
    /// - Returns: `nil` when the column is not in the table; rows left unread once `stop` was
    ///   raised are `""`.
    func texts(of column: String, rows: [Int], stop: StopFlag) -> [String]? {
        guard let index = self.column(named: column) else { return nil }
        guard rows.count >= 4_096 else {
            // A few rows, a page's: read in the order asked.
            var scratch = RowScratch()
            return rows.map { stop.isRaised ? "" : text(index, ofRow: $0, scratch: &scratch) }
        }
        return textsInFileOrder(index, rows: rows, stop: stop)
    }

    /// ``texts(of:rows:stop:)`` for many rows out of order (the first rows of a column's
    /// values, by count): the rows are read in file order, a stretch of the file on each core,
    /// letting the pages behind go. Reading them in the order asked took a cache miss and a
    /// page-table walk a row, and kept every page read (1.4 GB for `freq` over 10M rows).
    ///
    /// The order is found with at most 32 bytes for each row asked: when they are one in eight
    /// or more, each of the table's rows notes its place in the answer (4 bytes a row of the
    /// table); fewer, or rows asked twice, are sorted with their places (32 bytes each, with the
    /// sort's scratch).
    private func textsInFileOrder(_ index: Int, rows: [Int], stop: StopFlag) -> [String] {
        var texts = [String](repeating: "", count: rows.count)
        texts.withUnsafeMutableBufferPointer { texts in
            let answer = SharedMemory(texts)
            let read = { @Sendable (place: Int, row: Int, scratch: inout RowScratch) in
                answer.buffer[place] = self.text(index, ofRow: row, scratch: &scratch)
            }
            if rows.count * 8 >= rowCount, let places = placesByRow(rows) {
                readInFileOrder(count: rowCount, stop: stop, read) { position in
                    let place = Int(places[position])
                    return (position, place < 0 ? nil : place)
                }
                return
            }
            var entries = rows.enumerated().map { RadixSort.Entry(key: UInt64($1), row: $0) }
            var spare = entries
            entries.withUnsafeMutableBufferPointer { entries in
                spare.withUnsafeMutableBufferPointer { spare in
                    guard let sorted = RadixSort.sort(entries, scratch: spare, shouldStop: { stop.isRaised }) else {
                        return
                    }
                    let entries = SharedMemory(reading: UnsafeBufferPointer(sorted))
                    readInFileOrder(count: sorted.count, stop: stop, read) { position in
                        let entry = entries.buffer[position]
                        return (Int(truncatingIfNeeded: entry.key), entry.row)
                    }
                }
            }
        }
        return texts
    }

    /// Each of the table's rows' place in `rows` (-1 for a row not asked); `nil` when a row is
    /// asked for twice.
    private func placesByRow(_ rows: [Int]) -> [Int32]? {
        var places = [Int32](repeating: -1, count: rowCount)
        for (place, row) in rows.enumerated() {
            guard places[row] < 0 else { return nil }
            places[row] = Int32(truncatingIfNeeded: place)
        }
        return places
    }

    /// Calls `read` with each of `count` positions' place and row, as `entry` gives them (no
    /// place: nothing to read there), a stretch of the positions on each core. The rows rise
    /// with the positions, and the pages behind each core's stretch go as it reads.
    private func readInFileOrder(
        count: Int, stop: StopFlag, _ read: @Sendable (_ place: Int, _ row: Int, _ scratch: inout RowScratch) -> Void,
        entry: @Sendable (Int) -> (row: Int, place: Int?)
    ) {
        let pieces = ParallelWork.pieces(for: count, threshold: 4_096)
        _ = ParallelWork.map(pieces, stop: stop) { piece in
            let range = ParallelWork.range(ofPiece: piece, of: pieces, count: count)
            guard !range.isEmpty else { return }
            var scratch = RowScratch()
            var releaser = PageReleaser(bytes, from: offset(ofRow: entry(range.lowerBound).row))
            for position in range {
                let (row, place) = entry(position)
                if position & 0x3FF == 0 {
                    if stop.isRaised { break }
                    releaser.reached(offset(ofRow: row))
                }
                if let place { read(place, row, &scratch) }
            }
        }
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
        // A pass over rows in file order lets the pages it has read go as it goes.
        var releaser = pageReleaser(rows: rows, positions: positions)
        // One column of a simple record (nearly every record of most files) is found by the
        // record's marks alone; the rest are read by the field loop.
        let only = wanted.count == 1 ? wanted[0] : nil
        // Several columns of the table's rows in order: runs of simple records are read as one
        // stream of blocks, each block classified once, rather than each record from its start.
        let readsRuns = rows == nil && only == nil
        let runs = SimpleRecordRun(buffer: buffer, dialect: dialect, columns: readsRuns ? columns.count : 0)
        defer { runs.deallocate() }
        var position = positions.lowerBound
        // The next position at which to look at `stop` and let pages go.
        var nextCheck = position
        // A run that fails at its first record leaves the next rows to the field loop, for
        // longer after each failure in a row (up to a run's length): in a file whose every
        // record has a doubled quote, each try read a record that the field loop read again.
        var nextRun = position
        var runWait = 1
        while position < positions.upperBound {
            if position >= nextCheck {
                if stop.isRaised { return }
                releaser?.reached(offset(ofRow: rows?[position] ?? position))
                nextCheck = (position | 0x3FF) &+ 1
            }
            if readsRuns, position >= nextRun {
                let read = visitRun(
                    runs, from: position, before: positions.upperBound, of: wanted, types: types, values: &values,
                    visit)
                if read > 0 {
                    position &+= read
                    runWait = 1
                    continue
                }
                nextRun = position &+ runWait
                runWait = min(runWait &* 2, SimpleRecordRun.longestRun)
            }
            let row = rows?[position] ?? position
            position &+= 1
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

    /// Visits the values of the columns at `wanted` in the run of simple records that starts at
    /// row `row` and ends before row `limit` at the latest (``SimpleRecordRun``).
    ///
    /// - Returns: How many rows were read: 0 when row `row` is not simple, for the field loop.
    private func visitRun(
        _ runs: SimpleRecordRun, from row: Int, before limit: Int, of wanted: [Int], types: [ColumnType],
        values: inout [PieceValue], _ visit: (UnsafeBufferPointer<PieceValue>) -> Void
    ) -> Int {
        let last = min(limit, row &+ SimpleRecordRun.longestRun)
        let end = last < rowCount ? offset(ofRow: last) : buffer.count
        var read = runs.read(at: offset(ofRow: row), records: last &- row, before: end)
        // The run's records must be the table's rows: in a file written to since it was
        // indexed, a record that starts where no row does ends the run, and each row after it
        // is read from where the row starts, as its cells are.
        for record in 1..<max(read, 1) where runs.starts[record] != offset(ofRow: row &+ record) {
            read = record
            break
        }
        let (buffer, fields, columns) = (buffer, runs.fields, self.columns.count)
        values.withUnsafeMutableBufferPointer { values in
            for record in 0..<read {
                let first = 2 &* record &* columns
                for (slot, index) in wanted.enumerated() {
                    let field = first &+ 2 &* index
                    let content = UnsafeBufferPointer(rebasing: buffer[fields[field]..<fields[field &+ 1]])
                    values[slot] = TypedField(content, type: types[slot]).pieceValue(text: content)
                }
                visit(UnsafeBufferPointer(values))
            }
        }
        return read
    }
}
