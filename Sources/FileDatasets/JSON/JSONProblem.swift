/// What is wrong with a JSON input, and where.
public struct JSONProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line of the problem.
    public let line: Int
    /// What was expected or found, in a few words.
    public let message: String

    public init(line: Int, message: String) {
        self.line = line
        self.message = message
    }

    public var description: String { "line \(line): \(message)" }
}
