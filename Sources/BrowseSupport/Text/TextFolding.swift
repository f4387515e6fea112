/// Folding for filters: case-insensitive, with full-width forms matched to half-width ones.
///
/// `Ａ`, `ａ`, `A` and `a` all fold to `a`; the ideographic space U+3000 folds to a space.
public enum TextFolding {
    /// The folded form of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func fold(_ text: String) -> String {
        if let folded = foldedPlainly(text) { return folded }
        var needsWidthFold = false
        for scalar in text.unicodeScalars where scalar.value >= 0x3000 {
            if isFullWidthForm(scalar) {
                needsWidthFold = true
                break
            }
        }
        guard needsWidthFold else { return text.lowercased() }
        var scalars = String.UnicodeScalarView()
        scalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            scalars.append(halfWidth(scalar))
        }
        return String(scalars).lowercased()
    }

    /// True when `text` contains `query`, both compared folded. `query` must already be folded.
    public static func contains(_ text: String, foldedQuery query: String) -> Bool {
        query.isEmpty || folded(fold(text), contains: query)
    }

    /// True when the folded `text` contains the folded `query`, character by character.
    ///
    /// This is the filter's one definition of "contains". It uses the standard library's
    /// `firstRange(of:)`, not Foundation's `contains(_:)`, which traps ("String index is out of
    /// bounds") on some text with broken UTF-8 and carriage returns, as the fuzzer found.
    ///
    /// - Complexity: O(n × m) at worst.
    public static func folded(_ text: String, contains query: String) -> Bool {
        if query.isEmpty { return true }
        if let found = bytesAnswer(text, contains: query) { return found }
        return text.firstRange(of: query) != nil
    }

    /// `text` lowercased, when it is only ASCII and CJK ideographs (U+4000–U+9FFF, lead bytes
    /// E4–E9), which have no case and no width to fold: lowercasing the ASCII bytes is then
    /// what `lowercased()` does, without its per-character work. `nil` for any other text.
    private static func foldedPlainly(_ text: String) -> String? {
        var copy = text
        return copy.withUTF8 { bytes -> String? in
            var index = 0
            var hasUpper = false
            while index < bytes.count {
                let byte = bytes[index]
                if byte < 0x80 {
                    hasUpper = hasUpper || (byte >= 0x41 && byte <= 0x5A)
                    index += 1
                } else if (0xE4...0xE9).contains(byte) {
                    index += 3
                } else {
                    return nil
                }
            }
            // Nothing to lower: the text itself, not a copy.
            guard hasUpper else { return text }
            return String(unsafeUninitializedCapacity: bytes.count) { output in
                for (at, byte) in bytes.enumerated() {
                    output[at] = byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte
                }
                return bytes.count
            }
        }
    }

    /// Whether `text` contains `query`, found among their bytes when every scalar of both is
    /// a character of its own that is canonically equal only to itself (see ``standsAlone(_:)``):
    /// a byte match is then a character match. `nil` when either has another scalar.
    private static func bytesAnswer(_ text: String, contains query: String) -> Bool? {
        var text = text
        var query = query
        return query.withUTF8 { needle -> Bool? in
            guard allStandAlone(needle) else { return nil }
            return text.withUTF8 { haystack -> Bool? in
                guard allStandAlone(haystack) else { return nil }
                guard needle.count <= haystack.count else { return false }
                let first = needle[0]
                var start = 0
                let last = haystack.count - needle.count
                while start <= last {
                    if haystack[start] == first {
                        var matched = 1
                        while matched < needle.count, haystack[start + matched] == needle[matched] { matched += 1 }
                        if matched == needle.count { return true }
                    }
                    start += 1
                }
                return false
            }
        }
    }

    private static func allStandAlone(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            let lead = bytes[index]
            let scalar: UInt32
            let length: Int
            switch lead {
            case 0..<0x80:
                scalar = UInt32(lead)
                length = 1
            case 0xC2..<0xE0 where index + 1 < bytes.count:
                scalar = UInt32(lead & 0x1F) << 6 | UInt32(bytes[index + 1] & 0x3F)
                length = 2
            case 0xE0..<0xF0 where index + 2 < bytes.count:
                scalar =
                    UInt32(lead & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                    | UInt32(bytes[index + 2] & 0x3F)
                length = 3
            default:
                return false
            }
            guard standsAlone(scalar) else { return false }
            index += length
        }
        return true
    }

    /// True for scalars that are always a character by themselves and canonically equal to no
    /// other sequence: ASCII but the carriage return (which joins a line feed), U+0080–U+02FF
    /// (below the combining marks), CJK punctuation before its tone marks, kana without the
    /// combining voicing marks, CJK ideographs and Hangul syllables. A text made only of
    /// these has one character per scalar, so comparing scalars compares characters.
    static func standsAlone(_ scalar: UInt32) -> Bool {
        switch scalar {
        case 0..<0x0D, 0x0E..<0x300, 0x3000...0x3029, 0x3030...0x303F, 0x3041...0x3096, 0x30A1...0x30FA,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3:
            return true
        default:
            return false
        }
    }

    private static func isFullWidthForm(_ scalar: Unicode.Scalar) -> Bool {
        (0xFF01...0xFF5E).contains(scalar.value) || scalar.value == 0x3000
    }

    private static func halfWidth(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if (0xFF01...0xFF5E).contains(scalar.value) {
            return Unicode.Scalar(scalar.value - 0xFEE0) ?? scalar
        }
        if scalar.value == 0x3000 { return " " }
        return scalar
    }
}
