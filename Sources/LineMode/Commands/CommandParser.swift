import BrowseSupport
import ListKit

/// Turns a line into a `Command`, by the declarations of `SessionCommands`. Words are matched
/// without case; full-width digits and letters (`１２`, `ｎ`) are read as their ASCII forms, as a
/// CJK input method may type them.
package enum CommandParser {
    /// Every word that starts a session command: a dataset named like one could not be opened
    /// by typing its name.
    package static var commandWords: [String] { SessionCommands.words }

    /// Parses one line.
    ///
    /// - Throws: `CommandError` with a message that says what would work.
    /// - Complexity: O(n) in the length of the line.
    package static func parse(_ line: String) throws(CommandError) -> Command {
        let trimmed = line.trimmingCharacters(in: " \t")
        guard !trimmed.isEmpty else { throw .empty }
        for declaration in SessionCommands.all {
            switch declaration.form {
            case .prefix(let characters) where trimmed.first.map(characters.contains) == true:
                return try declaration.read(
                    String(trimmed.prefix(1)), String(trimmed.dropFirst()).trimmingCharacters(in: " \t"))
            case .repeated(let characters):
                for character in characters where trimmed.allSatisfy({ $0 == character }) {
                    return try declaration.read(trimmed, "")
                }
            default: continue
            }
        }
        let (head, rest) = splitWord(trimmed)
        let word = TextFolding.fold(head)
        if word.allSatisfy({ $0.isASCII && $0.isNumber }),
            let select = SessionCommands.all.first(where: { $0.form == .rowNumber })
        {
            guard rest.isEmpty else { throw .unknownCommand(trimmed) }
            return try select.read(word, "")
        }
        if word.hasPrefix("-"), word.dropFirst().allSatisfy({ $0.isASCII && $0.isNumber }), word.count > 1 {
            throw .badRow(head)
        }
        if let declaration = SessionCommands.all.first(where: { $0.form == .word && $0.names.contains(word) }) {
            return try declaration.read(head, rest)
        }
        return .custom(name: head, arguments: rest)
    }

    /// `sort close desc`, `sort close:desc`, `sort close asc`; no column restores the natural order.
    static func sortOrder(_ text: String) throws(CommandError) -> SortOrder? {
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

    /// The first word of `text` and the rest, without the spaces between.
    static func splitWord(_ text: String) -> (String, String) {
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
