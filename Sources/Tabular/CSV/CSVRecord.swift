/// A record as byte ranges: its position and its fields.
public struct CSVRecord: Sendable, Hashable {
    /// The 1-based line on which the record starts.
    public let line: Int
    /// The record's bytes, without its line terminator.
    public let byteRange: Range<Int>
    /// The record's fields, in order.
    public let fields: [CSVField]

    /// Creates a record.
    public init(line: Int, byteRange: Range<Int>, fields: [CSVField]) {
        self.line = line
        self.byteRange = byteRange
        self.fields = fields
    }
}
