/// A list as the front end sees it, whatever its item and row types.
///
/// `GenericListController` is the implementation; the protocol lets a navigation stack hold
/// controllers of different item types, as `UINavigationController` holds view controllers.
@MainActor
public protocol ListScreen: AnyObject {
    /// The breadcrumb title (`companies`, `2330 台積電`).
    var title: String { get }
    /// How rows are laid out.
    var style: RowStyle { get }
    /// Lines shown above the table (a sparkline, the trading date), if any.
    var headerLines: [String] { get }
    /// Loading state.
    var state: LoadState { get }
    /// Sources that failed to load while others succeeded.
    var sourceFailures: [SourceFailure] { get }
    /// Titles of the sources loaded so far, in source order.
    var loadedSources: [String] { get }
    /// The number of rows in the current view (after the filter).
    var count: Int { get }
    /// The number of items before the filter.
    var totalCount: Int { get }
    /// The column names, in order.
    var columnNames: [String] { get }
    /// The active filter text; empty when there is none.
    var filterText: String { get }
    /// The active sort, if any.
    var sortOrder: SortOrder? { get }
    /// The view index of the remembered row (the last selected, or the top of the page).
    var position: Int { get }
    /// Commands this screen adds to the front end's.
    var commands: [ListCommand] { get }

    /// Filters the view to rows whose text contains `text`, folded; an empty text clears it.
    func applyFilter(_ text: String)
    /// Sorts the view by a column (exact name, or a unique prefix); `nil` restores the natural order.
    func applySort(_ order: SortOrder?) throws(ListError)
    /// Remembers the row at `index` of the view as the position.
    func move(to index: Int)
    /// The cells of the view's rows in `range`; configures only those rows.
    func rows(in range: Range<Int>) -> [[NamedCell]]
    /// Visits every row of the view in order, for export.
    func forEachRow(_ body: ([NamedCell]) throws -> Void) rethrows
    /// What choosing the row at `index` of the view does.
    func select(at index: Int) throws -> Selection
    /// Loads sources not loaded yet, or all of them when `force` is true.
    func load(force: Bool, progress: ProgressReporter) async
}
