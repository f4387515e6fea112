import ListKit

/// One thing a user asked for, parsed from a line.
public enum Command: Sendable, Hashable {
    /// Choose a row by its number in the view (1-based).
    case select(row: Int)
    case nextPage
    case previousPage
    /// Go to a page (1-based).
    case page(Int)
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
    case help
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
    /// Whether the command does work over the rows (a filter, a sort, an export, a load) that
    /// needs memory beyond what the screen holds.
    var worksOverRows: Bool {
        switch self {
        case .filter, .sort, .open, .refresh, .export, .where, .frequencies, .statistics, .chart: return true
        default: return false
        }
    }

    /// The command's word, for messages.
    var name: String {
        switch self {
        case .filter: return "the filter"
        case .sort: return "sort"
        case .open: return "open"
        case .refresh: return "r"
        case .export: return "export"
        case .where: return "where"
        case .frequencies: return "freq"
        case .statistics: return "stats"
        case .chart: return "chart"
        case .page: return "g"
        case .select: return "choosing a row"
        case .nextPage: return "the next page"
        default: return "it"
        }
    }
}
