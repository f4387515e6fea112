import Tabular

// Fuzzes the CSV scanner: every delimiter, every record, every field materialised; the
// quicker paths (a record of simple fields read by its quotes' parity, a well-formed record
// read whole) against the field-by-field loop, record by record; and scans lent a memo of the
// records they read against scans without one, starting again on the next line after every
// record that spans lines.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for dialect in [CSVDialect.comma, .tab, .semicolon, .pipe] {
        var scanner = CSVScanner(bytes: bytes, dialect: dialect)
        var count = 0
        while let record = scanner.nextRecord() {
            for field in record.fields {
                _ = scanner.string(for: field)
                precondition(field.contentRange.upperBound <= bytes.count, "field past the end")
            }
            count += 1
            precondition(count <= bytes.count + 1, "more records than bytes")
        }
        bytes.withUnsafeBufferPointer { buffer in
            compareScans(in: buffer, dialect: dialect)
            for keeping in [1, 3, 70] { compareRemembered(in: buffer, dialect: dialect, keeping: keeping) }
        }
    }
    _ = try? TextDecoding.decodeBig5(bytes)
    return 0
}

/// Reads `buffer` record by record with the quicker paths and with the field loop alone, which
/// must agree on every record; a record of simple fields read alone, bounded by where the next
/// one starts, must be read as the loop reads it when it is read at all.
private func compareScans(in buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect) {
    var quick = CSVCursor(startOf: buffer)
    var loop = quick
    var quickFields: [CSVField] = []
    var loopFields: [CSVField] = []
    var quickIssues: [CSVIssue] = []
    var loopIssues: [CSVIssue] = []
    var simpleFields: [CSVField] = []
    while true {
        quickIssues.removeAll()
        loopIssues.removeAll()
        let a = CSVScanner.scanRecord(
            in: buffer, cursor: &quick, dialect: dialect, fields: &quickFields, issues: &quickIssues)
        let b = CSVScanner.scanRecord(
            in: buffer, cursor: &loop, dialect: dialect, fields: &loopFields, issues: &loopIssues,
            wholeRecords: false)
        precondition(a == b && quick == loop, "the record's span or the next record's start differ")
        precondition(quickFields == loopFields && quickIssues == loopIssues, "the record's fields differ")
        guard let span = b else { return }
        if let simple = CSVScanner.scanSimpleRecord(
            in: buffer, from: span.byteRange.lowerBound, before: loop.offset, dialect: dialect,
            fields: &simpleFields, fieldLimit: .max)
        {
            precondition(loopIssues.isEmpty && simpleFields == loopFields, "a simple record's fields differ")
            precondition(simple.end == span.byteRange.upperBound && simple.next == loop.offset, "its end differs")
        }
    }
}

/// Reads `buffer` as a table's index does, starting again on the next line after a record that
/// spans lines, with a memo and without: the records must agree (their fields and problems
/// when they have at most `keeping` fields, else their count and an unclosed quote).
private func compareRemembered(in buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, keeping: Int) {
    let memo = CSVRecordMemo(keeping: keeping, capacity: 500)
    var remembered = CSVCursor(startOf: buffer)
    var plain = remembered
    var rememberedFields: [CSVField] = []
    var plainFields: [CSVField] = []
    var rememberedIssues: [CSVIssue] = []
    var plainIssues: [CSVIssue] = []
    while true {
        rememberedIssues.removeAll()
        plainIssues.removeAll()
        let a = CSVScanner.scanRecord(
            in: buffer, cursor: &remembered, dialect: dialect, fields: &rememberedFields, issues: &rememberedIssues,
            memo: memo)
        let b = CSVScanner.scanRecord(
            in: buffer, cursor: &plain, dialect: dialect, fields: &plainFields, issues: &plainIssues)
        precondition(a?.span == b && remembered == plain, "the record's span or the next record's start differ")
        guard let span = b, let count = a?.fieldCount else { return }
        precondition(count == plainFields.count, "the record's field count differs")
        if count <= keeping {
            precondition(rememberedFields == plainFields && rememberedIssues == plainIssues, "the fields differ")
        } else {
            let unclosed = plainIssues.filter { $0.kind == .unterminatedQuote }
            precondition(rememberedIssues.filter { $0.kind == .unterminatedQuote } == unclosed, "unclosed differs")
        }
        guard buffer[span.byteRange].contains(where: { $0 == 0x0A || $0 == 0x0D }) else { continue }
        var index = span.byteRange.lowerBound
        while index < buffer.count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
        if index < buffer.count {
            if buffer[index] == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
            index += 1
        }
        remembered = CSVCursor(offset: index, line: span.line + 1)
        plain = remembered
    }
}
