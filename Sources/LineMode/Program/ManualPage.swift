import BrowseSupport
import Foundation
import ListKit

/// The manual page of `--generate-manual`, in roff's man macros, made from the same
/// declarations as `--help`, `h` and the completion scripts: the program's options and each
/// owner's, the dataset commands, the subcommands and every session command with its examples.
@MainActor
struct ManualPage {
    let model: CommandLineModel
    let identity: ProgramIdentity
    let groups: [OptionGroup]
    let datasets: [(id: String, title: String)]
    /// The day the page says it was made.
    let date: Date

    init(launcher: Launcher, date: Date) {
        model = CommandLineModel(launcher: launcher)
        identity = launcher.identity
        groups = launcher.optionGroups
        datasets = launcher.registry.datasets.map { ($0.id, $0.title) }
        self.date = date
    }

    var text: String {
        let program = identity.name
        let day = CalendarDate(dayNumber: Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        var lines = [
            ".\\\" The manual of \(Self.escaped(program)), made by `\(Self.escaped(program)) --generate-manual`.",
            ".TH \(Self.quoted(program.uppercased())) 1 \(Self.quoted(day.description)) "
                + "\(Self.quoted("\(program) \(identity.version)")) \(Self.quoted("User Commands"))",
            ".SH NAME",
            "\(Self.escaped(program)) \\- \(Self.escaped(identity.summary))",
            ".SH SYNOPSIS",
            ".B \(Self.escaped(program))",
            "[\\fINAME\\fR] [\\fIoptions\\fR]",
        ]
        for option in ProgramOptions.batch {
            let usage = "\\fB\\-\\-\(Self.escaped(option.name))\\fR \\fI\(Self.escaped(option.value ?? ""))\\fR"
            lines += [".br", ".B \(Self.escaped(program))", "\\fINAME\\fR " + usage]
        }
        for verb in model.verbs {
            lines += [".br", ".B \(Self.escaped(program))", Self.escaped(verb.usage)]
        }
        lines += [
            ".SH DESCRIPTION",
            Self.escaped(
                "\(program) opens a dataset, a file or a URL as a list, a page at a time, and reads one command "
                    + "per line: from a person at a terminal (with line editing, history and Tab completion), "
                    + "from a pipe, or from -c. With an option that prints the view, it prints the whole view "
                    + "and exits."),
        ]
        if !datasets.isEmpty {
            lines += [".PP", "The datasets it was built with:"]
            for dataset in datasets {
                lines += [".TP", ".B \(Self.escaped(dataset.id))", Self.escaped(dataset.title)]
            }
        }
        lines += [".SH OPTIONS", "The program's options come before or after a dataset command or a subcommand."]
        lines += model.programOptions.flatMap { Self.option($0, program: program) }
        for group in groups {
            lines.append(".SS \(Self.quoted("Options of " + group.owner))")
            lines += group.options.flatMap { Self.option($0, program: program) }
        }
        if !model.commands.isEmpty {
            lines += [
                ".SH DATASET COMMANDS",
                Self.escaped("Typed after \(program) on the command line, or on any screen of a session."),
            ]
            lines += model.commands.flatMap(Self.verb)
        }
        if !model.subcommands.isEmpty {
            lines.append(".SH SUBCOMMANDS")
            lines += model.subcommands.flatMap(Self.verb)
        }
        lines += [
            ".SH SESSION COMMANDS",
            Self.escaped(
                "One per line. Words match without case or width; a unique prefix names a column; h COMMAND "
                    + "shows one command's help in a session."),
        ]
        for declaration in SessionCommands.all {
            lines += [".TP", ".B \(Self.escaped(declaration.synopsis))", Self.escaped(declaration.summary) + "."]
            if declaration.names.count > 1 {
                lines += [".br", Self.escaped("Also " + declaration.names.dropFirst().joined(separator: ", ") + ".")]
            }
            for detail in declaration.details { lines += [".br", Self.escaped(detail) + "."] }
            for example in declaration.examples {
                lines += [".br", "\\fB\(Self.escaped(example.line))\\fR \\(em \(Self.escaped(example.effect))"]
            }
        }
        let history = HistoryFile.variable(program: program)
        lines += [
            ".SH EXIT STATUS",
            "0 ok, 1 failure, 2 usage, 130 interrupted.",
            ".SH ENVIRONMENT",
            ".TP", ".B COLUMNS", "The width, when the output is not a terminal and --width is not given.",
            ".TP", ".B NO_COLOR", "When set and not empty, no colour.",
            ".TP", ".B \(Self.escaped(history))",
            Self.escaped("Where the history is kept; empty keeps none."),
            ".TP", ".B XDG_STATE_HOME", Self.escaped("Holds \(program)/history (default ~/.local/state)."),
            ".TP", ".B XDG_CACHE_HOME", Self.escaped("Holds \(program)/, the download cache (default ~/.cache)."),
            ".SH SEE ALSO",
            Self.escaped("\(program) --help, and h in a session."),
        ]
        return lines.joined(separator: "\n") + "\n"
    }

    /// An option as a tagged paragraph: `-c, --commands 'CMD; CMD'` and its summary.
    private static func option(_ option: OptionDeclaration, program: String) -> [String] {
        let summary = option.summary.replacingOccurrences(of: "PROGRAM", with: program)
        var lines = [".TP", optionUsage(option), escaped(summary) + "."]
        if case .choice(let words) = option.kind {
            lines += [".br", escaped("One of " + OptionKind.list(words) + ".")]
        }
        return lines
    }

    /// `\fB--width\fR \fIN\fR`.
    private static func optionUsage(_ option: OptionDeclaration) -> String {
        let names = CommandLineModel.spellings(option).reversed().map { "\\fB\(escaped($0))\\fR" }
        var text = names.joined(separator: ", ")
        if let value = option.value { text += " \\fI\(escaped(value))\\fR" }
        return text
    }

    /// A subcommand or dataset command, with its own options.
    private static func verb(_ verb: CommandLineModel.Verb) -> [String] {
        var lines = [".TP", ".B \(escaped(verb.usage))", escaped(verb.summary) + "."]
        for option in verb.options {
            lines += [".br", optionUsage(option) + " \\(em " + escaped(option.summary)]
        }
        return lines
    }

    /// Text roff prints as it is: backslashes, dashes, and a dot or quote that starts a line.
    static func escaped(_ text: String) -> String {
        var result = text.replacingOccurrences(of: "\\", with: "\\e").replacingOccurrences(of: "-", with: "\\-")
        if result.hasPrefix(".") || result.hasPrefix("'") { result = "\\&" + result }
        return result
    }

    /// An argument of a macro, in double quotes.
    private static func quoted(_ text: String) -> String {
        "\"" + escaped(text).replacingOccurrences(of: "\"", with: "\\(dq") + "\""
    }
}
