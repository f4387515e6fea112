import ListKit

/// The text of `h` and `ls`, kept in one place.
@MainActor
enum HelpText {
    static func session(commands: [ListCommand], anywhere: [DatasetCommand] = [], width: Int) -> String {
        var text =
            "commands:\n"
            + ProgramHelp.columns(
                [
                    ("N", "choose row N (its detail, or drill down)"),
                    ("n / p", "next / previous page (in a detail: next / previous row)"),
                    ("g N", "go to page N"),
                    ("/TEXT", "keep rows containing TEXT (any case; Ａ finds A); / alone clears"),
                    ("sort COL [desc]", "sort by a column (a unique prefix will do); sort alone clears"),
                    (
                        "where EXPR",
                        "keep rows where close > 500, date >= 2025-01-01 and name ~ 積 …; where alone clears"
                    ),
                    ("freq COL", "the column's values, most frequent first; choosing one keeps its rows"),
                    ("stats", "each column's missing, distinct, min, max, mean and sum"),
                    ("cols", "list the columns; choosing one sorts by it"),
                    ("hide COL… / show COL…", "hide columns / show them again (show all shows every one)"),
                    ("only COL…", "show these columns only, in this order"),
                    ("> / <", "scroll the columns sideways"),
                    ("b / home", "back one screen / back to the dataset list"),
                    ("open NAME", "open a dataset, file or URL (ls lists the datasets)"),
                    ("ls", "list the datasets"),
                    ("r", "reload the current list"),
                    ("export FMT [PATH]", "write the view as csv, tsv, json or markdown (hidden columns left out)"),
                    ("h", "this help"),
                    ("q", "quit (so does the end of input)"),
                ], width: width) + "\n"
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
