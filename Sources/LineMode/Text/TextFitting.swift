import ListKit

/// Fitting text into a fixed number of terminal columns.
///
/// Widths are measured with `DisplayWidth`; text should already have been passed through
/// `VisibleText.make(_:)`.
///
/// ```text
/// truncate("台積電公司", toWidth: 5)                     "台積…"   5 columns
/// truncate("台積電公司", toWidth: 4)                     "台…"     3 columns
/// fit("台積電公司", toWidth: 4, alignment: .leading)     "台… "    4 columns
/// fit("42", toWidth: 5, alignment: .trailing)           "   42"
/// ```
package enum TextFitting {
    /// The ellipsis that marks cut text: U+2026, one column.
    static let ellipsis = "\u{2026}"

    /// `text` cut to at most `width` columns, ending with "…" (U+2026, width 1) when cut.
    ///
    /// Never splits a grapheme cluster. If a wide character would straddle the limit it is
    /// dropped and the result may be one column narrower (pad to fix, or use
    /// `fit(_:toWidth:alignment:)`).
    ///
    /// - Parameters:
    ///   - text: The text to cut.
    ///   - width: The most columns the result may take. `width <= 0` gives "".
    /// - Returns: `text` itself when it fits, otherwise its longest prefix of whole grapheme
    ///   clusters that fits in `width - 1` columns followed by "…".
    /// - Complexity: O(n) in the length of `text`.
    package static func truncate(_ text: String, toWidth width: Int) -> String {
        truncated(text, toWidth: width).text
    }

    /// `text` padded with spaces to exactly `width` columns (truncating first if wider),
    /// aligned leading or trailing.
    ///
    /// - Parameters:
    ///   - text: The text to fit.
    ///   - width: The exact number of columns of the result. `width <= 0` gives "".
    ///   - alignment: `.leading` puts the spaces after the text, `.trailing` before it.
    /// - Returns: A string for which `DisplayWidth.of(_:)` is `width` (when `width > 0`).
    /// - Complexity: O(n) in the length of `text`; O(n × width) in the rare case where the
    ///   first or last grapheme cluster of `text` joins with the padding.
    package static func fit(_ text: String, toWidth width: Int, alignment: Alignment) -> String {
        guard width > 0 else { return "" }
        let body = truncated(text, toWidth: width)
        let padded = pad(body.text, with: width - body.width, alignment: alignment)
        // Scalars that stand alone cannot join the padding into one grapheme cluster, so
        // then the width is the sum already.
        if body.scalarsStandAlone || DisplayWidth.of(padded) == width {
            return padded
        }
        return fitJoiningPadding(text, toWidth: width, alignment: alignment)
    }

    /// `fit` for text whose edge grapheme clusters join with the padding: a prepended
    /// concatenation mark at the end takes in the following space, a combining mark at the
    /// start attaches to the space before it, and a joined cluster may measure less than its
    /// parts. Adds padding, or cuts the text further, until the result measures `width`.
    ///
    /// - Complexity: O(n × width).
    private static func fitJoiningPadding(_ text: String, toWidth width: Int, alignment: Alignment) -> String {
        var limit = width
        while limit > 0 {
            let body = truncated(text, toWidth: limit)
            var padding = width - body.width
            // Each attempt adds exactly the columns still missing; joining can only swallow
            // a column or two at one edge, so a few attempts settle it.
            for _ in 0..<3 {
                let candidate = pad(body.text, with: padding, alignment: alignment)
                let measured = DisplayWidth.of(candidate)
                if measured == width {
                    return candidate
                }
                if measured > width {
                    break
                }
                padding += width - measured
            }
            limit -= 1
        }
        return String(repeating: " ", count: width)
    }

    /// `text` cut to at most `width` columns, the width of the result, and whether every
    /// scalar of the result stands alone (see `DisplayWidth.standsAlone(_:)`).
    ///
    /// - Complexity: O(n) in the length of `text`.
    static func truncated(
        _ text: String,
        toWidth width: Int
    ) -> (text: String, width: Int, scalarsStandAlone: Bool) {
        guard width > 0 else { return ("", 0, true) }
        if let count = DisplayWidth.printableASCIICount(text) {
            if count <= width {
                return (text, count, true)
            }
            return (String(decoding: text.utf8.prefix(width - 1), as: UTF8.self) + ellipsis, width, true)
        }
        let budget = width - 1
        // When every scalar stands alone, scalars are the grapheme clusters: step by scalar,
        // which is much cheaper than finding grapheme boundaries.
        if let total = DisplayWidth.standaloneScalarsWidth(text) {
            if total <= width {
                return (text, total, true)
            }
            let scalars = text.unicodeScalars
            var used = 0
            var end = scalars.startIndex
            while end < scalars.endIndex {
                let scalarWidth = DisplayWidth.scalarWidth(scalars[end])
                if used + scalarWidth > budget {
                    break
                }
                used += scalarWidth
                end = scalars.index(after: end)
            }
            return (String(scalars[..<end]) + ellipsis, used + 1, true)
        }
        // Walk the clusters once: remember where the text would be cut for the ellipsis and
        // stop as soon as the whole text is known not to fit.
        var used = 0
        var cut: String.Index?
        var start = text.startIndex
        while start < text.endIndex {
            let end = text.index(after: start)
            let clusterWidth = DisplayWidth.clusterWidth(text.unicodeScalars[start..<end])
            if cut == nil && used + clusterWidth > budget {
                cut = start
            }
            used += clusterWidth
            if used > width {
                let result = String(text[..<(cut ?? start)]) + ellipsis
                // The ellipsis can join a cluster before it (a prepended concatenation mark),
                // so measure rather than add one.
                return (result, DisplayWidth.of(result), false)
            }
            start = end
        }
        return (text, used, false)
    }

    /// `text` with `count` spaces after it (`.leading`) or before it (`.trailing`).
    private static func pad(_ text: String, with count: Int, alignment: Alignment) -> String {
        guard count > 0 else { return text }
        let padding = spaces(count)
        var result = ""
        result.reserveCapacity(text.utf8.count + count)
        switch alignment {
        case .leading:
            result += text
            result += padding
        case .trailing:
            result += padding
            result += text
        }
        return result
    }

    /// Spaces to cut padding from; slicing it is much cheaper than building spaces each time.
    private static let blank = String(repeating: " ", count: 128)

    /// `count` spaces.
    private static func spaces(_ count: Int) -> Substring {
        guard count <= blank.utf8.count else {
            return Substring(String(repeating: " ", count: count))
        }
        return blank[..<blank.utf8.index(blank.utf8.startIndex, offsetBy: count)]
    }
}
