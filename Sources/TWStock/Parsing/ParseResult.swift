/// What a parser read: the records, and the rows it skipped (with why and where).
package struct ParseResult<Record: Sendable>: Sendable {
    /// The records, in file order.
    package var records: [Record]
    /// Skipped rows and other problems, in file order.
    package var issues: [ParseIssue]

    /// Creates a result.
    package init(records: [Record], issues: [ParseIssue] = []) {
        self.records = records
        self.issues = issues
    }
}

extension ParseResult: Equatable where Record: Equatable {}
extension ParseResult: Hashable where Record: Hashable {}
