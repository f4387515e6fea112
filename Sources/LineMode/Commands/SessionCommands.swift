import BrowseSupport
import ListKit

/// The session's own commands, each declared once, in the order `h` lists them.
package enum SessionCommands {
    package static let all: [SessionCommandDeclaration] = [
        select, next, previous, page, end, filter, sort, condition, frequencies, statistics, chart, columns, hide, show,
        only, scroll, key, back, home, open, list, refresh, export, help, quit,
    ]

    /// Every word that starts a command, each once: a dataset named like one could not be
    /// opened by typing its name.
    package static let words: [String] = all.flatMap(\.names)

    /// The command `word` starts, matched without case and width, or the form it names
    /// (`/` for `/TEXT`, `>` for `> / <`, `N` for a row number).
    package static func declaration(named word: String) -> SessionCommandDeclaration? {
        let folded = TextFolding.fold(word)
        if let found = all.first(where: { $0.names.contains(folded) }) { return found }
        return all.first { declaration in
            switch declaration.form {
            case .word: return false
            case .rowNumber: return !folded.isEmpty && folded.allSatisfy { $0.isASCII && $0.isNumber }
            case .prefix(let characters), .repeated(let characters):
                return word.first.map(characters.contains) == true
            }
        }
    }

    static let select = SessionCommandDeclaration(
        [], form: .rowNumber, synopsis: "N", summary: "choose row N: its detail, or drill down",
        details: ["the number is the row's number in the view, as the screen shows it"],
        examples: [("3", "the third row of the view")]
    ) { word, _ in
        // A number too large for Int is still a row that does not exist.
        return .select(row: Int(word) ?? Int.max)
    }

    static let next = SessionCommandDeclaration(
        ["n", "next"], synopsis: "n", summary: "next page (in a detail: its next page, then the next row)"
    ) { _, _ in .nextPage }

    static let previous = SessionCommandDeclaration(
        ["p", "prev", "previous"], synopsis: "p", summary: "previous page (in a detail: its page or the row before)"
    ) { _, _ in .previousPage }

    static let page = SessionCommandDeclaration(
        ["g", "page", "go"], synopsis: "g N", summary: "go to page N; G or g last: the last page",
        details: ["a long text (help, a detail) pages as a list does: g N is its page N"],
        examples: [("g 5", "the fifth page"), ("G", "the last page"), ("g last", "the last page too")],
        rowUse: .waitsForAll
    ) { word, rest throws(CommandError) in
        let usage = "g N goes to page N, G or g last to the last"
        // `G` alone, as in less and vi; `g` alone is a page number left out.
        if rest.isEmpty, word == "G" || word == "Ｇ" { return .lastPage }
        guard !rest.isEmpty else { throw .missingArgument(command: word, usage: usage) }
        let folded = TextFolding.fold(rest)
        if folded == "last" || folded == "end" { return .lastPage }
        if folded == "first" { return .page(1) }
        guard folded.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            throw .badNumber(command: word, text: rest, usage: usage)
        }
        return .page(Int(folded) ?? Int.max)
    }

    static let end = SessionCommandDeclaration(
        ["end"], synopsis: "end", summary: "go to the last page (as G and g last do)", rowUse: .waitsForAll
    ) { _, _ in .lastPage }

    static let filter = SessionCommandDeclaration(
        [], form: .prefix(["/", "／"]), synopsis: "/TEXT",
        summary: "keep rows containing TEXT (any case; Ａ finds A); / alone clears",
        details: ["any cell may hold the text; letters match without regard to case or width"],
        examples: [("/台積", "rows with 台積 in any cell"), ("/", "every row again")],
        rowUse: [.readsAll, .waitsForAll]
    ) { _, rest in .filter(rest) }

    static let sort = SessionCommandDeclaration(
        ["sort"], synopsis: "sort COL [desc]", summary: "sort by a column (a unique prefix will do); sort alone clears",
        details: ["sort COL:desc is sort COL desc; asc, the default, may be written too"],
        examples: [("sort close desc", "the highest close first"), ("sort", "the natural order again")],
        completion: .sortOrder, rowUse: [.readsAll, .waitsForAll]
    ) { _, rest throws(CommandError) in .sort(try CommandParser.sortOrder(rest)) }

    static let condition = SessionCommandDeclaration(
        ["where", "w"], synopsis: "where EXPR", summary: "keep rows where a condition holds; where alone clears",
        details: [
            "compare a column with a value: = != < <= > >= (== and <> too), ~ contains, !~ does not contain",
            "a value is read as its column's kind: a number (1,045.00 too), a date as yyyy-mm-dd, else text, "
                + "which compares without case",
            "join conditions with and, or, not and parentheses; and binds tighter than or",
            "a name or a value with spaces or symbols goes in double quotes; \"\" inside them is one quote",
            "COL is missing keeps the rows with no value there, COL is not missing the others; "
                + "a missing value satisfies only != and !~",
            "a column is named in any case, or by a unique prefix",
        ],
        examples: [
            ("where close > 500", "rows whose close is over 500"),
            ("where date >= 2025-01-01 and name ~ 積", "both must hold"),
            ("where episode is missing", "rows with no episode"),
            ("where \"closing price\" > 100", "a name with spaces, in quotes"),
            ("where", "every row again"),
        ],
        completion: .condition, rowUse: [.readsAll, .waitsForAll]
    ) { _, rest in .where(rest) }

    static let frequencies = SessionCommandDeclaration(
        ["freq", "frequency"], synopsis: "freq COL",
        summary: "the column's values, most frequent first; choosing one keeps its rows",
        examples: [("freq year", "how many rows each year has")], completion: .column,
        rowUse: [.readsAll, .waitsForAll]
    ) { word, rest throws(CommandError) in
        guard !rest.isEmpty else { throw .missingArgument(command: word, usage: "freq COLUMN (cols lists them)") }
        return .frequencies(CommandParser.words(rest).first ?? rest)
    }

    static let statistics = SessionCommandDeclaration(
        ["stats", "statistics"], synopsis: "stats",
        summary: "each column's kind, missing, distinct, min, max, mean and sum", rowUse: [.readsAll, .waitsForAll]
    ) { _, _ in .statistics }

    static let chart = SessionCommandDeclaration(
        ["chart", "plot"], synopsis: "chart [Y [BARS]] [by X]",
        summary: "chart a numeric column, with another as bars, by row, date or number; chart alone: the screen's own",
        details: [
            "Y and BARS are numeric columns; X, after by, is a date or a numeric column",
            "b comes back; export csv on a chart writes its points",
        ],
        examples: [
            ("chart close volume by date", "closes as a line, volumes as bars, by date"),
            ("chart", "the screen's own chart, else its first numeric column"),
        ],
        completion: .chart, rowUse: [.readsAll, .waitsForAll]
    ) { _, rest in .chart(CommandParser.words(rest)) }

    static let columns = SessionCommandDeclaration(
        ["cols", "columns"], synopsis: "cols",
        summary: "list the columns (kind, shown or hidden, missing values); choosing one sorts by it"
    ) { _, _ in .columns }

    static let hide = SessionCommandDeclaration(
        ["hide"], synopsis: "hide COL…", summary: "hide columns",
        details: ["a name with spaces goes in double quotes"],
        examples: [("hide \"price 2\" volume", "two columns leave the screen and exports")],
        completion: .columns(besides: [])
    ) { word, rest throws(CommandError) in
        let names = CommandParser.words(rest)
        guard !names.isEmpty else { throw .missingArgument(command: word, usage: "hide COLUMN… (cols lists them)") }
        return .hide(names)
    }

    static let show = SessionCommandDeclaration(
        ["show"], synopsis: "show COL… | show all",
        summary: "show hidden columns again and scroll to them, or every column",
        examples: [
            ("show volume", "volume again, scrolled into view"),
            ("show all", "every column, the not-shown-by-default too"),
        ],
        completion: .columns(besides: ["all"])
    ) { _, rest in
        let names = CommandParser.words(rest)
        return .show(names.count == 1 && names[0].lowercased() == "all" ? [] : names)
    }

    static let only = SessionCommandDeclaration(
        ["only"], synopsis: "only COL…", summary: "show these columns only, in this order",
        examples: [("only date close", "two columns, date first")], completion: .columns(besides: [])
    ) { word, rest throws(CommandError) in
        let names = CommandParser.words(rest)
        guard !names.isEmpty else { throw .missingArgument(command: word, usage: "only COLUMN… (cols lists them)") }
        return .only(names)
    }

    static let scroll = SessionCommandDeclaration(
        [], form: .repeated([">", "<"]), synopsis: "> / <",
        summary: "scroll the columns sideways (>> two at a time; pinned columns stay, see key)"
    ) { word, _ in
        .scrollColumns(word.first == ">" ? word.count : -word.count)
    }

    static let key = SessionCommandDeclaration(
        ["key"], synopsis: "key [COL…]",
        summary: "pin columns at the left while > and < scroll the others; key alone unpins",
        details: [
            "the columns stay in the order given, before the others; a hidden column is shown again",
            "a Taiwan screen pins its code and name until key says otherwise; show all pins them again",
            "cols says which columns are pinned",
        ],
        examples: [
            ("key 證券名稱", "the name stays at the left while > scrolls the rest"),
            ("key date close", "two columns stay, date first"), ("key", "nothing pinned: > scrolls every column"),
        ],
        completion: .columns(besides: [])
    ) { _, rest in .key(CommandParser.words(rest)) }

    static let back = SessionCommandDeclaration(
        ["b", "back"], synopsis: "b", summary: "back one screen (from a detail, to that row's page)"
    ) { _, _ in .back }

    static let home = SessionCommandDeclaration(["home"], synopsis: "home", summary: "back to the dataset list") {
        _, _ in .home
    }

    static let open = SessionCommandDeclaration(
        ["open", "o"], synopsis: "open NAME [--OPTION …]",
        summary: "open a dataset, file or URL (ls lists the datasets); a dataset's name alone opens it too",
        details: ["the command line's dataset and file options work here too (--help lists them)"],
        examples: [("open films", "the films dataset"), ("open prices.csv --encoding big5", "a Big5 file")],
        completion: .target, rowUse: .loads
    ) { word, rest throws(CommandError) in
        guard !rest.isEmpty else {
            throw .missingArgument(command: word, usage: "open NAME|FILE|URL (ls lists the datasets)")
        }
        return .open(rest)
    }

    static let list = SessionCommandDeclaration(["ls", "list"], synopsis: "ls", summary: "list the datasets") {
        _, _ in .list
    }

    static let refresh = SessionCommandDeclaration(
        ["r", "refresh", "reload"], synopsis: "r", summary: "reload the current list", rowUse: .loads
    ) { _, _ in .refresh }

    static let export = SessionCommandDeclaration(
        ["export", "e"], synopsis: "export FMT [PATH]",
        summary: "write the view as csv, tsv, json or markdown, to PATH or the screen (hidden columns left out)",
        details: ["a detail exports its fields, a chart its points; Ctrl-C stops it and writes no file"],
        examples: [("export csv out.csv", "the whole view to out.csv"), ("export md", "markdown on the screen")],
        completion: .export, rowUse: .readsAll
    ) { word, rest throws(CommandError) in
        guard !rest.isEmpty else {
            throw .missingArgument(command: word, usage: "export csv|tsv|json|markdown [PATH]")
        }
        let (formatName, path) = CommandParser.splitWord(rest)
        guard let format = ExportFormat(name: formatName) else { throw .unknownFormat(formatName) }
        return .export(format, path: path.isEmpty ? nil : path)
    }

    static let help = SessionCommandDeclaration(
        ["h", "help", "?"], synopsis: "h [COMMAND]", summary: "the commands, or how to use one",
        examples: [("h where", "the operators of where, with examples")], completion: .command
    ) { _, rest in rest.isEmpty ? .help : .commandHelp(rest) }

    static let quit = SessionCommandDeclaration(
        ["q", "quit", "exit"], synopsis: "q", summary: "quit (so does the end of input)"
    ) { _, _ in .quit }
}
