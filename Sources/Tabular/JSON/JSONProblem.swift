import BrowseSupport

/// What is wrong with a JSON input, and where.
public struct JSONProblem: UserFacingError, Hashable {
    /// The 1-based line of the problem.
    public let line: Int
    /// The 1-based column (in characters) of the problem.
    public let column: Int
    /// What was expected or found, in a few words.
    public let message: String

    public init(line: Int, column: Int = 1, message: String) {
        self.line = line
        self.column = column
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
