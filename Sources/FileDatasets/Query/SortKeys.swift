import ListKit
import Tabular

/// One column's sort keys for every row of a table, computed once.
///
/// Keys follow the controller's `SortKey` rules: numbers (integers and decimals together) before
/// dates before text, missing values apart; text compares folded (`TextFolding.fold`), byte by
/// byte, which for text in Unicode normal form C is the order of `String`'s `<`.
final class SortKeys: Sendable {
    /// The kind of each row's key.
    enum Rank: UInt8, Sendable {
        case number = 0
        case date = 1
        case text = 2
        case missing = 3
    }

    /// Each row's rank.
    let ranks: [Rank]
    /// Each row's value: a number at the column's largest scale, a date as `yyyyMMdd`, or a
    /// text's first eight folded bytes (big-endian, so integers compare like the bytes).
    let values: [Int64]
    /// The exact numbers, kept only when bringing them to one scale would overflow.
    let exactNumbers: [ExactDecimal]?
    /// Folded text of every row, back to back; row `i` is `textBytes[textStarts[i]..<textStarts[i + 1]]`.
    let textBytes: [UInt8]
    let textStarts: [Int]

    /// Computes the keys of `column` for every row of `table`.
    ///
    /// - Complexity: O(n) in the size of the table.
    init(table: FileTable, column: Int) {
        let rowCount = table.rows.count
        let type = table.columns[column].type
        var ranks = [Rank](repeating: .missing, count: rowCount)
        var values = [Int64](repeating: 0, count: rowCount)
        var units: [Int64] = []
        var scales: [UInt8] = []
        if type.isNumeric {
            units = [Int64](repeating: 0, count: rowCount)
            scales = [UInt8](repeating: 0, count: rowCount)
        }
        var textBytes: [UInt8] = []
        var textStarts: [Int] = []
        var folder = ByteFolder()
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var largestScale = 0

        for row in 0..<rowCount {
            let textStart = textBytes.count
            if !textStarts.isEmpty || type == .text { textStarts.append(textStart) }
            table.scan(row: row, fields: &fields, issues: &issues)
            guard column < fields.count else { continue }
            let field = fields[column]
            let typed = table.withContent(of: field) { TypedField($0, type: type) }
            switch typed {
            case .missing:
                ranks[row] = .missing
            case .number(let number):
                ranks[row] = .number
                if units.isEmpty {
                    units = [Int64](repeating: 0, count: rowCount)
                    scales = [UInt8](repeating: 0, count: rowCount)
                }
                units[row] = number.units
                scales[row] = UInt8(number.scale)
                largestScale = max(largestScale, number.scale)
            case .date(let date):
                ranks[row] = .date
                values[row] = Int64(date.year * 10_000 + date.month * 100 + date.day)
            case .text:
                ranks[row] = .text
                if textStarts.isEmpty {
                    // The first text of a non-text column: start the offsets for the rows before it.
                    textStarts = [Int](repeating: 0, count: row + 1)
                }
                let folded = table.withContent(of: field) { folder.fold($0, into: &textBytes) }
                if !folded {
                    textBytes.removeSubrange(textStart...)
                    let text = field.string(in: table.buffer, quote: table.dialect.quote)
                    textBytes.append(contentsOf: TextFolding.fold(text).utf8)
                }
                values[row] = Self.prefix(textBytes, from: textStart)
            }
        }
        if !textStarts.isEmpty { textStarts.append(textBytes.count) }

        var exactNumbers: [ExactDecimal]?
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
        self.textBytes = textBytes
        self.textStarts = textStarts
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
