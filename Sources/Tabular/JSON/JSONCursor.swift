/// A position in JSON text (RFC 8259) and the small parser that moves it: the one JSON reader
/// of the package. It reads objects of scalar values for tables, keeps numbers exactly as
/// written, gives nested values as their raw text, and knows its line and column for messages.
///
/// Nothing here recurses over the input: nested values are skipped with a depth counter, and
/// deeper than `maximumDepth` is an error, so no input can exhaust the stack.
package struct JSONCursor {
    package let bytes: UnsafeBufferPointer<UInt8>
    package var index: Int
    /// The 1-based line at ``index``.
    package private(set) var line: Int
    /// Where the current line starts, for the column in messages.
    private var lineStart: Int

    /// How deep arrays and objects may nest. Tables are shallow; this bounds the work a
    /// hostile file can ask for and gives it a clear message.
    package static let maximumDepth = 512

    package init(bytes: UnsafeBufferPointer<UInt8>, index: Int = 0, line: Int = 1) {
        self.bytes = bytes
        self.index = index
        self.line = line
        self.lineStart = index
    }

    /// A member value, ready to be a table cell.
    package enum Value: Sendable, Hashable {
        /// A string's unescaped UTF-8, a number as written, `true`/`false`, or the raw text of
        /// an array or object.
        case text([UInt8])
        case null
    }

    package var isAtEnd: Bool { index >= bytes.count }

    package var current: UInt8? { index < bytes.count ? bytes[index] : nil }

    /// The 1-based column at ``index``, counted in characters of the line.
    package var column: Int {
        var count = 1
        var position = lineStart
        while position < index, position < bytes.count {
            // Count the first byte of each UTF-8 sequence only.
            if bytes[position] & 0xC0 != 0x80 { count += 1 }
            position += 1
        }
        return count
    }

    /// Skips spaces, tabs and line breaks (or only spaces and tabs when `acrossLines` is false).
    package mutating func skipWhitespace(acrossLines: Bool = true) {
        while index < bytes.count {
            switch bytes[index] {
            case 0x20, 0x09: index += 1
            case 0x0A where acrossLines:
                index += 1
                startLine()
            case 0x0D where acrossLines:
                index += 1
                if index >= bytes.count || bytes[index] != 0x0A { startLine() }
            default: return
            }
        }
    }

    private mutating func startLine() {
        line += 1
        lineStart = index
    }

    /// Consumes `byte` or throws.
    package mutating func expect(_ byte: UInt8, _ what: String) throws(JSONProblem) {
        guard current == byte else { throw problem("expected \(what)") }
        index += 1
    }

    /// A problem at the current position.
    package func problem(_ message: String) -> JSONProblem {
        guard let byte = current else {
            return JSONProblem(line: line, column: column, message: "\(message), found the end")
        }
        let shown = byte >= 0x20 && byte < 0x7F ? "\"\(Character(Unicode.Scalar(byte)))\"" : "byte \(byte)"
        return JSONProblem(line: line, column: column, message: "\(message), found \(shown)")
    }

    /// The problem of a value nested deeper than `maximumDepth`.
    func tooDeep() -> JSONProblem {
        JSONProblem(
            line: line, column: column,
            message: "nested deeper than \(Self.maximumDepth) levels; tables are read here, not trees")
    }

    /// Reads an object, calling `member` with each key and value in order. Nested arrays and
    /// objects are given as their raw text.
    ///
    /// - Complexity: O(n) in the length of the object.
    package mutating func readObject(_ member: (_ key: [UInt8], _ value: Value) -> Void) throws(JSONProblem) {
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
    package mutating func readValue() throws(JSONProblem) -> Value {
        guard let byte = current else { throw problem("expected a value") }
        switch byte {
        case UInt8(ascii: "\""):
            return .text(try readString())
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            let start = index
            try skipValue()
            return .text(Array(bytes[start..<index]))
        case UInt8(ascii: "n"):
            try readWord("null")
            return .null
        default:
            let start = index
            try readScalar()
            return .text(Array(bytes[start..<index]))
        }
    }

    /// Moves past any value, checking its syntax, without recursing: containers are tracked
    /// by a stack of one bit each (object or array).
    package mutating func skipValue() throws(JSONProblem) {
        // true for an object, false for an array.
        var open: [Bool] = []
        while true {
            skipWhitespace()
            guard let byte = current else { throw problem("expected a value") }
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard open.count < Self.maximumDepth else { throw tooDeep() }
                let isObject = byte == UInt8(ascii: "{")
                index += 1
                skipWhitespace()
                if current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    index += 1
                } else {
                    open.append(isObject)
                    if isObject { try readKey() }
                    continue
                }
            case UInt8(ascii: "\""):
                _ = try readString()
            case UInt8(ascii: "n"):
                try readWord("null")
            default:
                try readScalar()
            }
            // A value ended: close what ends with it, then expect the next member or element.
            while let isObject = open.last {
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                    if isObject { try readKey() }
                    break
                }
                try expect(
                    isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"),
                    isObject ? "\",\" or \"}\" in an object" : "\",\" or \"]\" in an array")
                open.removeLast()
            }
            if open.isEmpty { return }
        }
    }

    /// Reads `"key":` inside an object.
    private mutating func readKey() throws(JSONProblem) {
        skipWhitespace()
        guard current == UInt8(ascii: "\"") else { throw problem("expected a quoted key") }
        _ = try readString()
        skipWhitespace()
        try expect(UInt8(ascii: ":"), "\":\" after a key")
    }

    /// Moves past `true`, `false` or a number.
    mutating func readScalar() throws(JSONProblem) {
        switch current {
        case UInt8(ascii: "t"): try readWord("true")
        case UInt8(ascii: "f"): try readWord("false")
        case UInt8(ascii: "-"), .some(UInt8(ascii: "0")...UInt8(ascii: "9")): try skipNumber()
        default: throw problem("expected a value")
        }
    }

    mutating func readWord(_ word: StaticString) throws(JSONProblem) {
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
    package mutating func readString() throws(JSONProblem) -> [UInt8] {
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
            while (0xD800...0xDBFF).contains(scalar) {
                // A surrogate pair: the low half must follow as another \u escape.
                guard index + 1 < bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u")
                else {
                    scalar = 0xFFFD
                    break
                }
                index += 2
                let next = try readHex4()
                if (0xDC00...0xDFFF).contains(next) {
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (next - 0xDC00)
                    break
                }
                // A high half alone is a replacement character; the escape after it is a
                // character of its own, never swallowed.
                UTF8Scalar.append(0xFFFD, to: &result)
                scalar = next
            }
            if (0xDC00...0xDFFF).contains(scalar) { scalar = 0xFFFD }
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
