import BrowseSupport
import Dispatch
import ListKit
import Synchronization
import Tabular

/// One column's sort keys for every row of a table, computed once.
///
/// Keys follow the controller's `SortKey` rules: numbers (integers and decimals together) before
/// dates before date-times before times of day before text, missing values apart; date-times
/// compare as instants (`DateTime`'s order); text compares folded (`TextFolding.fold`), byte by
/// byte, which for text in Unicode normal form C is the order of `String`'s `<`.
final class SortKeys: Sendable {
    /// The kind of each row's key.
    enum Rank: UInt8, Sendable {
        case number = 0
        case date = 1
        case dateTime = 2
        case time = 3
        case text = 4
        case missing = 5
    }

    /// Each row's rank.
    let ranks: [Rank]
    /// Each row's value: a number at the column's largest scale, a date as `yyyyMMdd`, a
    /// date-time as whole microseconds since 1970 (UTC, which fits every year 1–9999), a time
    /// of day as nanoseconds since midnight, or a text's first eight folded bytes (big-endian, so
    /// integers compare like the bytes).
    let values: [Int64]
    /// The exact numbers, kept only when bringing them to one scale would overflow.
    let exactNumbers: [ExactDecimal]?
    /// Each date-time's nanoseconds past its microsecond (0–999), which order date-times whose
    /// microseconds tie; kept only when a row has any.
    let nanosecondRests: [UInt16]?
    /// Folded text of every row, back to back; row `i` is `textBytes[textStarts[i]..<textStarts[i + 1]]`.
    let textBytes: [UInt8]
    let textStarts: [Int]

    /// Computes the keys of `column` for every row of `table`, in pieces on all cores.
    ///
    /// - Parameter pieces: How many pieces; by default one per core for a large table.
    /// - Complexity: O(n) in the size of the table.
    init(table: FileTable, column: Int, pieces requestedPieces: Int? = nil) {
        let rowCount = table.rowCount
        let type = table.columns[column].type
        let pieceCount = max(1, requestedPieces ?? (rowCount >= 100_000 ? min(8, SystemIO.processorCount) : 1))
        var pieces: [Piece] = []
        var units: [Int64] = []
        var scales: [UInt8] = []
        var ranks = [Rank](repeating: .missing, count: rowCount)
        var values = [Int64](repeating: 0, count: rowCount)
        var rests: [UInt16] = []
        if type.isNumeric {
            units = [Int64](repeating: 0, count: rowCount)
            scales = [UInt8](repeating: 0, count: rowCount)
        }
        if type == .dateTime { rests = [UInt16](repeating: 0, count: rowCount) }
        ranks.withUnsafeMutableBufferPointer { ranks in
            values.withUnsafeMutableBufferPointer { values in
                units.withUnsafeMutableBufferPointer { units in
                    scales.withUnsafeMutableBufferPointer { scales in
                        rests.withUnsafeMutableBufferPointer { rests in
                            let output = Output(
                                ranks: SharedMemory(ranks), values: SharedMemory(values),
                                units: SharedMemory(units), scales: SharedMemory(scales), rests: SharedMemory(rests))
                            pieces = ParallelWork.map(pieceCount) { piece in
                                let range = ParallelWork.range(ofPiece: piece, of: pieceCount, count: rowCount)
                                return Self.keys(of: range, column: column, type: type, in: table, into: output)
                            }.compactMap { $0 }
                        }
                    }
                }
            }
        }

        // Join the pieces' texts into one run of bytes.
        var textBytes: [UInt8] = []
        var textStarts: [Int] = []
        if pieces.contains(where: { !$0.textStarts.isEmpty }) {
            textBytes.reserveCapacity(pieces.reduce(0) { $0 + $1.textBytes.count })
            textStarts.reserveCapacity(rowCount + 1)
            for piece in pieces {
                let base = textBytes.count
                if piece.textStarts.isEmpty {
                    textStarts.append(contentsOf: repeatElement(base, count: piece.rows.count))
                } else {
                    textStarts.append(contentsOf: piece.textStarts.map { $0 + base })
                }
                textBytes.append(contentsOf: piece.textBytes)
            }
            textStarts.append(textBytes.count)
        }

        // Bring every number to the column's largest scale, so numbers compare as integers.
        var exactNumbers: [ExactDecimal]?
        let largestScale = pieces.map(\.largestScale).max() ?? 0
        if !units.isEmpty {
            var overflow = false
            for row in 0..<rowCount where ranks[row] == .number {
                var value = units[row]
                for _ in Int(scales[row])..<largestScale {
                    let (next, overflowed) = value.multipliedReportingOverflow(by: 10)
                    if overflowed { overflow = true }
                    value = next
                }
                values[row] = value
            }
            if overflow {
                exactNumbers = (0..<rowCount).map { ExactDecimal(units: units[$0], scale: Int(scales[$0])) }
            }
        }
        self.ranks = ranks
        self.values = values
        self.exactNumbers = exactNumbers
        self.nanosecondRests = pieces.contains(where: \.hasNanosecondRests) ? rests : nil
        self.textBytes = textBytes
        self.textStarts = textStarts
    }

    /// Where the pieces write each row's key.
    private struct Output: Sendable {
        let ranks: SharedMemory<Rank>
        let values: SharedMemory<Int64>
        let units: SharedMemory<Int64>
        let scales: SharedMemory<UInt8>
        let rests: SharedMemory<UInt16>
    }

    /// One piece's texts and largest scale.
    private struct Piece: Sendable {
        let rows: Range<Int>
        var textBytes: [UInt8] = []
        /// Where each row's text starts in `textBytes`; empty while the piece has met no text.
        var textStarts: [Int] = []
        var largestScale = 0
        /// True when a date-time of the piece is finer than a microsecond.
        var hasNanosecondRests = false
    }

    /// Reads the keys of the rows in `range`, writing ranks, values, units and scales to `output`.
    private static func keys(
        of range: Range<Int>, column: Int, type: ColumnType, in table: FileTable, into output: Output
    ) -> Piece {
        var piece = Piece(rows: range)
        var folder = ByteFolder()
        var scratch = RowScratch()
        // The pass reads its rows front to back: the file's pages it has read can go.
        var releaser = range.isEmpty ? nil : PageReleaser(table.bytes, from: table.offset(ofRow: range.lowerBound))
        for row in range {
            if row & 0x3FFF == 0 { releaser?.reached(table.offset(ofRow: row)) }
            if !piece.textStarts.isEmpty { piece.textStarts.append(piece.textBytes.count) }
            // The field of a simple record (nearly every record of most files) is found by the
            // record's marks alone; the rest are read by the field loop.
            if let found = table.simpleField(column, ofRow: row) {
                let content = UnsafeBufferPointer(rebasing: table.buffer[found])
                key(of: content, row: row, in: range, type: type, piece: &piece, folder: &folder, output: output)
                continue
            }
            table.scan(row: row, fields: &scratch.fields, issues: &scratch.issues, limit: column + 1)
            guard column < scratch.fields.count else { continue }
            table.withContent(of: scratch.fields[column]) { content in
                key(of: content, row: row, in: range, type: type, piece: &piece, folder: &folder, output: output)
            }
        }
        return piece
    }

    /// Writes the key of row `row`, whose field holds `content` (quotes undone), to `output`.
    private static func key(
        of content: UnsafeBufferPointer<UInt8>, row: Int, in range: Range<Int>, type: ColumnType,
        piece: inout Piece, folder: inout ByteFolder, output: Output
    ) {
        switch TypedField(content, type: type) {
        case .missing:
            output.ranks.buffer[row] = .missing
        case .number(let number):
            output.ranks.buffer[row] = .number
            if !output.units.buffer.isEmpty {
                output.units.buffer[row] = number.units
                output.scales.buffer[row] = UInt8(number.scale)
            }
            piece.largestScale = max(piece.largestScale, number.scale)
        case .date(let date):
            output.ranks.buffer[row] = .date
            output.values.buffer[row] = Int64(date.year * 10_000 + date.month * 100 + date.day)
        case .dateTime(let dateTime):
            output.ranks.buffer[row] = .dateTime
            output.values.buffer[row] =
                dateTime.secondsSince1970 * 1_000_000 + Int64(dateTime.nanosecond / 1_000)
            let rest = dateTime.nanosecond % 1_000
            if rest != 0, !output.rests.buffer.isEmpty {
                output.rests.buffer[row] = UInt16(rest)
                piece.hasNanosecondRests = true
            }
        case .time(let time):
            output.ranks.buffer[row] = .time
            output.values.buffer[row] = time.nanosecondOfDay
        case .text:
            output.ranks.buffer[row] = .text
            if piece.textStarts.isEmpty {
                // The first text of the piece: the rows before it have empty texts.
                piece.textStarts = [Int](repeating: 0, count: row - range.lowerBound + 1)
            }
            let textStart = piece.textBytes.count
            if !folder.fold(content, into: &piece.textBytes) {
                piece.textBytes.removeSubrange(textStart...)
                let text = String(decoding: content, as: UTF8.self)
                piece.textBytes.append(contentsOf: TextFolding.fold(text).utf8)
            }
            output.values.buffer[row] = Self.prefix(piece.textBytes, from: textStart)
        }
    }

    /// The first eight bytes from `start`, big-endian, zero-padded.
    private static func prefix(_ bytes: [UInt8], from start: Int) -> Int64 {
        var value: UInt64 = 0
        for index in 0..<8 {
            value <<= 8
            if start + index < bytes.count { value |= UInt64(bytes[start + index]) }
        }
        // Flip the sign bit so that signed comparison orders like unsigned bytes.
        return Int64(bitPattern: value ^ (1 << 63))
    }

    /// Compares the texts of two rows: negative when `left` sorts first, zero when equal
    /// (byte order; a text that is a prefix of another sorts first).
    func compareTexts(_ left: Int, _ right: Int) -> Int {
        if values[left] != values[right] { return values[left] < values[right] ? -1 : 1 }
        let a = textStarts[left]..<textStarts[left + 1]
        let b = textStarts[right]..<textStarts[right + 1]
        return textBytes.withUnsafeBufferPointer { bytes in
            let common = min(a.count, b.count)
            var index = 8
            while index < common {
                let x = bytes[a.lowerBound + index]
                let y = bytes[b.lowerBound + index]
                if x != y { return x < y ? -1 : 1 }
                index += 1
            }
            return a.count == b.count ? 0 : (a.count < b.count ? -1 : 1)
        }
    }
}
