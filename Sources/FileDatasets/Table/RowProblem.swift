/// A record that was skipped because it cannot line up with the columns.
public struct RowProblem: Sendable, Hashable, CustomStringConvertible {
    /// What was wrong with it.
    public enum Kind: Sendable, Hashable {
        /// The record has `fields` fields where the header has `expected`.
        case fieldCount(fields: Int, expected: Int)
        /// A quoted field opened on this line is never closed.
        case unterminatedQuote
        /// A JSON Lines line that is not a JSON object (or a JSON array element that is not one).
        case notAnObject(String)
    }

    /// The 1-based line on which the record starts.
    public let line: Int
    public let kind: Kind

    public init(line: Int, kind: Kind) {
        self.line = line
        self.kind = kind
    }

    /// `line 5 has 3 fields, not 12`.
    public var description: String {
        switch kind {
        case .fieldCount(let fields, let expected):
            return "line \(line) has \(fields) field\(fields == 1 ? "" : "s"), not \(expected)"
        case .unterminatedQuote:
            return "line \(line): a quoted field is never closed"
        case .notAnObject(let reason):
            return "line \(line): \(reason)"
        }
    }
}
