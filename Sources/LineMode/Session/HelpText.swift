import ListKit

/// The text of `h` and `ls`, kept in one place.
@MainActor
enum HelpText {
    static func session(commands: [ListCommand]) -> String {
        var lines = [
            "commands:",
            "  N                 choose row N (its detail, or drill down)",
            "  n / p             next / previous page (in a detail: next / previous row)",
            "  g N               go to page N",
            "  /TEXT             keep rows containing TEXT (any case; Ａ finds A); / alone clears",
            "  sort COL [desc]   sort by a column (a unique prefix will do); sort alone clears",
            "  b / home          back one screen / back to the dataset list",
            "  open NAME         open a dataset (ls lists them)",
            "  ls                list the datasets",
            "  r                 reload the current list",
            "  export FMT [PATH] write the whole view as csv, tsv, json or markdown",
            "  h                 this help",
            "  q                 quit (so does the end of input)",
        ]
        if !commands.isEmpty {
            lines.append("on this screen:")
            for command in commands {
                let usage = VisibleText.make(command.usage).padding(toLength: 18)
                lines.append("  \(usage)\(VisibleText.make(command.summary))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func datasets(_ registry: DatasetRegistry) -> String {
        // Titles and summaries may come from outside (a manifest): shown, never obeyed.
        let width = registry.datasets.map { DisplayWidth.of(VisibleText.make($0.id)) }.max() ?? 0
        return registry.datasets.map { dataset in
            TextFitting.fit(VisibleText.make(dataset.id), toWidth: width, alignment: .leading) + "  "
                + VisibleText.make(dataset.title) + " — " + VisibleText.make(dataset.summary)
        }.joined(separator: "\n") + "\n"
    }
}

extension String {
    func padding(toLength length: Int) -> String {
        let width = DisplayWidth.of(self)
        return width >= length ? self + " " : self + String(repeating: " ", count: length - width)
    }
}
