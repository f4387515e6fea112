/// A word a dataset's command takes that is not an option (`CODE` of `stock CODE`): its name
/// in usage, and what Tab and the shell completion scripts offer for it.
///
/// ```swift
/// ArgumentDeclaration("CODE", summary: "a security's code") { context in ["2330", "2317"] }
/// ```
public struct ArgumentDeclaration: Sendable {
    /// How it is written in usage (`CODE`).
    public let name: String
    /// One line on what it is.
    public let summary: String
    /// The values worth offering, from what the program already has (a cache): never a
    /// download, since it runs at each Tab. `nil` offers nothing.
    public let suggestions: (@Sendable (DatasetContext) -> [String])?

    /// Declares an argument.
    ///
    /// - Parameters:
    ///   - name: How it is written in usage.
    ///   - summary: One line on what it is.
    ///   - suggestions: The values Tab offers; it must return quickly and never touch the network.
    public init(
        _ name: String, summary: String, suggestions: (@Sendable (DatasetContext) -> [String])? = nil
    ) {
        self.name = name
        self.summary = summary
        self.suggestions = suggestions
    }
}
