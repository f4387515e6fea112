/// A row that was skipped, or a problem read past, with where it is.
///
/// Parsers never drop a row silently: each skipped row becomes an issue, and the result counts
/// them.
///
/// ```text
/// STOCK_DAY_ALL CSV, line 3: skipped row 2330: 成交股數 "abc" is not a whole number
/// ```
package struct ParseIssue: Sendable, Hashable, CustomStringConvertible {
    /// The kind of file.
    package let format: TWSEFormat
    /// The 1-based line where the row starts.
    package let line: Int
    /// For JSON, the 1-based position of the row in its array (a one-line JSON file has every
    /// row on line 1); `nil` for CSV.
    package let row: Int?
    /// What was wrong and what was done.
    package let message: String

    /// Creates an issue.
    package init(format: TWSEFormat, line: Int, row: Int? = nil, message: String) {
        self.format = format
        self.line = line
        self.row = row
        self.message = message
    }

    /// `STOCK_DAY JSON, line 1, row 5: skipped row: …`
    package var description: String {
        if let row { return "\(format), line \(line), row \(row): \(message)" }
        return "\(format), line \(line): \(message)"
    }
}
