/// A verb a dataset offers everywhere, with arguments: typed at any screen of a session
/// (`stock 2330`), and after the program's name (`browse stock 2330 --months 12`).
///
/// It makes a screen from its arguments, the way a dataset makes its root screen; the front
/// end loads that screen with progress, as it would any other.
///
/// ```swift
/// DatasetCommand(
///     name: "stock", usage: "stock CODE [--months N]", summary: "a security's daily prices, by its code",
///     options: [OptionDeclaration("months", value: "N", summary: "open with N months")]
/// ) { arguments, context in
///     let code = arguments.positionals.first ?? ""
///     return GenericListController(title: code, items: [Day]()) { (row: inout BasicRow, day) in
///         row.text = .text(day.id)
///     } select: { _ in
///         .none
///     }
/// }
/// ```
///
/// Implementers must guarantee what `Dataset.makeRootScreen(context:)` does: `makeScreen`
/// returns quickly (slow work belongs in the screen's sources) and throws a `UserFacingError`
/// whose exit status is `.usage` when the arguments are wrong.
public struct DatasetCommand: Sendable {
    /// The word that invokes it (`stock`); unique among a registry's commands and datasets.
    public let name: String
    /// How to call it, for help (`stock CODE [--months N]`).
    public let usage: String
    /// One line on what it does.
    public let summary: String
    /// The options it reads from `Arguments.options`; `--help` lists them with the command.
    public let options: [OptionDeclaration]
    /// Makes the screen the command opens.
    public let makeScreen:
        @MainActor @Sendable (_ arguments: Arguments, _ context: DatasetContext) throws -> any ListScreen

    /// Declares a command.
    ///
    /// - Parameters:
    ///   - name: The word that invokes it.
    ///   - usage: How to call it, for help.
    ///   - summary: One line on what it does.
    ///   - options: The options it reads, by name without dashes.
    ///   - makeScreen: Makes the screen from the arguments and the context datasets get.
    public init(
        name: String, usage: String, summary: String, options: [OptionDeclaration] = [],
        makeScreen:
            @escaping @MainActor @Sendable (_ arguments: Arguments, _ context: DatasetContext) throws ->
            any ListScreen
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.options = options
        self.makeScreen = makeScreen
    }

    /// What followed the command's name.
    public struct Arguments: Sendable, Hashable {
        /// The words that are not options, in order (`2330`).
        public var positionals: [String]
        /// The declared options given, by name without dashes; a flag's value is `true`.
        public var options: [String: String]

        public init(positionals: [String] = [], options: [String: String] = [:]) {
            self.positionals = positionals
            self.options = options
        }
    }
}
