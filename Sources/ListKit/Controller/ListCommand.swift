/// A command a screen adds to the front end's own (`older`, `market otc`).
@MainActor
public struct ListCommand {
    /// The word that invokes it.
    public let name: String
    /// How to call it, for help (`market listed|otc|emerging`).
    public let usage: String
    /// One line on what it does.
    public let summary: String
    /// The words it takes, for completion at the prompt (`listed`, `otc`); empty when free-form.
    public let arguments: [String]
    /// Runs the command with the rest of the line; the outcome is shown like a selection.
    public let run: @MainActor (_ arguments: String, _ progress: ProgressReporter) async throws -> Selection

    /// A command made from its declaration, the one its dataset lists in
    /// `Dataset.screenCommands`.
    ///
    /// - Parameters:
    ///   - declaration: Its word, usage, summary and arguments.
    ///   - run: Runs it with the rest of the line.
    public init(
        _ declaration: ListCommandDeclaration,
        run: @escaping @MainActor (_ arguments: String, _ progress: ProgressReporter) async throws -> Selection
    ) {
        self.init(
            name: declaration.name, usage: declaration.usage, summary: declaration.summary,
            arguments: declaration.arguments, run: run)
    }

    public init(
        name: String, usage: String, summary: String, arguments: [String] = [],
        run: @escaping @MainActor (_ arguments: String, _ progress: ProgressReporter) async throws -> Selection
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.arguments = arguments
        self.run = run
    }
}
