import ListKit

/// Turns a line into a `Command`. Words are matched without case; full-width digits and
/// letters (`１２`, `ｎ`) are read as their ASCII forms, as a CJK input method may type them.
public enum CommandParser {
    /// Every word that starts a session command: a dataset named like one could not be opened
    /// by typing its name.
    public static let commandWords: [String] = [
        "n", "next", "p", "prev", "previous", "g", "go", "page", "sort", "b", "back", "home", "open", "o", "ls",
        "list", "r", "refresh", "reload", "export", "e", "cols", "columns", "where", "w", "freq", "frequency",
        "stats", "statistics", "chart", "plot", "hide", "show", "only", "h", "help", "q", "quit", "exit",
    ]

    /// Parses one line.
    ///
    /// - Throws: `CommandError` with a message that says what would work.
    /// - Complexity: O(n) in the length of the line.
    public static func parse(_ line: String) throws(CommandError) -> Command {
        let trimmed = line.trimmingCharacters(in: " \t")
        guard !trimmed.isEmpty else { throw .empty }
        if trimmed.hasPrefix("/") || trimmed.hasPrefix("／") {
            return .filter(String(trimmed.dropFirst()).trimmingCharacters(in: " \t"))
        }
        if trimmed.allSatisfy({ $0 == ">" }) { return .scrollColumns(trimmed.count) }
        if trimmed.allSatisfy({ $0 == "<" }) { return .scrollColumns(-trimmed.count) }
        let (head, rest) = splitWord(trimmed)
        let word = TextFolding.fold(head)
        if word.allSatisfy({ $0.isASCII && $0.isNumber }) {
            guard rest.isEmpty else { throw .unknownCommand(trimmed) }
            // A number too large for Int is still a row that does not exist.
            return .select(row: Int(word) ?? Int.max)
        }
        if word.hasPrefix("-"), word.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), word.count > 1 {
            throw .badRow(head)
        }
        switch word {
        case "n", "next": return .nextPage
        case "p", "prev", "previous": return .previousPage
        case "g", "go", "page":
            let usage = "g N goes to page N"
            guard !rest.isEmpty else { throw .missingArgument(command: head, usage: usage) }
            let folded = TextFolding.fold(rest)
            guard folded.allSatisfy({ $0.isASCII && $0.isNumber }) else {
                throw .badNumber(command: head, text: rest, usage: usage)
            }
            return .page(Int(folded) ?? Int.max)
        case "sort":
            return .sort(try parseSort(rest))
        case "b", "back": return .back
        case "home": return .home
        case "open", "o":
            guard !rest.isEmpty else {
                throw .missingArgument(command: head, usage: "open NAME|FILE|URL (ls lists the datasets)")
            }
            return .open(rest)
        case "ls", "list": return .list
        case "r", "refresh", "reload": return .refresh
        case "export", "e":
            guard !rest.isEmpty else {
                throw .missingArgument(command: head, usage: "export csv|tsv|json|markdown [PATH]")
            }
            let (formatName, path) = splitWord(rest)
            guard let format = ExportFormat(name: formatName) else { throw .unknownFormat(formatName) }
            return .export(format, path: path.isEmpty ? nil : path)
        case "cols", "columns": return .columns
        case "where", "w": return .where(rest)
        case "freq", "frequency":
            guard !rest.isEmpty else {
                throw .missingArgument(command: head, usage: "freq COLUMN (cols lists them)")
            }
            return .frequencies(words(rest).first ?? rest)
        case "stats", "statistics": return .statistics
        case "chart", "plot": return .chart(words(rest))
        case "hide":
            let names = words(rest)
            guard !names.isEmpty else { throw .missingArgument(command: head, usage: "hide COLUMN… (cols lists them)") }
            return .hide(names)
        case "show":
            let names = words(rest)
            return .show(names.count == 1 && names[0].lowercased() == "all" ? [] : names)
        case "only":
            let names = words(rest)
            guard !names.isEmpty else { throw .missingArgument(command: head, usage: "only COLUMN… (cols lists them)") }
            return .only(names)
        case "h", "help", "?": return .help
        case "q", "quit", "exit": return .quit
        default:
            return .custom(name: head, arguments: rest)
        }
    }

    /// `sort close desc`, `sort close:desc`, `sort close asc`; no column restores the natural order.
    private static func parseSort(_ text: String) throws(CommandError) -> SortOrder? {
        guard !text.isEmpty else { return nil }
        var column = text
        var descending = false
        for (suffix, isDescending) in [(":desc", true), (" desc", true), (":asc", false), (" asc", false)]
        where column.lowercased().hasSuffix(suffix) {
            column = String(column.dropLast(suffix.count)).trimmingCharacters(in: " \t")
            descending = isDescending
            break
        }
        guard !column.isEmpty else { throw .missingArgument(command: "sort", usage: "sort COLUMN [desc]") }
        return SortOrder(column: column, descending: descending)
    }

    /// Words separated by spaces; a name with spaces in it is written in double quotes
    /// (`hide "price 2" volume`).
    static func words(_ text: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quoted = false
        var started = false
        for character in text {
            switch character {
            case "\"":
                quoted.toggle()
                started = true
            case " " where !quoted, "\t" where !quoted:
                if started { words.append(current) }
                current = ""
                started = false
            default:
                current.append(character)
                started = true
            }
        }
        if started { words.append(current) }
        return words
    }

    private static func splitWord(_ text: String) -> (String, String) {
        guard let space = text.firstIndex(where: { $0 == " " || $0 == "\t" }) else { return (text, "") }
        return (String(text[..<space]), String(text[space...]).trimmingCharacters(in: " \t"))
    }
}

extension String {
    /// The string without leading and trailing characters from `set`.
    func trimmingCharacters(in set: String) -> String {
        var start = startIndex
        var end = endIndex
        while start < end, set.contains(self[start]) { start = index(after: start) }
        while end > start, set.contains(self[index(before: end)]) { end = index(before: end) }
        return String(self[start..<end])
    }
}
