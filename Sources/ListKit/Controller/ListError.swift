import BrowseSupport

/// Mistakes a user can make against a list; each description says what would work.
public enum ListError: UserFacingError, Hashable {
    case rowOutOfRange(row: Int, count: Int)
    case unknownColumn(String, available: [String])
    case ambiguousColumn(String, matches: [String])
    case nothingToSort
    case notLoaded(String)
    /// Work over every row (a filter, `where`, a sort) stopped before it finished; the view is
    /// as it was.
    case interrupted
    /// A sort could not run (not enough memory for its keys); the view is as it was.
    case cannotSort(String)

    public var description: String {
        switch self {
        case .rowOutOfRange(let row, let count):
            if count == 0 { return "there is no row \(row): the list is empty" }
            return "there is no row \(row): choose 1–\(count)"
        case .unknownColumn(let name, let available):
            return "no column \"\(name)\"; columns: \(available.joined(separator: ", "))"
        case .ambiguousColumn(let name, let matches):
            return "\"\(name)\" could be \(matches.joined(separator: " or ")); type more of the name"
        case .nothingToSort:
            return "there are no rows to sort"
        case .notLoaded(let reason):
            return reason
        case .interrupted:
            return "it was stopped; the list is as it was"
        case .cannotSort(let reason):
            return reason + "; the list keeps the order it had"
        }
    }

    /// A column the command line named (`--sort nosuch`) is a usage mistake; the rest fail.
    public var exitCode: ExitCode {
        switch self {
        case .unknownColumn, .ambiguousColumn: return .usage
        default: return .failure
        }
    }
}
