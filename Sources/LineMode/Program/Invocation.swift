import ListKit

/// What the command line asks for, parsed by hand (no packages).
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
    }

    /// The formats of batch output.
    public enum OutputFormat: Sendable, Hashable {
        case table
        case export(ExportFormat)
    }

    public var action: Action = .session
    /// A dataset name, file or URL to start in.
    public var target: String?
    public var format: OutputFormat?
    public var filter: String?
    public var sort: SortOrder?
    public var width: Int?
    public var pageSize: Int?
    /// Commands from `-c`, split at `;`.
    public var commands: [String]?
    public var cacheDirectory: String?
    public var offline = false
    /// Options meant for datasets (`--market otc`), by name without dashes.
    public var datasetOptions: [String: String] = [:]

    public init() {}

    /// An option a dataset understands, declared by the program so the parser accepts it.
    public struct DatasetOption: Sendable, Hashable {
        public var name: String
        public var takesValue: Bool
        public var usage: String

        public init(name: String, takesValue: Bool, usage: String) {
            self.name = name
            self.takesValue = takesValue
            self.usage = usage
        }
    }

    /// The narrowest width that still shows a useful table.
    public static let minimumWidth = 20
    public static let maximumWidth = 10_000

    /// Parses the arguments after the program name.
    ///
    /// Options take their value as the next argument or after `=` (`--width=100`); `--` ends
    /// the options.
    ///
    /// - Throws: `UsageError` naming the argument and what would work.
    public static func parse(
        _ arguments: [String], datasetOptions known: [DatasetOption] = []
    ) throws(UsageError) -> Invocation {
        var invocation = Invocation()
        var index = 0
        var optionsEnded = false
        var listFlag = false
        var helpFlag = false
        var versionFlag = false

        func value(for option: String, inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            index += 1
            guard index < arguments.count else { throw .missingValue(option) }
            return arguments[index]
        }

        while index < arguments.count {
            let argument = arguments[index]
            defer { index += 1 }
            if optionsEnded || !argument.hasPrefix("-") || argument == "-" {
                guard invocation.target == nil else { throw .unexpectedArgument(argument) }
                invocation.target = argument
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
            switch name {
            case "-h", "--help": helpFlag = true
            case "--version": versionFlag = true
            case "--list": listFlag = true
            case "--offline": invocation.offline = true
            case "-c", "--commands":
                let text = try value(for: name, inline: inline)
                invocation.commands = splitCommands(text)
            case "--format", "-f":
                let text = try value(for: name, inline: inline)
                if text.lowercased() == "table" {
                    invocation.format = .table
                } else if let format = ExportFormat(name: text) {
                    invocation.format = .export(format)
                } else {
                    throw .badValue(option: name, value: text, expected: "use table, csv, tsv, json or markdown")
                }
            case "--filter":
                invocation.filter = try value(for: name, inline: inline)
            case "--sort":
                let text = try value(for: name, inline: inline)
                invocation.sort = try parseSort(text, option: name)
            case "--width":
                let text = try value(for: name, inline: inline)
                guard let width = Int(text), width >= minimumWidth, width <= maximumWidth else {
                    throw .badValue(
                        option: name, value: text,
                        expected: "give a width from \(minimumWidth) to \(maximumWidth) columns")
                }
                invocation.width = width
            case "--page-size":
                let text = try value(for: name, inline: inline)
                guard let size = Int(text), size >= 1, size <= 100_000 else {
                    throw .badValue(option: name, value: text, expected: "give a number of rows from 1 to 100000")
                }
                invocation.pageSize = size
            case "--cache-dir":
                invocation.cacheDirectory = try value(for: name, inline: inline)
            default:
                let bare = String(name.drop { $0 == "-" })
                guard name.hasPrefix("--"), let option = known.first(where: { $0.name == bare }) else {
                    throw .unknownOption(name)
                }
                if option.takesValue {
                    invocation.datasetOptions[bare] = try value(for: name, inline: inline)
                } else {
                    guard inline == nil else {
                        throw .badValue(option: name, value: inline ?? "", expected: "takes no value")
                    }
                    invocation.datasetOptions[bare] = "true"
                }
            }
        }

        let batch = invocation.format != nil || invocation.filter != nil || invocation.sort != nil
        if batch, invocation.commands != nil {
            throw .conflicting("-c runs a session; --format, --filter and --sort print a view: use one or the other")
        }
        if helpFlag {
            invocation.action = .help
        } else if versionFlag {
            invocation.action = .version
        } else if listFlag {
            invocation.action = .listDatasets
        } else if batch {
            guard invocation.target != nil else {
                throw .conflicting(
                    "--format, --filter and --sort need a dataset, file or URL: browse NAME --format csv")
            }
            invocation.action = .batch
        }
        return invocation
    }

    /// `close`, `close:desc`, `close:asc`.
    private static func parseSort(_ text: String, option: String) throws(UsageError) -> SortOrder {
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
