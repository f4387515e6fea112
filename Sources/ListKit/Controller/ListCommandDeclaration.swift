/// What a screen's command is, apart from what it does: its word, how to call it and what it
/// does. A dataset lists the declarations of the commands its screens add
/// (`Dataset.screenCommands`), so that no other name (a manifest's id) can take their words,
/// and each screen makes its `ListCommand` from the same declaration.
///
/// ```swift
/// ListCommandDeclaration(name: "older", usage: "older [N]", summary: "fetch N more months (default 1)")
/// ```
public struct ListCommandDeclaration: Sendable, Hashable {
    /// The word that invokes it.
    public let name: String
    /// How to call it, for help (`market listed|otc|emerging`).
    public let usage: String
    /// One line on what it does.
    public let summary: String
    /// The words it takes, for completion at the prompt (`listed`, `otc`); empty when free-form.
    public let arguments: [String]

    /// Declares a screen's command.
    ///
    /// - Parameters:
    ///   - name: The word that invokes it.
    ///   - usage: How to call it, for help.
    ///   - summary: One line on what it does.
    ///   - arguments: The words it takes, for completion.
    public init(name: String, usage: String, summary: String, arguments: [String] = []) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.arguments = arguments
    }
}
