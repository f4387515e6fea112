/// Adds datasets a program learns of only once its command line is read — manifests in a
/// folder the command line may name (`--datasets DIR`) — to the ones it was built with.
///
/// Implementers must guarantee that `datasets(options:environment:reserved:)` returns quickly
/// (it runs before every start: read settings, never open a source) and never fails: a
/// dataset that cannot be offered is left out and said in `problems`, one line each.
public protocol DatasetProvider: Sendable {
    /// The command-line options it reads (`--datasets DIR`); the parser accepts them and
    /// `--help` lists them.
    var options: [OptionDeclaration] { get }
    /// What its options are for, as `--help` heads them (`dataset manifests`).
    var optionsOwner: String { get }

    /// The datasets to add, and one line for each that could not be added.
    ///
    /// - Parameters:
    ///   - options: The declared options given, by name without dashes.
    ///   - environment: The process environment.
    ///   - registry: The datasets the program was built with.
    ///   - reserved: Names a new dataset may not take (the registry's ids, commands and
    ///     subcommands), each with a few words on what it is.
    func datasets(
        options: OptionValues, environment: [String: String], registry: DatasetRegistry,
        reserved: [String: String]
    ) -> (datasets: [any Dataset], problems: [String])
}

extension DatasetProvider {
    public var optionsOwner: String { "provided datasets" }
}
