/// A plug-in: a named list a program offers, like one tab of an app's tab bar.
///
/// Implementers must guarantee:
/// - `id` is lower kebab-case (`companies`, `otc-companies`) and unique in a registry;
///   it is what a user types (`browse films`, `open films`);
/// - `makeRootScreen(context:)` returns quickly: slow work belongs in the screen's sources,
///   which the front end loads with a progress indicator.
public protocol Dataset: Sendable {
    /// What a user types to open the dataset.
    var id: String { get }
    /// Other names a user may type for it (`三大法人` for `institutional`), compared like the
    /// id; unique in a registry like ids.
    var aliases: [String] { get }
    /// A human title (`Star Wars films`).
    var title: String { get }
    /// One line on what the dataset holds and what it needs (network, files).
    var summary: String { get }
    /// Command-line options the dataset reads from `DatasetContext.options` (`--market otc`);
    /// the program's parser accepts exactly these, and `--help` lists them.
    var options: [OptionDeclaration] { get }
    /// Verbs with arguments the dataset offers at every screen and on the command line
    /// (`stock 2330`); the registry gathers them.
    var commands: [DatasetCommand] { get }
    /// The commands its screens add (`older` on a security's screen), declared here so that
    /// their words are reserved: a manifest's id may not take one and then shadow it. Each
    /// screen makes its `ListCommand` from one of these declarations.
    var screenCommands: [ListCommandDeclaration] { get }
    /// A short mark shown after the id in lists of datasets (`*` for a dataset a manifest
    /// describes), or `nil` for none.
    var listMark: String? { get }
    /// Makes the dataset's first screen.
    ///
    /// - Throws: An error with a description the user can act on, when the dataset cannot
    ///   start (a bad option).
    @MainActor func makeRootScreen(context: DatasetContext) throws -> any ListScreen
}

extension Dataset {
    public var aliases: [String] { [] }
    public var options: [OptionDeclaration] { [] }
    public var commands: [DatasetCommand] { [] }
    public var screenCommands: [ListCommandDeclaration] { [] }
    public var listMark: String? { nil }
}
