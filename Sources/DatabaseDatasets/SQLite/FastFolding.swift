/// The filter's folding (``TextFolding/fold(_:)``) done on UTF-8 bytes, for text whose every
/// character folds alone and simply: ASCII (A–Z lowered), the full-width forms and the
/// ideographic space (made ASCII, then lowered), and characters of scripts without case (CJK
/// ideographs, kana, Hangul syllables, CJK punctuation), copied. Most rows of a table of
/// Taiwanese listings are only these, and folding them without making a string is several
/// times faster; any other character, or bytes that are not UTF-8, leave the text to the
/// string folding.
enum FastFolding {
    /// Appends `text` folded to `output`.
    ///
    /// - Returns: False, with `output` partly written, when `text` has a character this folding
    ///   does not cover.
    /// - Complexity: O(n) in the length of `text`.
    static func append(_ text: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) -> Bool {
        var index = 0
        let count = text.count
        while index < count {
            let byte = text[index]
            if byte < 0x80 {
                output.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                index += 1
                continue
            }
            // Only three-byte sequences hold the characters covered (U+3000–U+FFFF).
            guard byte & 0xF0 == 0xE0, index + 2 < count else { return false }
            let second = text[index + 1]
            let third = text[index + 2]
            guard second & 0xC0 == 0x80, third & 0xC0 == 0x80 else { return false }
            let scalar = UInt32(byte & 0x0F) << 12 | UInt32(second & 0x3F) << 6 | UInt32(third & 0x3F)
            switch scalar {
            case 0x3000:
                output.append(0x20)
            case 0xFF01...0xFF5E:
                let ascii = UInt8(scalar - 0xFEE0)
                output.append(ascii &- 0x41 < 26 ? ascii | 0x20 : ascii)
            case 0x3001...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF61...0xFF9F:
                output.append(byte)
                output.append(second)
                output.append(third)
            default:
                return false
            }
            index += 3
        }
        return true
    }
}
