/// How the program ends, as a type rather than bare numbers.
public struct ExitCode: Sendable, Hashable, CustomStringConvertible {
    public let rawValue: Int32

    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// Everything worked.
    public static let success = ExitCode(0)
    /// Something the user asked for failed (a file that cannot be read, a failed command in a script).
    public static let failure = ExitCode(1)
    /// The command line was wrong (an unknown option or dataset).
    public static let usage = ExitCode(2)
    /// Interrupted by Ctrl-C.
    public static let interrupted = ExitCode(130)

    public var description: String { String(rawValue) }
}
