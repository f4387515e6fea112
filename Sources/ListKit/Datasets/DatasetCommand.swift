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
    /// The words it takes that are not options, in order, with what Tab offers for each.
    public let arguments: [ArgumentDeclaration]
    /// The options of its own; it reads them, and its dataset's options, from
    /// `Arguments.options` (the registry gives it both). `--help` lists them with the command.
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
    ///   - arguments: The words it takes that are not options, for completion.
    ///   - options: The options of its own (its dataset's are shared with it).
    ///   - makeScreen: Makes the screen from the arguments and the context datasets get.
    public init(
        name: String, usage: String, summary: String, arguments: [ArgumentDeclaration] = [],
        options: [OptionDeclaration] = [],
        makeScreen:
            @escaping @MainActor @Sendable (_ arguments: Arguments, _ context: DatasetContext) throws ->
            any ListScreen
    ) {
        self.name = name
        self.usage = usage
        self.summary = summary
        self.arguments = arguments
        self.options = options
        self.makeScreen = makeScreen
    }

    /// What followed the command's name.
    public struct Arguments: Sendable, Hashable {
        /// The words that are not options, in order (`2330`).
        public var positionals: [String]
        /// The options given, its own and its dataset's, checked by their declarations; read
        /// each with `options.value(_:)`.
        public var options: OptionValues

        public init(positionals: [String] = [], options: OptionValues = [:]) {
            self.positionals = positionals
            self.options = options
        }

        /// Arguments whose options are given as texts by name.
        public init(positionals: [String] = [], options: [String: String]) {
            self.init(positionals: positionals, options: OptionValues(options))
        }
    }
}
