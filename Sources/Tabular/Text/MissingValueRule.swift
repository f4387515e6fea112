/// When a field holds no value: the one rule for every parser, with the exchanges' dashes as
/// an option.
///
/// A plain file marks a missing value with nothing, spaces, or `--`. The Taiwan exchanges
/// also pad with tabs, NBSP and the ideographic space U+3000, and write placeholder dashes
/// (`-`, `－`, `—`, `‐`, `–`, alone or repeated) where a company has no such value.
package struct MissingValueRule: Sendable, Hashable {
    /// Padding beyond ASCII spaces, and any run of placeholder dashes, count as missing.
    package var exchangeDashes: Bool

    package init(exchangeDashes: Bool) {
        self.exchangeDashes = exchangeDashes
    }

    /// Empty, spaces only, or `--`.
    package static let plain = MissingValueRule(exchangeDashes: false)
    /// Padding only, or placeholder dashes only.
    package static let exchange = MissingValueRule(exchangeDashes: true)

    /// True when `bytes` (a field's UTF-8) holds no value under this rule.
    ///
    /// - Complexity: O(n) in the length of the field.
    package func isMissing(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard exchangeDashes else {
            var start = 0
            var end = bytes.count
            while start < end, bytes[start] == ASCII.space { start += 1 }
            while end > start, bytes[end - 1] == ASCII.space { end -= 1 }
            return start == end
                || (end - start == 2 && bytes[start] == UInt8(ascii: "-") && bytes[start + 1] == UInt8(ascii: "-"))
        }
        return isMissing(String(decoding: bytes, as: UTF8.self))
    }

    /// True when `text` holds no value under this rule.
    ///
    /// - Complexity: O(n) in the length of the text.
    package func isMissing(_ text: some StringProtocol) -> Bool {
        guard exchangeDashes else {
            let trimmed = text.utf8.drop { $0 == ASCII.space }.reversed().drop { $0 == ASCII.space }
            return trimmed.isEmpty || trimmed.elementsEqual("--".utf8)
        }
        return text.unicodeScalars.allSatisfy { Self.isPadding($0) || Self.isPlaceholderDash($0) }
    }

    /// Whitespace the exchanges pad fields with: ASCII space, tab and line breaks, NBSP, and
    /// the ideographic space U+3000 (`"MORNSUN　"`).
    package static func isPadding(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20, 0x09, 0x0A, 0x0D, 0xA0, 0x3000: return true
        default: return false
        }
    }

    /// Dashes that stand for "no value": `-`, the full-width `－` (mopsfin writes `"－ "`), the
    /// em dash, the hyphen and the en dash.
    package static func isPlaceholderDash(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x2D, 0xFF0D, 0x2014, 0x2010, 0x2013: return true
        default: return false
        }
    }
}
