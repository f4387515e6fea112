import ListKit

/// One thing a user asked for, parsed from a line.
package enum Command: Sendable, Hashable {
    /// Choose a row by its number in the view (1-based).
    case select(row: Int)
    case nextPage
    case previousPage
    /// Go to a page (1-based).
    case page(Int)
    /// Go to the last page (`G`, `g last`, `end`).
    case lastPage
    /// Filter to rows containing the text; an empty text clears the filter.
    case filter(String)
    /// Sort by a column; `nil` restores the natural order.
    case sort(SortOrder?)
    case back
    case home
    /// Open a dataset, file or URL.
    case open(String)
    /// List the datasets.
    case list
    case refresh
    /// Export the whole current view; to standard output when `path` is `nil`.
    case export(ExportFormat, path: String?)
    /// The commands (`h`).
    case help
    /// How to use one command (`h where`): a session's, a screen's or a dataset's.
    case commandHelp(String)
    case quit
    /// List the columns (`cols`).
    case columns
    /// Hide columns (`hide COL…`).
    case hide([String])
    /// Show hidden or not-shown-by-default columns (`show COL…`); an empty list shows all.
    case show([String])
    /// Show only these columns, in this order (`only COL…`).
    case only([String])
    /// Scroll the shown columns sideways: positive to the right (`>`), negative back (`<`).
    case scrollColumns(Int)
    /// Pin these columns at the left while the others scroll (`key COL…`); none unpins all.
    case key([String])
    /// Keep rows that satisfy a typed condition (`where close > 500`); empty clears it.
    case `where`(String)
    /// The distinct values of a column, most frequent first (`freq COL`).
    case frequencies(String)
    /// One row per column: kind, missing, distinct, min, max, mean, sum (`stats`).
    case statistics
    /// A chart of a numeric column (`chart close volume by date`), as words.
    case chart([String])
    /// A word the front end does not know, which the current screen may (`older`); `name` is
    /// as typed, and screens' commands match it without case.
    case custom(name: String, arguments: String)
}

extension Command {
    /// The declaration the command was read by; `nil` for a screen's or a dataset's command.
    package var declaration: SessionCommandDeclaration? {
        switch self {
        case .select: return SessionCommands.select
        case .nextPage: return SessionCommands.next
        case .previousPage: return SessionCommands.previous
        case .page: return SessionCommands.page
        case .lastPage: return SessionCommands.end
        case .filter: return SessionCommands.filter
        case .sort: return SessionCommands.sort
        case .back: return SessionCommands.back
        case .home: return SessionCommands.home
        case .open: return SessionCommands.open
        case .list: return SessionCommands.list
        case .refresh: return SessionCommands.refresh
        case .export: return SessionCommands.export
        case .help, .commandHelp: return SessionCommands.help
        case .quit: return SessionCommands.quit
        case .columns: return SessionCommands.columns
        case .hide: return SessionCommands.hide
        case .show: return SessionCommands.show
        case .only: return SessionCommands.only
        case .scrollColumns: return SessionCommands.scroll
        case .key: return SessionCommands.key
        case .where: return SessionCommands.condition
        case .frequencies: return SessionCommands.frequencies
        case .statistics: return SessionCommands.statistics
        case .chart: return SessionCommands.chart
        case .custom: return nil
        }
    }

    /// Whether the command does work over the rows (a filter, a sort, an export, a load) that
    /// needs memory beyond what the screen holds.
    var worksOverRows: Bool {
        declaration.map { !$0.rowUse.isDisjoint(with: [.readsAll, .loads]) } ?? false
    }

    /// The command's word, for messages.
    var name: String {
        switch self {
        case .filter: return "the filter"
        case .select: return "choosing a row"
        case .nextPage: return "the next page"
        case .sort, .open, .refresh, .export, .where, .frequencies, .statistics, .chart, .page, .lastPage:
            return declaration?.names.first ?? "it"
        default: return "it"
        }
    }
}
