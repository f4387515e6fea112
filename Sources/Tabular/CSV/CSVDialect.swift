/// How a delimited text file is written: which byte separates fields, which byte quotes them,
/// and whether empty lines are records.
///
/// ```swift
/// let tsv = CSVDialect.tab
/// let custom = CSVDialect(delimiter: UInt8(ascii: "|"), skipsBlankLines: false)
/// ```
package struct CSVDialect: Sendable, Hashable {
    /// The byte between fields: `,`, `\t`, `;` or `|`.
    package let delimiter: UInt8
    /// The byte that opens and closes a quoted field (`"`); doubled inside a quoted field it
    /// stands for itself.
    package let quote: UInt8
    /// When true (the default), a line with no bytes at all is not a record. A line holding only
    /// a delimiter is always a record of two empty fields.
    package let skipsBlankLines: Bool

    /// Creates a dialect.
    ///
    /// - Parameters:
    ///   - delimiter: The field separator. It must not be CR, LF or the quote byte.
    ///   - quote: The quote byte, `"` by default.
    ///   - skipsBlankLines: Whether empty lines are skipped rather than read as one empty field.
    /// - Precondition: `delimiter` is not CR, LF or `quote`.
    package init(delimiter: UInt8, quote: UInt8 = UInt8(ascii: "\""), skipsBlankLines: Bool = true) {
        precondition(
            delimiter != ASCII.lineFeed && delimiter != ASCII.carriageReturn && delimiter != quote,
            "a CSV delimiter cannot be CR, LF or the quote byte")
        precondition(quote != ASCII.lineFeed && quote != ASCII.carriageReturn, "a CSV quote cannot be CR or LF")
        self.delimiter = delimiter
        self.quote = quote
        self.skipsBlankLines = skipsBlankLines
    }

    /// Comma-separated values (RFC 4180).
    package static let comma = CSVDialect(delimiter: UInt8(ascii: ","))
    /// Tab-separated values.
    package static let tab = CSVDialect(delimiter: UInt8(ascii: "\t"))
    /// Semicolon-separated values, common where `,` is the decimal separator.
    package static let semicolon = CSVDialect(delimiter: UInt8(ascii: ";"))
    /// Pipe-separated values.
    package static let pipe = CSVDialect(delimiter: UInt8(ascii: "|"))
}
