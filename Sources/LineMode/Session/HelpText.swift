import BrowseSupport
import ListKit

/// The text of `h`, `h COMMAND` and `ls`, made from the commands' declarations.
@MainActor
enum HelpText {
    static func session(commands: [ListCommand], anywhere: [DatasetCommand] = [], width: Int) -> String {
        let rows = SessionCommands.all.map { ($0.synopsis, $0.summary) }
        var text = "commands (h COMMAND says more of one):\n" + ProgramHelp.columns(rows, width: width) + "\n"
        text += "keys at a terminal's prompt:\n" + ProgramHelp.columns(editingKeys, width: width) + "\n"
        if !anywhere.isEmpty {
            text += "on any screen:\n"
            let rows = anywhere.map { (VisibleText.make($0.usage), VisibleText.make($0.summary)) }
            text += ProgramHelp.columns(rows, width: width) + "\n"
        }
        if !commands.isEmpty {
            text += "on this screen:\n"
            let rows = commands.map { (VisibleText.make($0.usage), VisibleText.make($0.summary)) }
            text += ProgramHelp.columns(rows, width: width) + "\n"
        }
        return text
    }

    /// `h COMMAND`: how to call one command, with examples. A session command first, then a
    /// command of the screens shown (`market`), then a dataset's (`stock`).
    ///
    /// - Throws: `CommandError.noHelp` when no command has that name.
    static func command(
        named name: String, screen commands: [ListCommand], registry: DatasetRegistry, width: Int
    ) throws(CommandError) -> String {
        let word = CommandParser.words(name).first ?? name
        if let declaration = SessionCommands.declaration(named: word) {
            return session(declaration, width: width)
        }
        let folded = TextFolding.fold(word)
        if let command = commands.first(where: { TextFolding.fold($0.name) == folded }) {
            return heading(VisibleText.make(command.usage), VisibleText.make(command.summary), width: width)
                + "  a command of this screen\n"
        }
        if let command = registry.command(named: folded) {
            var text = heading(VisibleText.make(command.usage), VisibleText.make(command.summary), width: width)
            text += indented(
                "a dataset's command: on any screen, and after the program's name on the command line", width: width)
            let arguments = command.arguments.map { (VisibleText.make($0.name), VisibleText.make($0.summary)) }
            let options = registry.options(of: command).map {
                (VisibleText.make($0.usage), VisibleText.make($0.summary))
            }
            if !(arguments + options).isEmpty {
                text += ProgramHelp.columns(arguments + options, width: width) + "\n"
            }
            return text
        }
        throw .noHelp(word)
    }

    /// One session command: its usage and summary, its other names and what it asks of the
    /// rows, how to call it, and examples.
    static func session(_ declaration: SessionCommandDeclaration, width: Int) -> String {
        var text = heading(declaration.synopsis, declaration.summary, width: width)
        var notes: [String] = []
        if declaration.names.count > 1 {
            notes.append("also " + declaration.names.dropFirst().joined(separator: ", "))
        }
        if declaration.rowUse.contains(.readsAll) {
            notes.append("reads every row of the view: progress shows, and Ctrl-C stops it")
        }
        for line in notes + declaration.details { text += indented(line, width: width) }
        if !declaration.examples.isEmpty {
            text += "examples:\n"
            text += ProgramHelp.columns(declaration.examples.map { ($0.line, $0.effect) }, width: width) + "\n"
        }
        return text
    }

    /// A line of notes, indented two spaces, its continuations four.
    private static func indented(_ line: String, width: Int) -> String {
        TextWrapping.wrap(line, width: max(20, width - 4)).enumerated().map { index, piece in
            (index == 0 ? "  " : "    ") + piece
        }.joined(separator: "\n") + "\n"
    }

    /// `usage — summary`, wrapped.
    private static func heading(_ usage: String, _ summary: String, width: Int) -> String {
        TextWrapping.wrap(usage + " — " + summary, width: max(20, width)).joined(separator: "\n    ") + "\n"
    }

    /// The line editor's keys, as `h` lists them.
    static let editingKeys = [
        ("← → Home End", "move (Ctrl-A/E/B/F too; Alt-B/F by word)"),
        ("Backspace Delete", "delete; Ctrl-K/U/W cut to the end/start/word"),
        ("Ctrl-Y", "put back what was cut"),
        ("↑ ↓ / Ctrl-R", "recall earlier commands / search them as you type"),
        ("Tab", "complete; a second Tab lists what fits"),
        ("Ctrl-C", "clear the line, or stop a load, sort or export"),
        ("Ctrl-D", "quit (on an empty line)"),
        ("Ctrl-L / Ctrl-Z", "clear the screen / stop (fg brings it back)"),
    ]

    static func datasets(_ registry: DatasetRegistry) -> String {
        // Titles and summaries may come from outside (a manifest): shown, never obeyed.
        // A mark after the id (a manifest's) gets a column of its own, so titles stay aligned.
        let marks = registry.datasets.map { $0.listMark.map(VisibleText.make) }
        let markWidth = marks.map { $0.map(DisplayWidth.of) ?? 0 }.max() ?? 0
        let width = registry.datasets.map { DisplayWidth.of(VisibleText.make($0.id)) }.max() ?? 0
        return zip(registry.datasets, marks).map { dataset, mark in
            var line = TextFitting.fit(VisibleText.make(dataset.id), toWidth: width, alignment: .leading) + "  "
            if markWidth > 0 { line += TextFitting.fit(mark ?? "", toWidth: markWidth, alignment: .leading) + " " }
            return line + VisibleText.make(dataset.title) + " — " + VisibleText.make(dataset.summary)
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        let width = DisplayWidth.of(self)
        return width >= length ? self + " " : self + String(repeating: " ", count: length - width)
    }
}
