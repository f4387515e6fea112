/// Why one row cannot be read; the parser turns it into a ``ParseIssue`` with the row's line.
struct UnreadableRow: Error, Sendable {
    /// What was wrong, naming the column and quoting the text.
    let message: String

    init(_ message: String) {
        self.message = message
    }
}
