import Tabular

// Fuzzes the one JSON reader: any bytes give a tree or a problem with a line and a column,
// never a crash, whatever the nesting; a tree's lines stay within the input's.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = UnsafeBufferPointer(start: data, count: size)
    // Line breaks as the reader counts them: LF, CR LF, and a CR alone.
    var lines = 1
    for index in bytes.indices
    where bytes[index] == 0x0A || (bytes[index] == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
        lines += 1
    }
    do throws(JSONProblem) {
        let value = try JSONReader.parse(bytes)
        precondition(value.line >= 1 && value.line <= lines, "a value's line is in the input")
    } catch {
        precondition(error.line >= 1 && error.line <= lines + 1, "a problem's line is in the input")
        precondition(error.column >= 1, "columns start at 1")
    }
    var cursor = JSONCursor(bytes: bytes)
    if cursor.current == UInt8(ascii: "{") {
        _ = try? cursor.readObject { _, _ in }
    }
    return 0
}
