/// Text folded in PostgreSQL exactly as the local filter folds it (``TextFolding/fold(_:)``):
/// full-width forms (U+FF01–FF5E) and the ideographic space made ASCII, then lowercased.
///
/// The two literals are the program's own text, never a person's.
enum PostgresFolding {
    /// U+FF01–FF5E and U+3000, in the order of ``ascii``.
    static let fullWidth = String(
        String.UnicodeScalarView((0xFF01...0xFF5E).compactMap(Unicode.Scalar.init) + ["\u{3000}"]))
    /// U+0021–007E and the space, each the half-width form of ``fullWidth``'s character.
    static let ascii = String(String.UnicodeScalarView((0x21...0x7E).compactMap(Unicode.Scalar.init) + [" "]))

    /// `expression` (text) folded: widths made ASCII when `widths` (a query without ASCII
    /// cannot meet a character the translation makes), then lowercased in `collation`.
    ///
    /// Swift lowercases `İ` to `i` and a combining dot above; the C library's one-character
    /// lowercasing makes it `i` alone, so it is replaced first.
    static func fold(_ expression: String, collation: String?, widths: Bool = true) -> String {
        var text = expression
        if widths { text = "translate(\(text), \(literal(fullWidth)), \(literal(ascii)))" }
        text = "replace(\(text), 'İ', 'i̇')"
        if let collation { text += " COLLATE \(SQLDialect.postgres.quoted(collation))" }
        return "lower(\(text))"
    }

    /// True when a folded query has a character the width translation could make: printable
    /// ASCII or the space.
    static func needsWidths(_ foldedQuery: String) -> Bool {
        foldedQuery.unicodeScalars.contains { (0x20...0x7E).contains($0.value) }
    }

    /// `text` as a standard-conforming string literal.
    private static func literal(_ text: String) -> String {
        "'" + text.replacing("'", with: "''") + "'"
    }
}
