/// A command-line option the file datasets understand, for the program to declare.
public struct FileOptionSpec: Sendable, Hashable {
    /// The option's name without dashes (`delimiter`).
    public let name: String
    /// True when the option is followed by a value.
    public let takesValue: Bool
    /// One line for `--help`.
    public let usage: String
}
