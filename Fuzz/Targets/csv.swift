import Tabular

// Fuzzes the CSV scanner: every delimiter, every record, every field materialised.
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
    }
    _ = try? TextDecoding.decodeBig5(bytes)
    return 0
}
