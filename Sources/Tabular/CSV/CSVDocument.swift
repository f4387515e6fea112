/// A whole small file read into strings: every record, and every problem met on the way.
package struct CSVDocument: Sendable, Hashable {
    /// The records in file order, each with its starting line.
    package let records: [CSVTextRecord]
    /// Problems the scanner read past, in file order.
    package let issues: [CSVIssue]
    /// True when the input started with a UTF-8 byte order mark (which was skipped).
    package let hadByteOrderMark: Bool

    /// Creates a document.
    package init(records: [CSVTextRecord], issues: [CSVIssue], hadByteOrderMark: Bool) {
        self.records = records
        self.issues = issues
        self.hadByteOrderMark = hadByteOrderMark
    }
}
