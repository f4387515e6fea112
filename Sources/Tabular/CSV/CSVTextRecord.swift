/// A record with its fields made into strings, for small files.
public struct CSVTextRecord: Sendable, Hashable {
    /// The 1-based line on which the record starts.
    public let line: Int
    /// The fields' text, quotes removed and `""` unescaped.
    public let fields: [String]

    /// Creates a record.
    public init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
