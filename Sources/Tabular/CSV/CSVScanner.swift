/// A byte-level scanner for comma-, tab-, semicolon- or pipe-separated text (RFC 4180).
///
/// The scanner finds records and fields as byte ranges and copies nothing; strings are made
/// only on request. It understands quoted fields holding delimiters, doubled quotes (`""`) and
/// line breaks; LF, CRLF and lone CR line ends; and a leading UTF-8 byte order mark. It never
/// stops on bad input: a quote that is never closed, or text after a closing quote, is kept and
/// reported as a ``CSVIssue`` with its line number.
///
/// Scan record by record, reusing one field array:
///
/// ```swift
/// var scanner = CSVScanner(bytes: Array(text.utf8))
/// var fields: [CSVField] = []
/// while let record = scanner.nextRecord(fields: &fields) {
///     print(record.line, fields.map(scanner.string(for:)))
/// }
/// ```
///
/// or read a small file at once with ``records(in:dialect:)``. A module with its own
/// buffer (a memory-mapped file) calls ``scanRecord(in:cursor:dialect:fields:issues:)`` directly.
///
/// The scanner works on bytes: decode other encodings (Big5) to UTF-8 first, because a
/// multi-byte character's second byte may equal a delimiter such as `|`.
package struct CSVScanner: Sendable {
    /// The bytes being scanned.
    package let bytes: [UInt8]
    /// The dialect in use.
    package let dialect: CSVDialect
    /// True when the input starts with a UTF-8 byte order mark, which is skipped.
    package let hasByteOrderMark: Bool
    /// Where the next record starts.
    package private(set) var cursor: CSVCursor
    /// Problems found so far, in file order.
    package private(set) var issues: [CSVIssue] = []

    /// Creates a scanner positioned at the first record.
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes, UTF-8 (or ASCII-compatible text already decoded to UTF-8).
    ///   - dialect: The delimiter and quoting rules; comma-separated by default.
    package init(bytes: [UInt8], dialect: CSVDialect = .comma) {
        self.bytes = bytes
        self.dialect = dialect
        let start = bytes.withUnsafeBufferPointer { CSVCursor(startOf: $0) }
        self.cursor = start
        self.hasByteOrderMark = start.offset > 0
    }

    /// True when every record has been read.
    package var isAtEnd: Bool { cursor.offset >= bytes.count }

    /// Reads the next record, putting its fields into `fields` (whose old contents are removed
    /// and whose storage is reused).
    ///
    /// - Parameter fields: Receives the record's fields.
    /// - Returns: The record's line and bytes, or `nil` at the end of the input.
    /// - Complexity: O(n) in the length of the record.
    package mutating func nextRecord(fields: inout [CSVField]) -> CSVRecordSpan? {
        var cursor = self.cursor
        // Move the issues out and back so that appending never copies the array.
        var issues: [CSVIssue] = []
        swap(&issues, &self.issues)
        let dialect = self.dialect
        let span = bytes.withUnsafeBufferPointer { buffer in
            Self.scanRecord(in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues)
        }
        self.cursor = cursor
        swap(&issues, &self.issues)
        return span
    }

    /// Reads the next record into a new ``CSVRecord``.
    ///
    /// - Returns: The record, or `nil` at the end of the input.
    /// - Complexity: O(n) in the length of the record.
    package mutating func nextRecord() -> CSVRecord? {
        var fields: [CSVField] = []
        guard let span = nextRecord(fields: &fields) else { return nil }
        return CSVRecord(line: span.line, byteRange: span.byteRange, fields: fields)
    }

    /// The text of a field of this scanner's input, quotes removed and `""` unescaped.
    ///
    /// - Complexity: O(n) in the length of the field.
    package func string(for field: CSVField) -> String {
        bytes.withUnsafeBufferPointer { field.string(in: $0, quote: dialect.quote) }
    }

    /// Reads a whole input into strings.
    ///
    /// - Parameters:
    ///   - bytes: UTF-8 text, with or without a byte order mark.
    ///   - dialect: The delimiter and quoting rules.
    /// - Returns: Every record with its line number, and every issue met.
    /// - Complexity: O(n) in the size of the input.
    package static func records(in bytes: [UInt8], dialect: CSVDialect = .comma) -> CSVDocument {
        var scanner = CSVScanner(bytes: bytes, dialect: dialect)
        var fields: [CSVField] = []
        var records: [CSVTextRecord] = []
        while let span = scanner.nextRecord(fields: &fields) {
            records.append(CSVTextRecord(line: span.line, fields: fields.map(scanner.string(for:))))
        }
        return CSVDocument(records: records, issues: scanner.issues, hadByteOrderMark: scanner.hasByteOrderMark)
    }

    /// Reads a whole string into records.
    ///
    /// - Complexity: O(n) in the size of the input.
    package static func records(in text: String, dialect: CSVDialect = .comma) -> CSVDocument {
        records(in: Array(text.utf8), dialect: dialect)
    }

    /// Scans one record of `buffer` starting at `cursor`, the building block for indexes over
    /// buffers the caller owns.
    ///
    /// Blank lines before the record are skipped when the dialect says so. On return `cursor`
    /// points past the record's line terminator.
    ///
    /// - Parameters:
    ///   - buffer: The whole input.
    ///   - cursor: Where to start; moved to the next record. Start with ``CSVCursor/init(startOf:)``.
    ///   - dialect: The delimiter and quoting rules.
    ///   - fields: Emptied (keeping its capacity), then filled with the record's fields.
    ///   - issues: Problems found in this record are appended.
    ///   - fieldLimit: The scan stops after this many fields, for a caller that reads the first
    ///     few and knows where the next record starts; the cursor and the span's end are then
    ///     those of the last field read, not of the record.
    ///   - wholeRecords: Whether a record without problems is read by the quicker path (the
    ///     default); false reads every record field by field, as tests compare the two.
    /// - Returns: The record's line and byte range, or `nil` when no record is left.
    /// - Complexity: O(n) in the length of the record (and of the blank lines before it).
    package static func scanRecord(
        in buffer: UnsafeBufferPointer<UInt8>,
        cursor: inout CSVCursor,
        dialect: CSVDialect,
        fields: inout [CSVField],
        issues: inout [CSVIssue],
        fieldLimit: Int = .max,
        wholeRecords: Bool = true
    ) -> CSVRecordSpan? {
        scanRecord(
            in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues, fieldLimit: fieldLimit,
            wholeRecords: wholeRecords, memo: nil)?.span
    }

    /// Scans one record as ``scanRecord(in:cursor:dialect:fields:issues:fieldLimit:wholeRecords:)``
    /// does, for a reader that may start again inside records it has read: a scan that meets a
    /// field of a record `memo` remembers takes the rest of that record from it.
    ///
    /// `fields` then holds the record's fields only when it has at most
    /// ``CSVRecordMemo/keeping`` of them. Of the problems in the fields not held, only a quote
    /// never closed is reported.
    ///
    /// - Returns: The record's line and byte range, and how many fields it has; `nil` when no
    ///   record is left.
    /// - Complexity: O(n) in the length of the record, and, over the records from one start
    ///   to the end of the input, O(n) in its size however often reading starts again inside them.
    package static func scanRecord(
        in buffer: UnsafeBufferPointer<UInt8>,
        cursor: inout CSVCursor,
        dialect: CSVDialect,
        fields: inout [CSVField],
        issues: inout [CSVIssue],
        memo: CSVRecordMemo
    ) -> (span: CSVRecordSpan, fieldCount: Int)? {
        scanRecord(
            in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues, fieldLimit: .max,
            wholeRecords: true, memo: memo)
    }

    /// The scan of both: with a memo, a record read field by field is remembered or meets one.
    private static func scanRecord(
        in buffer: UnsafeBufferPointer<UInt8>,
        cursor: inout CSVCursor,
        dialect: CSVDialect,
        fields: inout [CSVField],
        issues: inout [CSVIssue],
        fieldLimit: Int,
        wholeRecords: Bool,
        memo: CSVRecordMemo?
    ) -> (span: CSVRecordSpan, fieldCount: Int)? {
        let count = buffer.count
        let delimiter = dialect.delimiter
        let quote = dialect.quote
        var index = cursor.offset
        var line = cursor.line

        if dialect.skipsBlankLines {
            while index < count {
                let byte = buffer[index]
                if byte == ASCII.lineFeed {
                    index += 1
                } else if byte == ASCII.carriageReturn {
                    index += 1
                    if index < count, buffer[index] == ASCII.lineFeed { index += 1 }
                } else {
                    break
                }
                line += 1
            }
        }
        guard index < count else {
            fields.removeAll(keepingCapacity: true)
            cursor = CSVCursor(offset: count, line: line)
            return nil
        }

        let recordStart = index
        let recordLine = line
        if wholeRecords,
            let record = scanSimpleRecord(
                in: buffer, from: index, before: count, dialect: dialect, fields: &fields, fieldLimit: fieldLimit)
                ?? scanWellFormedRecord(
                    in: buffer, from: index, dialect: dialect, fields: &fields, fieldLimit: fieldLimit)
        {
            cursor = CSVCursor(offset: record.next, line: line + record.lines)
            return (CSVRecordSpan(line: recordLine, byteRange: recordStart..<record.end), fields.count)
        }
        // A record with a problem is read again field by field, which finds and reports it.
        fields.removeAll(keepingCapacity: true)
        var window = StopWindow(delimiter: delimiter, quote: quote)
        var recordEnd = index
        var lastLine = line
        let firstIssue = issues.count
        var met: (start: Int, mark: CSVRecordMemo.Mark)?
        // Only records read field by field are remembered, and met.
        memo?.forget(before: recordStart)
        let remembering = memo.map { !$0.isEmpty } ?? false

        fieldLoop: while true {
            let fieldStart = index
            let fieldLine = line
            if remembering, !fields.isEmpty, let memo, let mark = memo.mark(at: fieldStart) {
                met = (fieldStart, mark)
                break fieldLoop
            }
            if index < count, buffer[index] == quote {
                index += 1
                let contentStart = index
                var needsUnescaping = false
                var closingQuote: Int?
                while index < count {
                    index = window.nextQuoteOrLineEnd(in: buffer, from: index)
                    guard index < count else { break }
                    let byte = buffer[index]
                    if byte == quote {
                        if index + 1 < count, buffer[index + 1] == quote {
                            needsUnescaping = true
                            index += 2
                            continue
                        }
                        closingQuote = index
                        index += 1
                        break
                    }
                    if byte == ASCII.lineFeed {
                        line += 1
                    } else if index + 1 >= count || buffer[index + 1] != ASCII.lineFeed {
                        line += 1
                    }
                    index += 1
                }
                guard let closing = closingQuote else {
                    issues.append(CSVIssue(kind: .unterminatedQuote, line: fieldLine, byteOffset: fieldStart))
                    fields.append(CSVField(contentRange: contentStart..<count, isQuoted: true, needsUnescaping: true))
                    recordEnd = count
                    lastLine = line
                    break fieldLoop
                }
                var contentEnd = closing
                if index < count {
                    let next = buffer[index]
                    if next != delimiter, next != ASCII.lineFeed, next != ASCII.carriageReturn {
                        issues.append(CSVIssue(kind: .textAfterClosingQuote, line: line, byteOffset: index))
                        while index < count {
                            let byte = buffer[index]
                            if byte == delimiter || byte == ASCII.lineFeed || byte == ASCII.carriageReturn { break }
                            index += 1
                        }
                        contentEnd = index
                        needsUnescaping = true
                    }
                }
                fields.append(
                    CSVField(contentRange: contentStart..<contentEnd, isQuoted: true, needsUnescaping: needsUnescaping))
            } else {
                var strayQuote: Int?
                while index < count {
                    index = window.nextStop(in: buffer, from: index)
                    guard index < count, buffer[index] == quote else { break }
                    if strayQuote == nil { strayQuote = index }
                    index += 1
                }
                if let strayQuote {
                    issues.append(CSVIssue(kind: .quoteInUnquotedField, line: line, byteOffset: strayQuote))
                }
                fields.append(CSVField(contentRange: fieldStart..<index, isQuoted: false, needsUnescaping: false))
            }

            // After a field: a delimiter, a line end, or the end of the input.
            recordEnd = index
            lastLine = line
            guard index < count, fields.count < fieldLimit else { break fieldLoop }
            let byte = buffer[index]
            if byte == delimiter {
                index += 1
                continue fieldLoop
            }
            index += 1
            if byte == ASCII.carriageReturn, index < count, buffer[index] == ASCII.lineFeed { index += 1 }
            line += 1
            break fieldLoop
        }

        var next = CSVCursor(offset: max(index, recordEnd), line: line)
        let fieldCount =
            memo?.complete(
                fields: &fields, issues: &issues, firstIssue: firstIssue, met: met, recordLine: recordLine,
                end: &recordEnd, next: &next, lastLine: lastLine) ?? fields.count
        cursor = next
        return (CSVRecordSpan(line: recordLine, byteRange: recordStart..<recordEnd), fieldCount)
    }
}
