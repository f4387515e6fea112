/// What Tab offers after a session command's word, declared with the command.
package enum SessionCompletion: Sendable, Hashable {
    /// Nothing: the rest is the person's (a number, free text).
    case nothing
    /// A dataset's name, then files and folders, then the options `open` takes.
    case target
    /// One column of the list.
    case column
    /// A column, then `asc` or `desc`.
    case sortOrder
    /// Column names, one per word, with these words besides (`all` for `show`).
    case columns(besides: [String])
    /// A `where` condition: a column at the start of each clause, `missing` after `is`.
    case condition
    /// `chart [Y [BARS]] [by X]`: columns, the word `by`, then a column.
    case chart
    /// An export format, then a file path.
    case export
    /// The name of a command, for help on it.
    case command
}
