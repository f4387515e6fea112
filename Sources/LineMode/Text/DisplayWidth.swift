/// How many terminal columns text takes.
///
/// Widths follow Unicode's East Asian Width and emoji properties, the way current terminals
/// draw them:
///
/// - 2 columns: wide and fullwidth characters (CJK ideographs, kana, Hangul syllables,
///   fullwidth forms) and emoji shown as emoji: Emoji_Presentation characters, any emoji
///   followed by U+FE0F, skin-tone and ZWJ sequences, flags.
/// - 0 columns: combining marks, format characters such as U+200D ZERO WIDTH JOINER and the
///   variation selectors, and Hangul medial vowels and final consonants.
/// - 1 column: everything else, including East Asian Width "ambiguous" characters and
///   characters that are text-presentation emoji on their own (`☺`).
///
/// A grapheme cluster takes the sum of its scalars' widths, at most 2.
///
/// Text is meant to be passed through `VisibleText.make(_:)` first, and measured after.
/// Unescaped text still has a defined width: every scalar that `VisibleText` always escapes
/// (C0 and C1 controls, DEL, bidirectional controls, invisible characters such as U+200B)
/// counts as 1 column, as a C0 control does once shown as its control picture. `"\r\n"`
/// is one grapheme cluster of 2 columns.
///
/// ```text
/// "abc"        3
/// "台積電"      6
/// "ｶ"          1
/// "e\u{301}"   1
/// "👍🏽"         2
/// "☺"          1
/// "☺\u{FE0F}"  2
/// ```
package enum DisplayWidth {
    /// Terminal columns a string takes: CJK wide and fullwidth forms 2, combining marks and
    /// zero-width characters 0, emoji (presentation, VS16 sequences, ZWJ sequences, flags,
    /// skin tones) 2, others 1.
    ///
    /// Printable ASCII (U+0020–U+007E only) is measured from its UTF-8 length, and text of
    /// common scalars that never join into larger grapheme clusters (Latin, CJK, kana, Hangul
    /// syllables, fullwidth forms, punctuation, box drawing) scalar by scalar, without
    /// breaking it into grapheme clusters.
    ///
    /// - Parameter text: The text to measure, preferably already passed through
    ///   `VisibleText.make(_:)`.
    /// - Returns: The number of columns, the sum of `of(_:)` over the characters of `text`.
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    package static func of(_ text: String) -> Int {
        if let count = printableASCIICount(text) {
            return count
        }
        if let width = standaloneScalarsWidth(text) {
            return width
        }
        var width = 0
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(after: start)
            width += clusterWidth(text.unicodeScalars[start..<end])
            start = end
        }
        return width
    }

    /// Columns one grapheme cluster takes (0, 1 or 2).
    ///
    /// - Parameter character: The grapheme cluster to measure.
    /// - Returns: 0 for a cluster of only zero-width scalars (a lone combining mark), 2 for a
    ///   wide character or an emoji, otherwise 1.
    /// - Complexity: O(k) in the number of scalars in `character`.
    package static func of(_ character: Character) -> Int {
        clusterWidth(character.unicodeScalars)
    }

    /// The UTF-8 length of `text` when every byte is printable ASCII (0x20...0x7E), else nil.
    ///
    /// - Complexity: O(n) in the UTF-8 length of `text`.
    static func printableASCIICount(_ text: String) -> Int? {
        let isPrintableASCII =
            text.utf8.withContiguousStorageIfAvailable { bytes in
                bytes.allSatisfy { (0x20...0x7E).contains($0) }
            } ?? text.utf8.allSatisfy { (0x20...0x7E).contains($0) }
        return isPrintableASCII ? text.utf8.count : nil
    }

    /// The width of `text` when every scalar in it stands alone, else nil.
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func standaloneScalarsWidth(_ text: String) -> Int? {
        var width = 0
        for scalar in text.unicodeScalars {
            guard standsAlone(scalar) else { return nil }
            width += scalarWidth(scalar)
        }
        return width
    }

    /// True when `scalar` is certain to be a grapheme cluster of its own next to any other
    /// scalar for which this is true, so text made only of such scalars can be measured
    /// scalar by scalar.
    ///
    /// These are common scalars with Grapheme_Cluster_Break "Other", which breaks from
    /// anything but an extending scalar or a joiner after it, none of which are listed here.
    /// Hangul syllables (LV and LVT) only join conjoining jamo, which are not listed either.
    static func standsAlone(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF,  // Latin and spacing modifiers; U+00AD is a control
            0x2010...0x2027, 0x2030...0x205E,  // general punctuation less invisible and bidi characters
            0x2500...0x25FF,  // box drawing, block elements, geometric shapes
            0x2E80...0x3029, 0x3030...0x3098, 0x309B...0x9FFF,  // CJK less combining marks U+302A-302F, U+3099-309A
            0xAC00...0xD7A3,  // Hangul syllables
            0xFF01...0xFF9D, 0xFFA0...0xFFDC, 0xFFE0...0xFFEE,  // fullwidth and halfwidth forms less sound marks
            0x2_0000...0x3_FFFD:  // CJK ideographs in planes 2 and 3
            return true
        default:
            return false
        }
    }

    /// Columns a grapheme cluster takes, given its scalars.
    ///
    /// - Complexity: O(k) in the number of scalars.
    static func clusterWidth<Scalars: Sequence<Unicode.Scalar>>(_ scalars: Scalars) -> Int {
        var iterator = scalars.makeIterator()
        guard let first = iterator.next() else { return 0 }
        guard let second = iterator.next() else { return scalarWidth(first) }
        var width = scalarWidth(first) + scalarWidth(second)
        var hasEmojiPresentationSelector = second.value == 0xFE0F
        while let scalar = iterator.next() {
            width += scalarWidth(scalar)
            if scalar.value == 0xFE0F {
                hasEmojiPresentationSelector = true
            }
        }
        if hasEmojiPresentationSelector && WidthTable.contains(first.value, in: WidthTable.textPresentationEmoji) {
            return 2
        }
        return min(width, 2)
    }

    /// Columns one scalar takes on its own.
    ///
    /// - Complexity: O(log n) in the size of the width tables.
    static func scalarWidth(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        // Below U+0300 there is nothing wide and nothing zero-width left after escaping.
        if value < 0x300 {
            return 1
        }
        // `wide` and `zeroWidth` are disjoint; `wide` comes first as CJK is the common case.
        if WidthTable.contains(value, in: WidthTable.wide) {
            return 2
        }
        if WidthTable.contains(value, in: WidthTable.zeroWidth) {
            return 0
        }
        if WidthTable.contains(value, in: WidthTable.emojiPresentation) {
            return 2
        }
        return 1
    }
}
