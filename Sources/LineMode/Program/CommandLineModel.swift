import ListKit

/// Everything a command line of the program may hold, gathered from the declarations once: what
/// the completion scripts and the manual page are made from.
@MainActor
struct CommandLineModel {
    /// A verb after the program's name: a subcommand or a dataset's command.
    struct Verb {
        let name: String
        let usage: String
        let summary: String
        /// Its own options (the program's are accepted with it too).
        let options: [OptionDeclaration]
        /// Whether its first word that is not an option has suggestions (`stock CODE`).
        let suggestsArgument: Bool
    }

    let program: String
    /// The program's own options, accepted everywhere.
    let programOptions: [OptionDeclaration]
    /// The options a line without a verb accepts besides the program's: the datasets', the
    /// opener's, the provider's.
    let targetOptions: [OptionDeclaration]
    let subcommands: [Verb]
    /// The datasets' commands, each with its own options and its dataset's.
    let commands: [Verb]
    /// The words that start a session command, for `-c`.
    let sessionWords: [String]

    init(launcher: Launcher) {
        program = launcher.identity.name
        programOptions = Invocation.programOptions
        targetOptions = launcher.declaredOptions
        subcommands = launcher.subcommands.map {
            Verb(
                name: $0.name, usage: "\($0.name) \($0.synopsis)", summary: $0.summary, options: $0.options,
                suggestsArgument: false)
        }
        let registry = launcher.registry
        commands = registry.commands.map {
            Verb(
                name: $0.name, usage: $0.usage, summary: $0.summary, options: registry.options(of: $0),
                suggestsArgument: $0.arguments.first?.suggestions != nil)
        }
        sessionWords = SessionCommands.all.compactMap(\.completionWord)
    }

    /// Every verb: subcommands, then dataset commands.
    var verbs: [Verb] { subcommands + commands }

    /// Every option that takes a value, each name once, the first declaration winning: a value
    /// after it is never a verb.
    var optionsTakingValues: [OptionDeclaration] {
        var seen = Set<String>()
        let all = programOptions + targetOptions + verbs.flatMap(\.options)
        return all.filter { $0.takesValue && seen.insert($0.name).inserted }
    }

    /// How the option is written: `--name`, and `-c` when it has a short name.
    static func spellings(_ option: OptionDeclaration) -> [String] {
        ["--" + option.name] + (option.shortName.map { ["-\($0)"] } ?? [])
    }

    /// True for `-c`/`--commands`, whose value is session commands.
    static func takesSessionCommands(_ option: OptionDeclaration) -> Bool {
        option.name == ProgramOptions.commands.name
    }
}
