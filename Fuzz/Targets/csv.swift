import Tabular

// Fuzzes the CSV scanner: every delimiter, every record, every field materialised; and the
// quicker paths (a record of simple fields read by its quotes' parity, a well-formed record
// read whole) against the field-by-field loop, record by record.
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
        bytes.withUnsafeBufferPointer { compareScans(in: $0, dialect: dialect) }
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
