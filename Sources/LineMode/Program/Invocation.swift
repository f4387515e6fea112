import ListKit

/// What the command line asks for, parsed by hand (no packages) from option declarations:
/// the program's own (`Invocation.programOptions`), the datasets', the file opener's and each
/// subcommand's. An option nobody declared is a usage error.
public struct Invocation: Sendable, Hashable {
    /// What the program does.
    public enum Action: Sendable, Hashable {
        /// An interactive or scripted session.
        case session
        /// Print the whole view and exit (`--format`, `--filter` or `--sort` given).
        case batch
        case listDatasets
        case help
        case version
        /// A subcommand (`browse import FILE…`), named by its first argument.
        case subcommand(String)
    }

    /// The formats of batch output.
    public enum OutputFormat: Sendable, Hashable {
        case table
        case export(ExportFormat)
    }

    public var action: Action = .session
    /// A dataset name, file or URL to start in.
    public var target: String?
    /// A dataset command to start with (`browse stock 2330`), instead of a target.
    public var command: String?
    /// The arguments after a subcommand's or a dataset command's name that are not options
    /// (`import`'s files, `stock`'s code).
    public var arguments: [String] = []
    public var format: OutputFormat?
    public var filter: String?
    /// A `where` condition, as typed.
    public var condition: String?
    public var sort: SortOrder?
    /// Columns picked and ordered with `--columns a,b,c`.
    public var columns: [String]?
    public var width: Int?
    public var pageSize: Int?
    /// Commands from `-c`, split at `;`.
    public var commands: [String]?
    public var cacheDirectory: String?
    public var offline = false
    /// Charts in ASCII (`--ascii`).
    public var ascii = false
    /// The most one input may bring into memory (`--max-input`); `nil` for the default.
    public var maxInput: ByteSize?
    /// True when `--help` was given after a subcommand (`browse import --help`).
    public var helpRequested = false
    /// Options declared by others (datasets, the file opener, a subcommand), by name without
    /// dashes; a flag's value is `true`.
    public var datasetOptions: [String: String] = [:]

    public init() {}

    /// The narrowest width that still shows a useful table.
    public static let minimumWidth = 20
    public static let maximumWidth = 10_000
    /// The range of `--max-input`: from a kilobyte to the 4 GiB a table can index.
    public static let minimumMaxInput = ByteSize(1 << 10)
    public static let maximumMaxInput = ByteSize(1 << 32)

    /// The program's own options, in the order `--help` lists them.
    public static let programOptions: [OptionDeclaration] = [
        OptionDeclaration(
            "format", shortName: "f", value: "table|csv|tsv|json|markdown",
            summary: "print the view in this format and exit"),
        OptionDeclaration("filter", value: "TEXT", summary: "keep rows containing TEXT (prints and exits)"),
        OptionDeclaration("sort", value: "COL[:desc]", summary: "sort by a column (prints and exits)"),
        OptionDeclaration(
            "where", value: "EXPR", summary: "keep rows that satisfy EXPR: close > 500 and name ~ 積 (prints and exits)"),
        OptionDeclaration(
            "columns", value: "COL,COL", summary: "only these columns, in this order (on screen and in exports)"),
        OptionDeclaration(
            "commands", shortName: "c", value: "'CMD; CMD'", summary: "run these session commands, then exit"),
        OptionDeclaration("width", value: "N", summary: "fit N columns (default: the terminal, COLUMNS, or 80)"),
        OptionDeclaration("page-size", value: "N", summary: "rows per page (default: the terminal's height, or 20)"),
        OptionDeclaration("cache-dir", value: "DIR", summary: "where downloads are cached (default ~/.cache/PROGRAM)"),
        OptionDeclaration("offline", summary: "use cached data only"),
        OptionDeclaration("ascii", summary: "draw charts with * - | instead of braille dots"),
        OptionDeclaration(
            "max-input", value: "SIZE",
            summary: "the most a download, pipe or device may hold in memory (default 1G)"),
        OptionDeclaration("list", summary: "list the datasets"),
        OptionDeclaration("help", shortName: "h", summary: "this help"),
        OptionDeclaration("version", summary: "the version"),
    ]

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
    public static func parse(
        _ arguments: [String], options: [OptionDeclaration] = [],
        subcommands: [String: [OptionDeclaration]] = [:], commands: [String: [OptionDeclaration]] = [:]
    ) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var rest = arguments[...]
        var declared = programOptions + options
        if let first = rest.first, let subcommandOptions = subcommands[first] {
            invocation.action = .subcommand(first)
            rest = rest.dropFirst()
            declared = programOptions + subcommandOptions
        } else if !commands.isEmpty {
            // Which words are options depends on the command, so find it with every command's
            // options declared, then parse again with its own only.
            let everything = declared + commands.values.flatMap { $0 }
            if let probe = try? ParsedArguments.parse(Array(rest), declared: everything),
                let name = probe.positionals.first, let commandOptions = commands[name]
            {
                invocation.command = name
                declared = programOptions + commandOptions
            }
        }
        let parsed = try ParsedArguments.parse(Array(rest), declared: declared)
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

    /// Fills the program's fields from parsed options; the others go to `datasetOptions`.
    private mutating func read(_ parsed: ParsedArguments, extraOptions: Set<String>) throws(UsageError) {
        for option in parsed.options {
            let value = option.value
            switch option.name {
            case "offline": offline = true
            case "ascii": ascii = true
            case "commands": commands = Self.splitCommands(value)
            case "format":
                if value.lowercased() == "table" {
                    format = .table
                } else if let export = ExportFormat(name: value) {
                    format = .export(export)
                } else {
                    throw .badValue(option: "--format", value: value, expected: "use table, csv, tsv, json or markdown")
                }
            case "filter": filter = value
            case "where": condition = value
            case "columns":
                let names = value.split(separator: ",").map { String($0).trimmingCharacters(in: " ") }.filter {
                    !$0.isEmpty
                }
                guard !names.isEmpty else {
                    throw .badValue(option: "--columns", value: value, expected: "name columns: --columns code,close")
                }
                columns = names
            case "sort": sort = try Self.parseSort(value, option: "--sort")
            case "width":
                guard let number = Int(value), number >= Self.minimumWidth, number <= Self.maximumWidth else {
                    throw .badValue(
                        option: "--width", value: value,
                        expected: "give a width from \(Self.minimumWidth) to \(Self.maximumWidth) columns")
                }
                width = number
            case "page-size":
                guard let size = Int(value), size >= 1, size <= 100_000 else {
                    throw .badValue(
                        option: "--page-size", value: value, expected: "give a number of rows from 1 to 100000")
                }
                pageSize = size
            case "cache-dir": cacheDirectory = value
            case "max-input":
                guard let size = ByteSize(parsing: value), size >= Self.minimumMaxInput, size <= Self.maximumMaxInput
                else {
                    throw .badValue(
                        option: "--max-input", value: value,
                        expected:
                            "give a size from \(Self.minimumMaxInput) to \(Self.maximumMaxInput), such as 500M or 2G")
                }
                maxInput = size
            case "list", "help", "version": break
            default:
                if extraOptions.contains(option.name) { datasetOptions[option.name] = value }
            }
        }
    }

    private mutating func chooseAction(_ parsed: ParsedArguments) throws(UsageError) {
        let batch = format != nil || filter != nil || sort != nil || condition != nil
        if batch, commands != nil {
            throw .conflicting("-c runs a session; --format, --filter and --sort print a view: use one or the other")
        }
        if parsed.value("help") != nil {
            action = .help
        } else if parsed.value("version") != nil {
            action = .version
        } else if parsed.value("list") != nil {
            action = .listDatasets
        } else if batch {
            guard target != nil || command != nil else {
                throw .conflicting(
                    "--format, --filter and --sort need a dataset, file or URL first: NAME --format csv")
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

/// Arguments split into declared options (with their values) and the rest, in order.
struct ParsedArguments: Sendable, Hashable {
    /// Each option given, in order, by its declared name; a flag's value is `true`.
    var options: [Option] = []
    /// Arguments that are not options, in order.
    var positionals: [String] = []

    /// One option and its value.
    struct Option: Sendable, Hashable {
        var name: String
        var value: String
    }

    /// The value of the option `name`, the last one when it was given more than once.
    func value(_ name: String) -> String? {
        options.last { $0.name == name }?.value
    }

    /// Splits `arguments` by `declared`.
    ///
    /// - Throws: `UsageError` for an option nobody declared, a missing value, or a value given
    ///   to a flag.
    static func parse(_ arguments: [String], declared: [OptionDeclaration]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inline: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inline = String(argument[argument.index(after: equals)...])
            }
            guard let declaration = declaration(named: name, in: declared) else { throw .unknownOption(name) }
            if declaration.takesValue {
                if let inline {
                    parsed.options.append(Option(name: declaration.name, value: inline))
                } else {
                    guard index < arguments.count else { throw .missingValue(name) }
                    parsed.options.append(Option(name: declaration.name, value: arguments[index]))
                    index += 1
                }
            } else {
                guard inline == nil else {
                    throw .badValue(option: name, value: inline ?? "", expected: "takes no value")
                }
                parsed.options.append(Option(name: declaration.name, value: "true"))
            }
        }
        return parsed
    }

    /// The declaration `--name` or `-n` refers to.
    private static func declaration(named written: String, in declared: [OptionDeclaration]) -> OptionDeclaration? {
        if written.hasPrefix("--") {
            let bare = written.dropFirst(2)
            return declared.first { $0.name == bare }
        }
        guard written.count == 2, let letter = written.last else { return nil }
        return declared.first { $0.shortName == letter }
    }
}
