import BrowseSupport
import ListKit

/// A line that is not a command the front end can run; the description says what would work.
package enum CommandError: UserFacingError, Hashable {
    case empty
    case missingArgument(command: String, usage: String)
    case badNumber(command: String, text: String, usage: String)
    case badRow(String)
    case unknownFormat(String)
    case unknownCommand(String)
    /// `h WORD` of a word no command answers to.
    case noHelp(String)
    case tooLong(bytes: Int, limit: Int)
    case notUTF8

    package var description: String {
        switch self {
        case .empty:
            return "empty command: type a row number to choose it, n for the next page, or h for help"
        case .missingArgument(let command, let usage):
            return "\(command) needs an argument: \(usage)"
        case .badNumber(let command, let text, let usage):
            return "\(command): \"\(CommandError.excerpt(text))\" is not a number; \(usage)"
        case .badRow(let text):
            return "\"\(CommandError.excerpt(text))\" is not a row: row numbers start at 1"
        case .unknownFormat(let name):
            return "unknown export format \"\(CommandError.excerpt(name))\"; use csv, tsv, json or markdown"
        case .unknownCommand(let word):
            return "unknown command \"\(CommandError.excerpt(word))\"; h lists the commands"
        case .noHelp(let word):
            return "no command is called \"\(CommandError.excerpt(word))\"; h lists the commands"
        case .tooLong(let bytes, let limit):
            return "a line of \(bytes) bytes is too long (the limit is \(limit)); nothing was run"
        case .notUTF8:
            return "the line is not valid UTF-8 text; nothing was run"
        }
    }

    /// A long input quoted back in an error is cut, so a 100 KB line gives a one-line message.
    static func excerpt(_ text: String) -> String {
        let limit = 40
        guard text.count > limit else { return text }
        return String(text.prefix(limit)) + "… (\(text.count) characters)"
    }
}
