/// Something wrong in a delimited file that the scanner read past rather than stopping on.
///
/// Every issue names the 1-based line where it was found, so a caller can tell the user
/// exactly where to look:
///
/// ```text
/// line 7: a quoted field is never closed; the rest of the file was read as one field
/// ```
package struct CSVIssue: Sendable, Hashable, CustomStringConvertible {
    /// What kind of problem was found.
    package enum Kind: Sendable, Hashable {
        /// A quoted field has no closing quote before the end of the input.
        case unterminatedQuote
        /// Bytes follow a closing quote before the next delimiter (`"abc"def`); they were kept.
        case textAfterClosingQuote
        /// An unquoted field contains a quote byte (`ab"c`); it was kept as a literal.
        case quoteInUnquotedField
    }

    /// What kind of problem was found.
    package let kind: Kind
    /// The 1-based line on which the offending field starts.
    package let line: Int
    /// The byte offset of the offending quote or text in the scanned buffer.
    package let byteOffset: Int

    /// Creates an issue.
    package init(kind: Kind, line: Int, byteOffset: Int) {
        self.kind = kind
        self.line = line
        self.byteOffset = byteOffset
    }

    /// One line saying where the problem is and what was done about it.
    package var description: String {
        switch kind {
        case .unterminatedQuote:
            return "line \(line): a quoted field is never closed; the rest of the file was read as one field"
        case .textAfterClosingQuote:
            return "line \(line): text follows a closing quote (byte \(byteOffset)); it was kept in the field"
        case .quoteInUnquotedField:
            return "line \(line): a quote inside an unquoted field (byte \(byteOffset)); it was kept as text"
        }
    }
}
