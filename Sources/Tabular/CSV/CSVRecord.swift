/// A record as byte ranges: its position and its fields.
package struct CSVRecord: Sendable, Hashable {
    /// The 1-based line on which the record starts.
    package let line: Int
    /// The record's bytes, without its line terminator.
    package let byteRange: Range<Int>
    /// The record's fields, in order.
    package let fields: [CSVField]

    /// Creates a record.
    package init(line: Int, byteRange: Range<Int>, fields: [CSVField]) {
        self.line = line
        self.byteRange = byteRange
        self.fields = fields
    }
}
