/// Finds the line on which each element of a JSON array starts, so that a skipped JSON row
/// can be reported with its line like a CSV row.
///
/// It reads only the structure (brackets, braces, strings, commas), not the values.
enum JSONArrayLocator {
    /// The 1-based line of each element of the top-level array (`key == nil`) or of the array
    /// under `key` in the top-level object (`"data"` in a STOCK_DAY response).
    ///
    /// - Complexity: O(n) in the size of the input.
    static func elementLines(in bytes: [UInt8], key: String? = nil) -> [Int] {
        let target = key.map { Array($0.utf8) }
        var lines: [Int] = []
        var line = 1
        // One entry per open container: is it an object, does it expect a key next, is it the
        // target array, does it expect an element next, and the last key read in it.
        struct Container {
            var isObject: Bool
            var expectsKey: Bool
            var isTarget: Bool
            var expectsElement: Bool
            var lastKey: [UInt8]
        }
        var stack: [Container] = []
        var index = 0
        let count = bytes.count

        func valueStarts() {
            guard var top = stack.last, !top.isObject, top.isTarget, top.expectsElement else { return }
            lines.append(line)
            top.expectsElement = false
            stack[stack.count - 1] = top
        }

        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\n"):
                line += 1
            case UInt8(ascii: "\""):
                let isKey = stack.last.map { $0.isObject && $0.expectsKey } ?? false
                if !isKey { valueStarts() }
                let start = index + 1
                index += 1
                while index < count, bytes[index] != UInt8(ascii: "\"") {
                    if bytes[index] == UInt8(ascii: "\\") { index += 1 }
                    if index < count, bytes[index] == UInt8(ascii: "\n") { line += 1 }
                    index += 1
                }
                if isKey, var top = stack.popLast() {
                    top.lastKey = Array(bytes[start..<min(index, count)])
                    top.expectsKey = false
                    stack.append(top)
                }
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                valueStarts()
                let isArray = byte == UInt8(ascii: "[")
                var isTarget = false
                if isArray {
                    if let target {
                        isTarget = stack.count == 1 && stack[0].isObject && stack[0].lastKey == target
                    } else {
                        isTarget = stack.isEmpty
                    }
                }
                stack.append(
                    Container(
                        isObject: !isArray, expectsKey: !isArray, isTarget: isTarget, expectsElement: true,
                        lastKey: []))
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
            case UInt8(ascii: ","):
                if var top = stack.popLast() {
                    if top.isObject { top.expectsKey = true } else { top.expectsElement = true }
                    stack.append(top)
                }
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
                break
            default:
                valueStarts()
            }
            index += 1
        }
        return lines
    }
}
