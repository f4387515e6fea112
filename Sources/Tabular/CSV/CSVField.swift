/// One field of a record, as a range of bytes in the scanned buffer.
///
/// Nothing is copied while scanning: a caller that only shows one page of a million rows makes
/// `String`s for that page alone, with ``string(in:)`` or ``CSVScanner/string(for:)``.
package struct CSVField: Sendable, Hashable {
    /// The field's bytes without its surrounding quotes.
    ///
    /// For a well-formed quoted field this is the text between the quotes, still holding any
    /// doubled `""`. For a malformed one (text after the closing quote, or no closing quote) it
    /// runs from after the opening quote to the end of the field, and ``needsUnescaping`` is true.
    package let contentRange: Range<Int>
    /// True when the field was written in quotes.
    package let isQuoted: Bool
    /// True when the content holds quote bytes that ``string(in:)`` must undo.
    package let needsUnescaping: Bool

    /// Creates a field over `contentRange`.
    package init(contentRange: Range<Int>, isQuoted: Bool, needsUnescaping: Bool) {
        self.contentRange = contentRange
        self.isQuoted = isQuoted
        self.needsUnescaping = needsUnescaping
    }

    /// True when the field holds no bytes (`,,` or `""`).
    package var isEmpty: Bool { contentRange.isEmpty }

    /// The field's text: quotes removed and `""` turned into `"`.
    ///
    /// Bytes that are not UTF-8 become U+FFFD; decode other encodings before scanning.
    ///
    /// - Parameters:
    ///   - buffer: The buffer that was scanned.
    ///   - quote: The dialect's quote byte.
    /// - Complexity: O(n) in the length of the field.
    package func string(in buffer: UnsafeBufferPointer<UInt8>, quote: UInt8 = UInt8(ascii: "\"")) -> String {
        let content = UnsafeBufferPointer(rebasing: buffer[contentRange])
        guard needsUnescaping else { return String(decoding: content, as: UTF8.self) }
        return String(decoding: Self.unescape(content, quote: quote), as: UTF8.self)
    }

    /// Calls `body` with the field's text as UTF-8 bytes: those in the buffer, or, when quotes
    /// must be undone, a copy without them. Bytes that are not UTF-8 are handed over as they are.
    ///
    /// - Complexity: O(1) for a field without quotes to undo, else O(n) in its length.
    package func withContent<Result>(
        in buffer: UnsafeBufferPointer<UInt8>, quote: UInt8, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
    ) rethrows -> Result {
        let content = UnsafeBufferPointer(rebasing: buffer[contentRange])
        guard needsUnescaping else { return try body(content) }
        return try Self.unescape(content, quote: quote).withUnsafeBufferPointer(body)
    }

    /// Undoes quoting: inside quotes `""` is one `"` and a lone `"` ends the quoted part; after
    /// it every byte is literal. The content starts inside the quotes.
    static func unescape(_ content: UnsafeBufferPointer<UInt8>, quote: UInt8) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(content.count)
        var insideQuotes = true
        var index = 0
        while index < content.count {
            let byte = content[index]
            if insideQuotes, byte == quote {
                if index + 1 < content.count, content[index + 1] == quote {
                    result.append(quote)
                    index += 2
                } else {
                    insideQuotes = false
                    index += 1
                }
                continue
            }
            result.append(byte)
            index += 1
        }
        return result
    }
}
