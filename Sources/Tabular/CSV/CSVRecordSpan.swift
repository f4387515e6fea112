/// Where one record lies in the scanned buffer: its first line and its bytes.
package struct CSVRecordSpan: Sendable, Hashable {
    /// The 1-based line on which the record starts. A record whose quoted fields hold line
    /// breaks spans several lines; the next record's line counts them.
    package let line: Int
    /// The record's bytes, without its line terminator.
    package let byteRange: Range<Int>

    /// Creates a span.
    package init(line: Int, byteRange: Range<Int>) {
        self.line = line
        self.byteRange = byteRange
    }
}
