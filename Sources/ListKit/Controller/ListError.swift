import BrowseSupport

/// Mistakes a user can make against a list; each description says what would work.
///
/// A plug-in tells them apart by their ``code``, which new kinds can join without breaking a
/// `switch` that has a `default`:
///
/// ```swift
/// /// What choosing row `index` does; `nil` when the view has no such row.
/// @MainActor
/// func selection(of screen: any ListScreen, at index: Int) throws -> Selection? {
///     do {
///         return try screen.select(at: index)
///     } catch let error as ListError where error.code == .rowOutOfRange {
///         return nil
///     }
/// }
/// ```
public struct ListError: UserFacingError, Hashable {
    /// A kind of mistake, compared with `==` (`error.code == .interrupted`).
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kind's name (`unknownColumn`).
        public let description: String

        private init(_ name: String) {
            description = name
        }

        /// A row number outside the view.
        public static let rowOutOfRange = Code("rowOutOfRange")
        /// A column name no column has.
        public static let unknownColumn = Code("unknownColumn")
        /// A column name that is the start of several columns' names.
        public static let ambiguousColumn = Code("ambiguousColumn")
        /// A sort of an empty list.
        public static let nothingToSort = Code("nothingToSort")
        /// A command on a list that is not loaded.
        public static let notLoaded = Code("notLoaded")
        /// Work over every row that was stopped.
        public static let interrupted = Code("interrupted")
        /// A sort that could not run.
        public static let cannotSort = Code("cannotSort")
    }

    /// The mistake with what it carries; the public view of it is ``code`` and the description.
    package enum Details: Sendable, Hashable {
        case rowOutOfRange(row: Int, count: Int)
        case unknownColumn(String, available: [String])
        case ambiguousColumn(String, matches: [String])
        case nothingToSort
        case notLoaded(String)
        case interrupted
        case cannotSort(String)
    }

    /// What went wrong, with what it carries.
    package let details: Details

    private init(_ details: Details) {
        self.details = details
    }

    /// There is no row `row` (counted from 1) among the view's `count`.
    public static func rowOutOfRange(row: Int, count: Int) -> ListError {
        ListError(.rowOutOfRange(row: row, count: count))
    }
    /// No column is called `name`; `available` are the columns' names.
    public static func unknownColumn(_ name: String, available: [String]) -> ListError {
        ListError(.unknownColumn(name, available: available))
    }
    /// `name` starts the names of several columns (`matches`).
    public static func ambiguousColumn(_ name: String, matches: [String]) -> ListError {
        ListError(.ambiguousColumn(name, matches: matches))
    }
    /// The list has no rows to sort.
    public static let nothingToSort = ListError(.nothingToSort)
    /// The list is not loaded; `reason` says why and what to do.
    public static func notLoaded(_ reason: String) -> ListError { ListError(.notLoaded(reason)) }
    /// Work over every row (a filter, `where`, a sort) stopped before it finished; the view is
    /// as it was.
    public static let interrupted = ListError(.interrupted)
    /// A sort could not run (not enough memory for its keys); the view is as it was.
    public static func cannotSort(_ reason: String) -> ListError { ListError(.cannotSort(reason)) }

    /// What kind of mistake this is.
    public var code: Code {
        switch details {
        case .rowOutOfRange: return .rowOutOfRange
        case .unknownColumn: return .unknownColumn
        case .ambiguousColumn: return .ambiguousColumn
        case .nothingToSort: return .nothingToSort
        case .notLoaded: return .notLoaded
        case .interrupted: return .interrupted
        case .cannotSort: return .cannotSort
        }
    }

    public var description: String {
        switch details {
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
        code == .unknownColumn || code == .ambiguousColumn ? .usage : .failure
    }
}
