/// A position in JSON text and the small parser that moves it: enough JSON (RFC 8259) to read
/// objects of scalar values, keeping numbers exactly as written and nested values as raw text.
struct JSONCursor {
    let bytes: UnsafeBufferPointer<UInt8>
    var index: Int
    /// The 1-based line at ``index``.
    var line: Int

    init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.index = index
        self.line = line
    }

    /// A member value, ready to be a table cell.
    enum Value {
        /// A string's unescaped UTF-8, a number as written, `true`/`false`, or the raw text of
        /// an array or object.
        case text([UInt8])
        case null
    }

    var isAtEnd: Bool { index >= bytes.count }

    var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// Skips spaces, tabs and line breaks (or only spaces and tabs when `acrossLines` is false).
    mutating func skipWhitespace(acrossLines: Bool = true) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09: index += 1
            case 0x0A where acrossLines:
                line += 1
                index += 1
            case 0x0D where acrossLines:
                if index + 1 >= bytes.count || bytes[index + 1] != 0x0A { line += 1 }
                index += 1
            default: return
            }
        }
    }

    /// Consumes `byte` or throws.
    mutating func expect(_ byte: UInt8, _ what: String) throws(JSONProblem) {
        guard current == byte else { throw problem("expected \(what)") }
        index += 1
    }

    func problem(_ message: String) -> JSONProblem {
        guard let byte = current else { return JSONProblem(line: line, message: "\(message), found the end") }
        let shown = byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte \(byte)"
        return JSONProblem(line: line, message: "\(message), found \(shown)")
    }

    /// Reads an object, calling `member` with each key and value in order.
    ///
    /// - Complexity: O(n) in the length of the object.
    mutating func readObject(_ member: (_ key: [UInt8], _ value: Value) -> Void) throws(JSONProblem) {
        try expect(UInt8(ascii: "{"), "{")
        skipWhitespace()
        if current == UInt8(ascii: "}") {
            index += 1
            return
        }
        while true {
            skipWhitespace()
            guard current == UInt8(ascii: "\"") else { throw problem("expected a quoted key") }
            let key = try readString()
            skipWhitespace()
            try expect(UInt8(ascii: ":"), "\":\" after a key")
            skipWhitespace()
            member(key, try readValue())
            skipWhitespace()
            if current == UInt8(ascii: ",") {
                index += 1
                continue
            }
            try expect(UInt8(ascii: "}"), "\",\" or \"}\" in an object")
            return
        }
    }

    /// Reads any value as a cell.
    mutating func readValue() throws(JSONProblem) -> Value {
        guard let byte = current else { throw problem("expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = index
            try skipValue()
            return .text(Array(bytes[start..<index]))
        case UInt8(ascii: "t"):
            try readWord("true")
            return .text(Array("true".utf8))
        case UInt8(ascii: "f"):
            try readWord("false")
            return .text(Array("false".utf8))
        case UInt8(ascii: "n"):
            try readWord("null")
            return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let start = index
            try skipNumber()
            return .text(Array(bytes[start..<index]))
        default:
            throw problem("expected a value")
        }
    }

    /// Moves past any value, checking its syntax.
    mutating func skipValue() throws(JSONProblem) {
        guard let byte = current else { throw problem("expected a value") }
        switch byte {
        case UInt8(ascii: "{"):
            try readObject { _, _ in }
        case UInt8(ascii: "["):
            index += 1
            skipWhitespace()
            if current == UInt8(ascii: "]") {
                index += 1
                return
            }
            while true {
                skipWhitespace()
                try skipValue()
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    continue
                }
                try expect(UInt8(ascii: "]"), "\",\" or \"]\" in an array")
                return
            }
        default:
            _ = try readValue()
        }
    }

    private mutating func readWord(_ word: StaticString) throws(JSONProblem) {
        let count = word.utf8CodeUnitCount
        let matches = word.withUTF8Buffer { expected in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw problem("expected a value") }
        index += count
    }

    private mutating func skipNumber() throws(JSONProblem) {
        func digits() -> Int {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index - start
        }
        if current == UInt8(ascii: "-") { index += 1 }
        if current == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits() > 0 else { throw problem("expected digits in a number") }
        }
        if current == UInt8(ascii: ".") {
            index += 1
            guard digits() > 0 else { throw problem("expected digits after a decimal point") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            index += 1
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
            guard digits() > 0 else { throw problem("expected digits in an exponent") }
        }
    }

    /// Reads a string, returning its unescaped UTF-8.
    mutating func readString() throws(JSONProblem) -> [UInt8] {
        try expect(UInt8(ascii: "\""), "a string")
        var result: [UInt8] = []
        while true {
            guard let byte = current else { throw problem("a string is not closed") }
            switch byte {
            case UInt8(ascii: "\""):
                index += 1
                return result
            case UInt8(ascii: "\\"):
                index += 1
                try readEscape(into: &result)
            case 0x00..<0x20:
                throw problem("a control character inside a string")
            default:
                result.append(byte)
                index += 1
            }
        }
    }

    private mutating func readEscape(into result: inout [UInt8]) throws(JSONProblem) {
        guard let byte = current else { throw problem("a string is not closed") }
        index += 1
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): result.append(byte)
        case UInt8(ascii: "b"): result.append(0x08)
        case UInt8(ascii: "f"): result.append(0x0C)
        case UInt8(ascii: "n"): result.append(0x0A)
        case UInt8(ascii: "r"): result.append(0x0D)
        case UInt8(ascii: "t"): result.append(0x09)
        case UInt8(ascii: "u"):
            var scalar = try readHex4()
            if (0xD800...0xDBFF).contains(scalar) {
                // A surrogate pair: the low half must follow as another \u escape.
                if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u") {
                    index += 2
                    let low = try readHex4()
                    scalar =
                        (0xDC00...0xDFFF).contains(low) ? 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00) : 0xFFFD
                } else {
                    scalar = 0xFFFD
                }
            } else if (0xDC00...0xDFFF).contains(scalar) {
                scalar = 0xFFFD
            }
            UTF8Scalar.append(scalar, to: &result)
        default:
            index -= 1
            throw problem("an unknown escape in a string")
        }
    }

    private mutating func readHex4() throws(JSONProblem) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard let byte = current else { throw problem("expected four hex digits after \\u") }
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw problem("expected four hex digits after \\u")
            }
            value = value << 4 | digit
            index += 1
        }
        return value
    }
}
