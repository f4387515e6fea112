/// Text made safe to print to a terminal.
///
/// Data shown on screen (stock names, file contents, server messages) must not be able to
/// drive the terminal. `make(_:)` replaces every scalar that could, so that it is seen
/// instead of obeyed:
///
/// - C0 controls and DEL become their Unicode Control Pictures (U+2400 block): ESC `␛`,
///   BEL `␇`, BS `␈`, CR `␍`, LF `␊`, TAB `␉`, DEL `␡`. This covers every escape sequence:
///   cursor movement, colours, window titles, OSC 52 clipboard writes.
/// - C1 controls (U+0080–U+009F, among them U+009B, an 8-bit CSI) become `<U+009B>`.
/// - Bidirectional controls, which reorder the text around them (U+061C, U+200E, U+200F,
///   U+202A–U+202E, U+2066–U+2069), become `<U+202E>` and the like.
/// - Invisible characters that could hide text or make two different strings look the same
///   become `<U+200B>` and the like: U+00AD SOFT HYPHEN, U+180E, U+200B ZERO WIDTH SPACE,
///   U+2028 and U+2029 (line and paragraph separators), U+2060–U+206F (word joiner,
///   invisible operators, deprecated format controls), U+FEFF, U+FFF9–U+FFFB (interlinear
///   annotations) and U+E0001 LANGUAGE TAG.
///   The soft hyphen is escaped because terminals disagree on it: some draw a hyphen in one
///   column, some draw nothing, so column arithmetic cannot be right for both, and it can
///   hide inside a word that then looks like another.
/// - Joiners and selectors are kept where they belong to the character before them and
///   escaped where they stand alone (at the start of a grapheme cluster): U+200C ZERO WIDTH
///   NON-JOINER and U+200D ZERO WIDTH JOINER (emoji ZWJ sequences, Indic and Persian text),
///   variation selectors (U+FE00–U+FE0F, U+E0100–U+E01EF, Mongolian U+180B–U+180D, U+180F).
///   Tag characters (U+E0020–U+E007F) are kept only in a tag sequence after U+1F3F4 WAVING
///   BLACK FLAG (the subdivision flags of England, Scotland and Wales); elsewhere they are invisible ASCII
///   look-alikes and are escaped.
///
/// ```text
/// "\u{1B}[2J"          ␛[2J
/// "a\tb\r\n"           a␉b␍␊
/// "abc\u{202E}fed"     abc<U+202E>fed
/// ```
package enum VisibleText {
    /// The text made safe to print to a terminal: nothing in it can move the cursor, change
    /// colours, set the title, write the clipboard (OSC 52), ring the bell, or reorder text.
    ///
    /// See `VisibleText` for what is replaced and by what. The output contains no scalar
    /// below U+0020, none in U+007F–U+009F and no bidirectional control.
    ///
    /// - Parameter text: Text from any source.
    /// - Returns: `text` itself, without copying, when nothing in it needs escaping; otherwise
    ///   a copy with each such scalar replaced.
    /// - Complexity: O(n) in the length of `text`. Printable ASCII is checked byte by byte;
    ///   grapheme clusters are only examined when a scalar that may need escaping is present.
    package static func make(_ text: String) -> String {
        if DisplayWidth.printableASCIICount(text) != nil {
            return text
        }
        guard text.unicodeScalars.contains(where: mayNeedEscaping) else {
            return text
        }
        return escapingClusters(of: text)
    }

    /// The text made visible as ``make(_:)`` makes it, except line feeds and tabs, which are
    /// kept: an export shown at a terminal, one record per line and a TSV's fields apart. A
    /// line feed or a tab moves the cursor only down or across; neither can start a sequence
    /// the terminal obeys. A carriage return is made visible (`␍`), so it cannot send the
    /// cursor back over what a line showed.
    ///
    /// ```text
    /// "a,\u{1B}]52;c;eA==\u{07}\nb\t\u{202E}x\r\n"    a,␛]52;c;eA==␇⏎b⇥<U+202E>x␍⏎
    /// ```
    /// (⏎ and ⇥ stand for the line feed and tab kept.)
    ///
    /// - Complexity: O(n) in the length of `text`.
    package static func keepingLines(_ text: String) -> String {
        let scalars = text.unicodeScalars
        guard scalars.contains(where: { $0 != "\n" && $0 != "\t" && mayNeedEscaping($0) }) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 16)
        var start = scalars.startIndex
        var position = start
        while position < scalars.endIndex {
            let scalar = scalars[position]
            if scalar == "\n" || scalar == "\t" {
                output += make(String(scalars[start..<position]))
                output.unicodeScalars.append(scalar)
                start = scalars.index(after: position)
            }
            position = scalars.index(after: position)
        }
        output += make(String(scalars[start...]))
        return output
    }

    /// `text` with every scalar that needs escaping, judged within its grapheme cluster,
    /// replaced; `text` itself when none does.
    private static func escapingClusters(of text: String) -> String {
        let scalars = text.unicodeScalars
        var output = ""
        var copiedUpTo = scalars.startIndex
        var clusterStart = text.startIndex
        while clusterStart < text.endIndex {
            let clusterEnd = text.index(after: clusterStart)
            let cluster = scalars[clusterStart..<clusterEnd]
            let base = cluster[cluster.startIndex]
            var position = cluster.startIndex
            while position < cluster.endIndex {
                let scalar = cluster[position]
                let isClusterStart = position == cluster.startIndex
                if let replacement = replacement(for: scalar, isClusterStart: isClusterStart, base: base) {
                    if output.isEmpty {
                        output.reserveCapacity(text.utf8.count + 16)
                    }
                    output.unicodeScalars.append(contentsOf: scalars[copiedUpTo..<position])
                    output += replacement
                    copiedUpTo = scalars.index(after: position)
                }
                position = cluster.index(after: position)
            }
            clusterStart = clusterEnd
        }
        guard copiedUpTo != scalars.startIndex else {
            return text
        }
        output.unicodeScalars.append(contentsOf: scalars[copiedUpTo...])
        return output
    }

    /// What `scalar` is shown as, or nil to keep it.
    ///
    /// - Parameters:
    ///   - scalar: One scalar of a grapheme cluster.
    ///   - isClusterStart: Whether `scalar` is the first scalar of its cluster.
    ///   - base: The first scalar of the cluster.
    private static func replacement(
        for scalar: Unicode.Scalar,
        isClusterStart: Bool,
        base: Unicode.Scalar
    ) -> String? {
        let value = scalar.value
        if value < 0x20 {
            // U+2400 + value is always a valid scalar; the fallback is unreachable.
            return String(Unicode.Scalar(0x2400 + value) ?? "\u{FFFD}")
        }
        if value == 0x7F {
            return "\u{2421}"
        }
        if isAlwaysEscaped(value) {
            return codePointLabel(value)
        }
        if isTag(value) {
            // A tag at the start of a cluster has itself as base, so it is escaped too.
            return base.value == 0x1F3F4 ? nil : codePointLabel(value)
        }
        if isJoinerOrSelector(value) {
            return isClusterStart ? codePointLabel(value) : nil
        }
        return nil
    }

    /// True for scalars that are escaped or may be, depending on their grapheme cluster.
    private static func mayNeedEscaping(_ scalar: Unicode.Scalar) -> Bool {
        let value = scalar.value
        if (0x20...0x7E).contains(value) {
            return false
        }
        return value < 0x20 || value == 0x7F || isAlwaysEscaped(value) || isTag(value) || isJoinerOrSelector(value)
    }

    /// C1 controls, bidirectional controls and invisible characters, escaped wherever they are.
    ///
    /// `Scripts/generate-width-table.py` keeps the same list (ALWAYS_ESCAPED) so that these
    /// scalars count one column in `DisplayWidth`.
    private static func isAlwaysEscaped(_ value: UInt32) -> Bool {
        switch value {
        case 0x80...0x9F,  // C1 controls
            0xAD,  // SOFT HYPHEN
            0x61C,  // ARABIC LETTER MARK
            0x180E,  // MONGOLIAN VOWEL SEPARATOR
            0x200B,  // ZERO WIDTH SPACE
            0x200E...0x200F,  // LEFT-TO-RIGHT MARK, RIGHT-TO-LEFT MARK
            0x2028...0x202E,  // LINE and PARAGRAPH SEPARATOR, bidi embeddings and overrides
            0x2060...0x206F,  // WORD JOINER, invisible operators, bidi isolates, deprecated format controls
            0xFEFF,  // ZERO WIDTH NO-BREAK SPACE (byte order mark)
            0xFFF9...0xFFFB,  // interlinear annotation
            0xE0001:  // LANGUAGE TAG
            return true
        default:
            return false
        }
    }

    /// Tag characters, kept only in emoji tag sequences.
    private static func isTag(_ value: UInt32) -> Bool {
        (0xE0020...0xE007F).contains(value)
    }

    /// Joiners and variation selectors, kept only when attached to the character before them.
    private static func isJoinerOrSelector(_ value: UInt32) -> Bool {
        switch value {
        case 0x180B...0x180D, 0x180F,  // Mongolian free variation selectors
            0x200C...0x200D,  // ZERO WIDTH NON-JOINER, ZERO WIDTH JOINER
            0xFE00...0xFE0F,  // variation selectors 1-16
            0xE0100...0xE01EF:  // variation selectors 17-256
            return true
        default:
            return false
        }
    }

    /// `<U+XXXX>`: the scalar's code point, at least four uppercase hexadecimal digits.
    private static func codePointLabel(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ">"
    }
}
