/// A record with its fields made into strings, for small files.
package struct CSVTextRecord: Sendable, Hashable {
    /// The 1-based line on which the record starts.
    package let line: Int
    /// The fields' text, quotes removed and `""` unescaped.
    package let fields: [String]

    /// Creates a record.
    package init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
