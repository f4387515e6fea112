import Tabular

/// Where the table of a delimited file starts and ends when lines around it are not part of it:
/// the exchanges' per-stock CSV and many government files put a title above the header and
/// notes below the rows.
///
/// ```text
/// "110年07月 2330 台積電           各日成交資訊"          ← a title: shown above the table
/// "日期","成交股數",…,"成交筆數",                        ← the header: the body's field count
/// "110/07/01","18,719,706",…,"20,565",
/// "說明:"                                              ← notes: shown, not counted as bad rows
/// ```
enum TableFrame {
    /// How many records are read to learn the body's field count.
    static let sampledRecords = 200

    /// The header's record, when lines above it are not part of the table: the first record
    /// with the field count most of the first records have, if the first record has another.
    /// `nil` when the first record is the header (the usual case).
    ///
    /// - Returns: Where the header starts, and the text of each non-blank line above it.
    /// - Complexity: O(k) in the size of the first `sampledRecords` records.
    static func header(in buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) -> (
        start: CSVCursor, lines: [String]
    )? {
        var cursor = CSVCursor(startOf: buffer)
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var records: [(start: CSVCursor, count: Int, text: String)] = []
        while records.count < sampledRecords {
            let start = cursor
            guard
                CSVScanner.scanRecord(in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues)
                    != nil
            else { break }
            issues.removeAll(keepingCapacity: true)
            records.append((start, fields.count, text(of: fields, in: buffer, dialect: dialect)))
        }
        var tally: [Int: Int] = [:]
        for record in records where record.count > 1 { tally[record.count, default: 0] += 1 }
        guard let body = tally.max(by: { ($0.value, $1.key) < ($1.value, $0.key) }), body.value >= 2,
            let first = records.first, first.count != body.key,
            let header = records.firstIndex(where: { $0.count == body.key })
        else { return nil }
        return (records[header].start, records[..<header].map(\.text).filter { !$0.isEmpty })
    }

    /// The notes below the table: the records after its last row, when each holds at most one
    /// value (`"說明:"`, `"符號說明:+/-/X表示漲/跌/不比價"`). `nil` when there are none, or when
    /// one of them looks like a row gone wrong (more values, or a quote never closed: that
    /// record swallowed the rest of the file, so it must be reported, not shown as a note).
    ///
    /// - Parameter lastRow: Where the table's last row starts.
    /// - Returns: The notes' text, the line of the first, and how many records they are.
    static func notes(in buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, after lastRow: CSVCursor) -> (
        line: Int, lines: [String], records: Int
    )? {
        var cursor = lastRow
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        guard
            CSVScanner.scanRecord(in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues)
                != nil
        else { return nil }
        var lines: [String] = []
        var firstLine: Int?
        var records = 0
        while true {
            issues.removeAll(keepingCapacity: true)
            guard
                let span = CSVScanner.scanRecord(
                    in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues)
            else { break }
            let values = fields.filter { !$0.contentRange.isEmpty }
            guard values.count <= 1, !issues.contains(where: { $0.kind == .unterminatedQuote }) else { return nil }
            if firstLine == nil { firstLine = span.line }
            records += 1
            let line = text(of: fields, in: buffer, dialect: dialect)
            if !line.isEmpty { lines.append(line) }
        }
        guard let firstLine, !lines.isEmpty else { return nil }
        return (firstLine, lines, records)
    }

    /// A record's values joined by spaces, empty ones left out.
    private static func text(of fields: [CSVField], in buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect)
        -> String
    {
        fields.map { $0.string(in: buffer, quote: dialect.quote) }.filter { !$0.isEmpty }.joined(separator: " ")
    }
}
