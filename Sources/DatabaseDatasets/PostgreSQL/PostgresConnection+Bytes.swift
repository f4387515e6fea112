import BrowseSupport

extension PostgresConnection {
    /// A statement without parameters runs as `COPY (…) TO STDOUT` in the text format, whose
    /// rows arrive whole, a few at a time, rather than as one result each (libpq's single-row
    /// mode makes a result per row, the cost of an export of millions); its fields are
    /// unescaped in place. `COPY` takes no bound parameters and a value is never written into
    /// a statement's text, so a statement with parameters runs as itself, bound.
    package func runBytes(
        _ statement: SQLStatement, stop: StopFlag, row: ([UnsafeBufferPointer<UInt8>?]) throws -> Void
    ) throws {
        guard statement.parameters.isEmpty else {
            var buffer = RowBytes()
            try run(statement, stop: stop) { fields in try buffer.withFields(of: fields, row) }
            return
        }
        var decoded = CopyTextRow()
        try copy(statement.text, format: "text", stop: stop) { chunk in
            try decoded.decode(chunk, row)
        }
    }
}

/// One row of `COPY … TO STDOUT` in the text format, its fields unescaped into one buffer:
/// tabs between fields, `\N` for NULL, and backslash escapes (`\t`, `\n`, `\\`, octal, `\x`).
struct CopyTextRow {
    private var row = RowBytes()

    /// Decodes `line` (one row, with or without its line feed) and calls `body` with its fields.
    ///
    /// - Complexity: O(n) in the length of the line.
    mutating func decode(
        _ line: UnsafeRawBufferPointer, _ body: ([UnsafeBufferPointer<UInt8>?]) throws -> Void
    ) throws {
        row.removeAll()
        var count = line.count
        if count > 0, line[count - 1] == UInt8(ascii: "\n") { count -= 1 }
        var index = 0
        var fieldStart = 0
        var isNull = false
        while index < count {
            let byte = line[index]
            index += 1
            if byte == UInt8(ascii: "\t") {
                row.endField(isNull: isNull)
                isNull = false
                fieldStart = index
                continue
            }
            guard byte == UInt8(ascii: "\\"), index < count else {
                row.append(byte)
                continue
            }
            let escaped = line[index]
            index += 1
            switch escaped {
            case UInt8(ascii: "N") where index - 2 == fieldStart: isNull = true
            case UInt8(ascii: "b"): row.append(8)
            case UInt8(ascii: "f"): row.append(12)
            case UInt8(ascii: "n"): row.append(10)
            case UInt8(ascii: "r"): row.append(13)
            case UInt8(ascii: "t"): row.append(9)
            case UInt8(ascii: "v"): row.append(11)
            case UInt8(ascii: "0")...UInt8(ascii: "7"):
                var value = Int(escaped - UInt8(ascii: "0"))
                for _ in 0..<2 where index < count && (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(line[index]) {
                    value = value * 8 + Int(line[index] - UInt8(ascii: "0"))
                    index += 1
                }
                row.append(UInt8(truncatingIfNeeded: value))
            case UInt8(ascii: "x"):
                var value = 0
                var digits = 0
                while digits < 2, index < count, let digit = Self.hexValue(line[index]) {
                    value = value * 16 + digit
                    index += 1
                    digits += 1
                }
                row.append(UInt8(truncatingIfNeeded: value))
            default: row.append(escaped)
            }
        }
        row.endField(isNull: isNull)
        try row.handOn(body)
    }

    private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(byte - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(byte - UInt8(ascii: "A")) + 10
        default: nil
        }
    }
}
