import BrowseSupport
import ListKit

/// What the command line asks for, parsed by hand (no packages) from option declarations:
/// the program's own (`Invocation.programOptions`), the datasets', the file opener's and each
/// subcommand's. An option nobody declared is a usage error, and so is a value that does not
/// fit its declaration.
public struct Invocation: Sendable, Hashable {
    /// What the program does.
    package enum Action: Sendable, Hashable {
        /// An interactive or scripted session.
        case session
        /// Print the whole view and exit (`--format`, `--filter` or `--sort` given).
        case batch
        case listDatasets
        case help
        case version
        /// Print a completion script for a shell (`--generate-completion-script bash`).
        case completionScript(CompletionShell)
        /// Print the manual page (`--generate-manual`).
        case manual
        /// A subcommand (`browse import FILE…`), named by its first argument.
        case subcommand(String)
    }

    /// The formats of batch output.
    package enum OutputFormat: Sendable, Hashable {
        case table
        case export(ExportFormat)
    }

    package var action: Action = .session
    /// A dataset name, file or URL to start in.
    package var target: String?
    /// A dataset command to start with (`browse stock 2330`), instead of a target.
    package var command: String?
    /// The arguments after a subcommand's or a dataset command's name that are not options
    /// (`import`'s files, `stock`'s code).
    public var arguments: [String] = []
    package var format: OutputFormat?
    package var filter: String?
    /// A `where` condition, as typed.
    package var condition: String?
    package var sort: SortOrder?
    /// Columns picked and ordered with `--columns a,b,c`.
    package var columns: [String]?
    package var width: Int?
    package var pageSize: Int?
    /// Commands from `-c`, split at `;`.
    package var commands: [String]?
    package var cacheDirectory: String?
    package var offline = false
    /// Charts in ASCII (`--ascii`).
    package var ascii = false
    /// The most one input may bring into memory (`--max-input`); `nil` for the default.
    package var maxInput: ByteSize?
    /// True when `--help` was given with a subcommand (`browse import --help`).
    package var helpRequested = false
    /// The shell of `--generate-completion-script`.
    package var completionShell: CompletionShell?
    /// Options declared by others (datasets, the file opener, a dataset command, a subcommand),
    /// by name without dashes, each checked by its declaration; a flag's value is `true`.
    public var datasetOptions: OptionValues = [:]

    package init() {}

    /// The narrowest width that still shows a useful table.
    package static let minimumWidth = 20
    package static let maximumWidth = 10_000
    /// The range of `--max-input`: from a kilobyte to the 4 GiB a table can index.
    package static let minimumMaxInput = ByteSize(1 << 10)
    package static let maximumMaxInput = ByteSize(1 << 32)

    /// The program's own options, in the order `--help` lists them.
    package static var programOptions: [OptionDeclaration] { ProgramOptions.all }

    /// Parses the arguments after the program name.
    ///
    /// Options take their value as the next argument or after `=` (`--width=100`); `--` ends
    /// the options. When the first argument names a subcommand, the rest are parsed with the
    /// program's options and that subcommand's. When the first argument that is not an option
    /// names a dataset command (`browse --offline stock 2330 --months 12`), the arguments are
    /// parsed with the program's options and that command's, and the words after its name are
    /// its arguments.
    ///
    /// - Parameters:
    ///   - options: Options declared by datasets and the file opener.
    ///   - subcommands: Each subcommand's name and the options it declares.
    ///   - commands: Each dataset command's name and the options it declares.
    /// - Throws: `UsageError` naming the argument and what would work.
    package static func parse(
        _ arguments: [String], options: [OptionDeclaration] = [],
        subcommands: [String: [OptionDeclaration]] = [:], commands: [String: [OptionDeclaration]] = [:]
    ) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var rest = arguments
        var declared = programOptions + options
        // Which words are options depends on the subcommand or command, so find it with every
        // option declared, then parse again with its own only. The program's options may come
        // before it or after it (`browse --datasets DIR check-datasets`).
        let everything = declared + subcommands.values.flatMap { $0 } + commands.values.flatMap { $0 }
        let probe = try? ParsedArguments.parse(arguments, declared: everything, checkingValues: false)
        if let probe, let first = probe.positionals.first, let subcommandOptions = subcommands[first],
            let position = probe.positionalIndices.first, !arguments[..<position].contains("--")
        {
            invocation.action = .subcommand(first)
            rest.remove(at: position)
            declared = programOptions + subcommandOptions
        } else if let probe, let name = probe.positionals.first, let commandOptions = commands[name] {
            invocation.command = name
            declared = programOptions + commandOptions
        }
        let parsed = try ParsedArguments.parse(rest, declared: declared)
        try invocation.read(parsed, extraOptions: Set(declared.dropFirst(programOptions.count).map(\.name)))
        if case .subcommand = invocation.action {
            invocation.helpRequested = parsed.value("help") != nil
            invocation.arguments = parsed.positionals
            return invocation
        }
        if invocation.command != nil {
            invocation.arguments = Array(parsed.positionals.dropFirst())
        } else {
            guard parsed.positionals.count <= 1 else { throw .unexpectedArgument(parsed.positionals[1]) }
            invocation.target = parsed.positionals.first
        }
        try invocation.chooseAction(parsed)
        return invocation
    }

    /// Fills the program's fields from parsed options, read by their declarations; the others
    /// go to `datasetOptions`.
    private mutating func read(_ parsed: ParsedArguments, extraOptions: Set<String>) throws(UsageError) {
        typealias Options = ProgramOptions
        for option in parsed.options {
            let value = option.value
            switch option.name {
            case Options.offline.name: offline = true
            case Options.ascii.name: ascii = true
            case Options.commands.name: commands = Self.splitCommands(value)
            case Options.format.name: format = try ParsedArguments.read(value, as: Options.format)
            case Options.filter.name: filter = value
            case Options.condition.name: condition = value
            case Options.columns.name: columns = try ParsedArguments.read(value, as: Options.columns)
            case Options.sort.name: sort = try Self.parseSort(value, option: "--sort")
            case Options.width.name: width = try ParsedArguments.read(value, as: Options.width)
            case Options.pageSize.name: pageSize = try ParsedArguments.read(value, as: Options.pageSize)
            case Options.cacheDirectory.name: cacheDirectory = value
            case Options.maxInput.name: maxInput = try ParsedArguments.read(value, as: Options.maxInput)
            case Options.completionScript.name:
                completionShell = try ParsedArguments.read(value, as: Options.completionScript)
            case Options.list.name, Options.help.name, Options.version.name, Options.manual.name: break
            default:
                if extraOptions.contains(option.name) { datasetOptions[option.name] = value }
            }
        }
    }

    private mutating func chooseAction(_ parsed: ParsedArguments) throws(UsageError) {
        let batch = format != nil || filter != nil || sort != nil || condition != nil
        let batchOptions = OptionKind.list(ProgramOptions.batch.map { "--" + $0.name })
        if batch, commands != nil {
            throw .conflicting("-c runs a session; \(batchOptions) print a view: use one or the other")
        }
        if parsed.value("help") != nil {
            action = .help
        } else if parsed.value("version") != nil {
            action = .version
        } else if let completionShell {
            action = .completionScript(completionShell)
        } else if parsed.value(ProgramOptions.manual.name) != nil {
            action = .manual
        } else if parsed.value("list") != nil {
            action = .listDatasets
        } else if batch {
            guard target != nil || command != nil else {
                throw .conflicting("\(batchOptions) need a dataset, file or URL first: NAME --format csv")
            }
            action = .batch
        }
    }

    /// `close`, `close:desc`, `close:asc`.
    static func parseSort(_ text: String, option: String) throws(UsageError) -> SortOrder {
        var column = text
        var descending = false
        if let colon = text.lastIndex(of: ":") {
            let direction = text[text.index(after: colon)...].lowercased()
            switch direction {
            case "desc": descending = true
            case "asc": descending = false
            default:
                throw .badValue(option: option, value: text, expected: "use COLUMN, COLUMN:asc or COLUMN:desc")
            }
            column = String(text[..<colon])
        }
        guard !column.isEmpty else {
            throw .badValue(option: option, value: text, expected: "name a column: --sort COLUMN[:desc]")
        }
        return SortOrder(column: column, descending: descending)
    }

    /// Splits `-c` text at `;` (`\;` keeps a literal semicolon), dropping empty pieces.
    static func splitCommands(_ text: String) -> [String] {
        var commands: [String] = []
        var current = ""
        var escaped = false
        for character in text {
            if escaped {
                if character != ";" { current.append("\\") }
                current.append(character)
                escaped = false
            } else if character == "\\" {
                escaped = true
            } else if character == ";" {
                commands.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        if escaped { current.append("\\") }
        commands.append(current)
        return commands.map { $0.trimmingCharacters(in: " \t\n") }.filter { !$0.isEmpty }
    }
}
