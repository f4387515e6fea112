import Foundation
import ListKit

/// The text of `browse --help`, made from the declarations of everything the program offers:
/// its own options, each owner's options (a dataset and its commands, the opener, a provider),
/// its subcommands, its dataset commands and its session commands. Within each section every
/// description starts at the same column.
struct ProgramHelp {
    let identity: ProgramIdentity
    var program: String { identity.name }
    /// The options of datasets, the opener and a provider, by owner.
    let groups: [OptionGroup]
    /// Each subcommand's usage and summary.
    private let subcommandLines: [(String, String)]
    /// Each dataset command's usage and summary, then its own options, indented under it.
    private let commandLines: [(String, String)]

    @MainActor
    init(launcher: Launcher) {
        self.identity = launcher.identity
        let program = identity.name
        self.groups = launcher.optionGroups
        self.subcommandLines = launcher.subcommands.map { ("\(program) \($0.name) \($0.synopsis)", $0.summary) }
        self.commandLines = launcher.registry.commands.flatMap { command in
            [("\(program) \(command.usage)", command.summary)] + command.options.map { ("  " + $0.usage, $0.summary) }
        }
    }

    var text: String {
        // Each option that prints the view and exits is a way to call the program.
        let batch = ProgramOptions.batch.map { option in
            ("\(program) NAME --\(option.name) \(option.value ?? "")", option.summary)
        }
        var sections = [
            "\(program) — \(identity.summary)",
            "usage:\n"
                + Self.columns(
                    [("\(program) [NAME] [options]", "a session (at the dataset list, or in NAME)")] + batch
                        + [("\(program) --list", "list the datasets")]),
        ]
        if !commandLines.isEmpty {
            sections.append(
                "dataset commands (typed in a session too, without \(program)):\n" + Self.columns(commandLines))
        }
        if !subcommandLines.isEmpty {
            sections.append(
                "subcommands (\(program) SUBCOMMAND --help for their options):\n" + Self.columns(subcommandLines))
        }
        sections.append(
            "options (before or after a dataset command or a subcommand):\n"
                + Self.columns(
                    Invocation.programOptions.map {
                        ($0.usage, $0.summary.replacingOccurrences(of: "PROGRAM", with: program))
                    }))
        for group in groups {
            sections.append("options of \(group.owner):\n" + Self.columns(group.options.map { ($0.usage, $0.summary) }))
        }
        let sessionCommands = SessionCommands.all.flatMap(\.titles).joined(separator: "  ")
        sections.append(
            "session commands (h lists them in a session, h COMMAND says more of one):\n"
                + TextWrapping.wrap(sessionCommands, width: 78).map { "  " + $0 }.joined(separator: "\n"))
        let closing =
            "In a session, type h for the commands and the editing keys. At a terminal the prompt edits, recalls "
            + "(↑, Ctrl-R) and completes (Tab) commands; the history is kept in $XDG_STATE_HOME/\(program)/history, "
            + "and \(HistoryFile.variable(program: program))= turns it off. "
            + "Exit status: 0 ok, 1 failure, 2 usage, 130 interrupted."
        sections.append(TextWrapping.wrap(closing, width: 80).joined(separator: "\n"))
        return sections.joined(separator: "\n\n") + "\n"
    }

    /// The help of one subcommand: its usage and its options.
    @MainActor
    static func text(for subcommand: any Subcommand, program: String) -> String {
        var text = "usage: \(program) \(subcommand.name) \(subcommand.synopsis)\n\n\(subcommand.summary)\n"
        if !subcommand.options.isEmpty {
            text += "\noptions:\n" + columns(subcommand.options.map { ($0.usage, $0.summary) }) + "\n"
        }
        return text
    }

    /// Rows of two columns, indented two spaces, the second column aligned two spaces past the
    /// widest first one and wrapped at word boundaries to fit `width`. When the first column
    /// would leave the second too little room, each description goes on the lines under its
    /// row instead.
    static func columns(_ rows: [(String, String)], width: Int = 80) -> String {
        let leftWidth = rows.map { DisplayWidth.of($0.0) }.max() ?? 0
        let sideBySide = 2 + leftWidth + 2 + 30 <= width
        let indent = sideBySide ? 2 + leftWidth + 2 : 6
        var lines: [String] = []
        for (left, right) in rows {
            let pieces = wrap(right, width: width - indent)
            if sideBySide {
                let padding = String(repeating: " ", count: leftWidth - DisplayWidth.of(left) + 2)
                lines.append("  " + left + padding + (pieces.first ?? ""))
                lines += pieces.dropFirst().map { String(repeating: " ", count: indent) + $0 }
            } else {
                lines.append("  " + left)
                lines += pieces.map { String(repeating: " ", count: indent) + $0 }
            }
        }
        return lines.joined(separator: "\n")
    }

    /// `text` in lines of at most `width` columns, broken at spaces.
    private static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var current = ""
        for word in text.split(separator: " ") {
            let candidate = current.isEmpty ? String(word) : current + " " + word
            if !current.isEmpty, DisplayWidth.of(candidate) > width {
                lines.append(current)
                current = String(word)
            } else {
                current = candidate
            }
        }
        if !current.isEmpty { lines.append(current) }
        return lines
    }
}
