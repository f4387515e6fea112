/// One tag of an HTML page, read from its bytes: what `HTMLTableReader` needs of it.
struct Tag {
    enum Kind {
        /// `<name attr=value>`, the name and attribute names in lower case.
        case start(String, [String: String])
        /// `</name>`.
        case end(String)
        /// `<!-- … -->`.
        case comment
        /// `<!DOCTYPE …>`, `<?xml …?>`.
        case declaration
    }

    let kind: Kind
    /// The index just past the tag.
    let end: Int

    /// The tag at `start` (a `<`), or `nil` when the `<` opens none (`a < b`).
    ///
    /// - Complexity: O(n) in the tag's length.
    static func read(_ bytes: [UInt8], at start: Int) -> Tag? {
        var index = start + 1
        guard index < bytes.count else { return nil }
        let first = bytes[index]
        if first == UInt8(ascii: "!") || first == UInt8(ascii: "?") {
            if bytes[index...].starts(with: Array("!--".utf8)) {
                let close = find(Array("-->".utf8), in: bytes, from: index + 3)
                return Tag(kind: .comment, end: close.map { $0 + 3 } ?? bytes.count)
            }
            let close = bytes[index...].firstIndex(of: UInt8(ascii: ">"))
            return Tag(kind: .declaration, end: close.map { $0 + 1 } ?? bytes.count)
        }
        let isEnd = first == UInt8(ascii: "/")
        if isEnd { index += 1 }
        guard index < bytes.count, isLetter(bytes[index]) else { return nil }
        let nameStart = index
        while index < bytes.count, isNameByte(bytes[index]) { index += 1 }
        let name = lowercased(bytes[nameStart..<index])
        var attributes: [String: String] = [:]
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: ">") {
                index += 1
                break
            }
            if isSpace(byte) || byte == UInt8(ascii: "/") {
                index += 1
                continue
            }
            // An attribute: a name, then `=` and a value in any quoting, or none.
            let attributeStart = index
            while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: "="),
                bytes[index] != UInt8(ascii: ">")
            {
                index += 1
            }
            let attribute = lowercased(bytes[attributeStart..<index])
            while index < bytes.count, isSpace(bytes[index]) { index += 1 }
            var value = ""
            if index < bytes.count, bytes[index] == UInt8(ascii: "=") {
                index += 1
                while index < bytes.count, isSpace(bytes[index]) { index += 1 }
                if index < bytes.count, bytes[index] == UInt8(ascii: "'") || bytes[index] == UInt8(ascii: "\"") {
                    let quote = bytes[index]
                    let valueStart = index + 1
                    let close = bytes[valueStart...].firstIndex(of: quote) ?? bytes.count
                    value = HTMLEntities.decode(bytes[valueStart..<close])
                    index = min(bytes.count, close + 1)
                } else {
                    let valueStart = index
                    while index < bytes.count, !isSpace(bytes[index]), bytes[index] != UInt8(ascii: ">") { index += 1 }
                    value = HTMLEntities.decode(bytes[valueStart..<index])
                }
            }
            if attributes[attribute] == nil { attributes[attribute] = value }
        }
        return Tag(kind: isEnd ? .end(name) : .start(name, attributes), end: index)
    }

    /// Where the raw text of `<script>` or `<style>` ends: at its end tag, in any case, or at
    /// the end of the page.
    static func endOfRawText(_ bytes: [UInt8], from start: Int, name: String) -> Int {
        let closing = Array("</\(name)".utf8)
        var index = start
        while index + closing.count <= bytes.count {
            if bytes[index] == UInt8(ascii: "<"),
                zip(bytes[index..<(index + closing.count)], closing).allSatisfy({ lower($0) == $1 })
            {
                return bytes[index...].firstIndex(of: UInt8(ascii: ">")).map { $0 + 1 } ?? bytes.count
            }
            index += 1
        }
        return bytes.count
    }

    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard needle.count <= bytes.count else { return nil }
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(lower(byte))
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        isLetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ":")
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C
    }

    private static func lower(_ byte: UInt8) -> UInt8 {
        (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
    }

    private static func lowercased(_ bytes: ArraySlice<UInt8>) -> String {
        String(decoding: bytes.map(lower), as: UTF8.self)
    }
}
