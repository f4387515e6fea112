import ListKit

/// One command of a session, declared once: its words, its help, what Tab offers after it,
/// what it asks of the rows, and how its line becomes a `Command`. The parser, `h`,
/// `h COMMAND`, Tab, the names a dataset may not take, `--help`, the shell completion scripts
/// and the manual page are all made from `SessionCommands.all`.
package struct SessionCommandDeclaration: Sendable {
    /// How a line starts this command.
    package enum Form: Sendable, Hashable {
        /// One of its `names`, matched without case and width.
        case word
        /// A row number (`12`, `１２`).
        case rowNumber
        /// A line that starts with one of these characters (`/TEXT`).
        case prefix([Character])
        /// A line made only of one of these characters, repeated (`>>`).
        case repeated([Character])
    }

    /// What a command asks of the rows of the list it runs on.
    package struct RowUse: OptionSet, Sendable, Hashable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// Reads every row of the view (a filter, a sort, an export): it needs memory to spare,
        /// shows progress, and Ctrl-C stops it.
        package static let readsAll = RowUse(rawValue: 1)
        /// Waits for rows still arriving before it runs.
        package static let waitsForAll = RowUse(rawValue: 2)
        /// Loads a list (`open`, `r`): it needs memory to spare.
        package static let loads = RowUse(rawValue: 4)
    }

    /// An example line and what it does.
    package struct Example: Sendable, Hashable {
        package let line: String
        package let effect: String
    }

    /// Its words, the one help shows first (`sort`); the others are aliases. Empty for a
    /// command that is a form (`N`, `/TEXT`).
    package let names: [String]
    package let form: Form
    /// How it is called, for help (`sort COL [desc]`).
    package let synopsis: String
    /// One line on what it does.
    package let summary: String
    /// More on how to call it, for `h COMMAND`: one line each.
    package let details: [String]
    package let examples: [Example]
    /// What Tab offers after it.
    package let completion: SessionCompletion
    package let rowUse: RowUse
    /// Reads its line into a command: the word as typed and the rest of the line.
    let read: @Sendable (_ word: String, _ rest: String) throws(CommandError) -> Command

    init(
        _ names: [String], form: Form = .word, synopsis: String, summary: String, details: [String] = [],
        examples: [(String, String)] = [], completion: SessionCompletion = .nothing, rowUse: RowUse = [],
        read: @escaping @Sendable (_ word: String, _ rest: String) throws(CommandError) -> Command
    ) {
        self.names = names
        self.form = form
        self.synopsis = synopsis
        self.summary = summary
        self.details = details
        self.examples = examples.map { Example(line: $0.0, effect: $0.1) }
        self.completion = completion
        self.rowUse = rowUse
        self.read = read
    }

    /// The word Tab offers for it: its first name longer than one letter (`next` for `n`,
    /// `page` for `g`); `nil` for a form, which is typed, not completed.
    package var completionWord: String? {
        guard form == .word else { return nil }
        return names.first { $0.count > 1 } ?? names.first
    }

    /// How lists of commands name it: `sort`, `n`, `N`, `/TEXT`; `>` and `<` for the form
    /// made of either.
    package var titles: [String] {
        if case .repeated(let characters) = form { return characters.map(String.init) }
        return [names.first ?? synopsis]
    }
}
