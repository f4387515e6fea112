/// Reads a whole JSON document into a `JSONValue` tree, with the line of every value.
///
/// It works over bytes with `JSONCursor` and never recurses: open arrays and objects are kept
/// on an explicit stack, at most `JSONCursor.maximumDepth` deep, so a file nested a million
/// levels is one clear error, not a crash.
package enum JSONReader {
    /// Parses `bytes` (UTF-8; a byte order mark is skipped).
    ///
    /// - Throws: `JSONProblem` with the line and column of the first error.
    /// - Complexity: O(n) in the size of the input.
    package static func parse(_ bytes: [UInt8]) throws(JSONProblem) -> JSONValue {
        let outcome = bytes.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONProblem) in try parse(buffer) }
        }
        return try outcome.get()
    }

    /// Parses `bytes` (UTF-8; a byte order mark is skipped).
    ///
    /// - Throws: `JSONProblem` with the line and column of the first error.
    /// - Complexity: O(n) in the size of the input.
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONProblem) -> JSONValue {
        var cursor = JSONCursor(bytes: bytes, index: ByteOrderMark.length(in: bytes))
        var stack: [Container] = []
        while true {
            cursor.skipWhitespace()
            var value: JSONValue
            let line = cursor.line
            let offset = cursor.index
            switch cursor.current {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                guard stack.count < JSONCursor.maximumDepth else { throw cursor.tooDeep() }
                let isObject = cursor.current == UInt8(ascii: "{")
                cursor.index += 1
                cursor.skipWhitespace()
                if cursor.current == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                    cursor.index += 1
                    value = JSONValue(isObject ? .object([]) : .array([]), line: line, offset: offset)
                } else {
                    var container = Container(isObject: isObject, line: line, offset: offset)
                    if isObject { try container.readKey(&cursor) }
                    stack.append(container)
                    continue
                }
            case UInt8(ascii: "\""):
                value = JSONValue(
                    .string(String(decoding: try cursor.readString(), as: UTF8.self)), line: line, offset: offset)
            case UInt8(ascii: "n"):
                try cursor.readWord("null")
                value = JSONValue(.null, line: line, offset: offset)
            case UInt8(ascii: "t"), UInt8(ascii: "f"):
                let isTrue = cursor.current == UInt8(ascii: "t")
                try cursor.readScalar()
                value = JSONValue(.bool(isTrue), line: line, offset: offset)
            default:
                try cursor.readScalar()
                let text = String(decoding: bytes[offset..<cursor.index], as: UTF8.self)
                value = JSONValue(.number(text), line: line, offset: offset)
            }
            // Put the value in its container; close every container that ends with it.
            while true {
                guard var top = stack.popLast() else {
                    cursor.skipWhitespace()
                    guard cursor.isAtEnd else { throw cursor.problem("expected the end of the JSON text") }
                    return value
                }
                top.add(value)
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: ",") {
                    cursor.index += 1
                    if top.isObject { try top.readKey(&cursor) }
                    stack.append(top)
                    break
                }
                try cursor.expect(
                    top.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"),
                    top.isObject ? "\",\" or \"}\" in an object" : "\",\" or \"]\" in an array")
                value = top.value
            }
        }
    }

    /// An array or object being read.
    private struct Container {
        let isObject: Bool
        let line: Int
        let offset: Int
        var elements: [JSONValue] = []
        var members: [JSONMember] = []
        var key = ""
        var keyLine = 1
        var keyOffset = 0

        init(isObject: Bool, line: Int, offset: Int) {
            self.isObject = isObject
            self.line = line
            self.offset = offset
        }

        mutating func readKey(_ cursor: inout JSONCursor) throws(JSONProblem) {
            cursor.skipWhitespace()
            guard cursor.current == UInt8(ascii: "\"") else { throw cursor.problem("expected a quoted key") }
            keyLine = cursor.line
            keyOffset = cursor.index
            key = String(decoding: try cursor.readString(), as: UTF8.self)
            cursor.skipWhitespace()
            try cursor.expect(UInt8(ascii: ":"), "\":\" after a key")
        }

        mutating func add(_ value: JSONValue) {
            if isObject {
                members.append(JSONMember(key: key, value: value, line: keyLine, offset: keyOffset))
            } else {
                elements.append(value)
            }
        }

        var value: JSONValue {
            JSONValue(isObject ? .object(members) : .array(elements), line: line, offset: offset)
        }
    }
}
