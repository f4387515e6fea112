import BrowseSupport

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
    /// The columns, in declared order.
    var columns: [Column] { get }
    /// Which columns the person chose to see; it lasts through filter, sort and paging.
    var columnChoice: ColumnChoice { get set }
    /// Changes whenever the rows of the view may have changed (a load, a filter, a sort), so a
    /// front end knows when widths measured on earlier pages no longer hold.
    var viewVersion: Int { get }
    /// The active filter text; empty when there is none.
    var filterText: String { get }
    /// The active sort, if any.
    var sortOrder: SortOrder? { get }
    /// The active `where` condition, if any.
    var whereExpression: WhereExpression? { get }
    /// The chart this screen draws above its table on a tall terminal, and `chart` draws
    /// without arguments (a security's closes and volumes by date); `nil` for none.
    var chartRequest: ChartRequest? { get }
    /// The view index of the remembered row (the last selected, or the top of the page).
    var position: Int { get }
    /// Commands this screen adds to the front end's.
    var commands: [ListCommand] { get }
    /// Why the loaded rows can no longer be trusted (the file under them shrank while open),
    /// or `nil`; a front end shows this error instead of the rows until the screen is reloaded.
    var dataProblem: (any Error)? { get }

    /// How many rows of the view have no value in `column`, when the screen can tell cheaply
    /// (file datasets count over their bytes); `nil` otherwise.
    func missingValues(in column: String) -> Int?
    /// Filters the view to rows whose text contains `text`, folded; an empty text clears it.
    /// The view starts at its first row.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first (the view is as it was),
    ///   or what the store threw.
    func applyFilter(_ text: String, stop: StopFlag) throws
    /// Narrows the view to rows that satisfy `expression` (before the filter); `nil` clears it.
    /// The view starts at its first row.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first (the view is as it was),
    ///   or what the store threw.
    func applyWhere(_ expression: WhereExpression?, stop: StopFlag) throws
    /// Sorts the view by a column (exact name, or a unique prefix); `nil` restores the natural order.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised first, `.cannotSort` when the
    ///   sort cannot run; the view is then as it was.
    func applySort(_ order: SortOrder?, stop: StopFlag) throws(ListError)
    /// Remembers the row at `index` of the view as the position.
    func move(to index: Int)
    /// The cells of the view's rows in `range`; configures only those rows.
    func rows(in range: Range<Int>) -> [[NamedCell]]
    /// Visits every row of the view in order, for export.
    func forEachRow(_ body: ([NamedCell]) throws -> Void) rethrows
    /// Visits the typed values of `columns` in every row of the view, in order (for `chart`,
    /// `freq` and `stats`); a screen over a large file may answer without making a `String`
    /// per row.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was visited.
    func forEachValues(of columns: [String], stop: StopFlag, _ body: ([CellValue]) -> Void) throws
    /// The widest text of each of `columns` over every row of the view, as `width` measures
    /// the cells' texts (0 for a column no row fills), in the order of `columns`: what keeps a
    /// column the same width on every page of a view. A screen over a large file measures its
    /// bytes on every core.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was measured.
    /// - Complexity: O(n × c) for n rows and c columns.
    func widestTexts(of columns: [String], width: TextWidth, stop: StopFlag) throws -> [Int]
    /// What choosing the row at `index` of the view does.
    func select(at index: Int) throws -> Selection
    /// Loads sources not loaded yet, or all of them when `force` is true.
    func load(force: Bool, progress: ProgressReporter) async
    /// Loads as ``load(force:progress:)`` does, for a front end that will draw the rows and
    /// line up their columns by `widths`: a source that reads every row anyway (a file's
    /// index) measures them as it goes, so that ``widestTexts(of:width:stop:)`` needs no pass
    /// of its own.
    func load(force: Bool, progress: ProgressReporter, drawingWith widths: TextWidth) async
    /// True when questions about every row (a filter, a sort, `where`, `freq`) wait for rows
    /// still arriving instead of answering for those that arrived.
    var waitsForAllRowsBeforeQueries: Bool { get }
    /// While rows are arriving, what the status line says of the rest (`indexing 23%`).
    var receivingNote: String? { get }
    /// Whether the last load, stopped by Ctrl-C, said in a note what it kept (the rows of a
    /// stream that arrived): a front end then does not say it again.
    var notedItsStop: Bool { get }
    /// True when ``count`` is an estimate (a database planner's), shown as `~10,000,000`
    /// until the exact count arrives.
    var countIsEstimate: Bool { get }
    /// True when ``totalCount`` is an estimate: a database table narrowed by a filter before
    /// its exact count arrived (`where x > 3 (~10,000,000 in all)`).
    var totalCountIsEstimate: Bool { get }
    /// True when the widths of columns follow the pages shown rather than a pass over every
    /// row, which a table of millions of rows in a database must not take before its first page.
    var widthsFollowPages: Bool { get }
}

extension ListScreen {
    public func load(force: Bool, progress: ProgressReporter, drawingWith widths: TextWidth) async {
        await load(force: force, progress: progress)
    }

    /// Filters the view, with no way to stop it.
    public func applyFilter(_ text: String) throws { try applyFilter(text, stop: .never) }
    /// Applies a `where` condition, with no way to stop it.
    public func applyWhere(_ expression: WhereExpression?) throws { try applyWhere(expression, stop: .never) }
    /// Sorts the view, with no way to stop it.
    public func applySort(_ order: SortOrder?) throws(ListError) { try applySort(order, stop: .never) }
    /// Visits the typed values of `columns` in every row of the view, with no way to stop it.
    public func forEachValues(of columns: [String], _ body: ([CellValue]) -> Void) {
        try? forEachValues(of: columns, stop: .never, body)
    }

    public var dataProblem: (any Error)? { nil }
    public var waitsForAllRowsBeforeQueries: Bool { false }
    public var receivingNote: String? { nil }
    public var notedItsStop: Bool { false }
    public var countIsEstimate: Bool { false }
    public var totalCountIsEstimate: Bool { false }
    public var widthsFollowPages: Bool { false }

    /// The column names, in declared order.
    public var columnNames: [String] { columns.map(\.name) }

    /// The column a person meant: its exact name in any case, or the one column it begins.
    ///
    /// - Throws: `ListError.unknownColumn` or `.ambiguousColumn`, naming what would work.
    public func column(named name: String) throws(ListError) -> Column {
        let wanted = TextFolding.fold(name)
        if let exact = columns.first(where: { TextFolding.fold($0.name) == wanted }) { return exact }
        let matches = columns.filter { TextFolding.fold($0.name).hasPrefix(wanted) }
        if matches.count == 1 { return matches[0] }
        if matches.isEmpty { throw .unknownColumn(name, available: columnNames) }
        throw .ambiguousColumn(name, matches: matches.map(\.name))
    }
}
