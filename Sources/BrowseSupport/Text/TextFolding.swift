/// Folding for filters: case-insensitive, with full-width forms matched to half-width ones.
///
/// `Ａ`, `ａ`, `A` and `a` all fold to `a`; the ideographic space U+3000 folds to a space.
public enum TextFolding {
    /// The folded form of `text`.
    ///
    /// - Complexity: O(n) in the length of `text`.
    public static func fold(_ text: String) -> String {
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
        query.isEmpty || text.firstRange(of: query) != nil
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
