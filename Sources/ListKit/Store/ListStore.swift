import BrowseSupport

/// Where a list's items live, in which order its view shows them, and the questions about every
/// row that the store can answer faster than a pass over the items' cells.
///
/// `GenericListController` asks its store for everything about its rows. ``ArrayStore``, the
/// default, holds the items in an array and answers nothing itself: the controller then
/// filters, sorts and reads the rows through `configure`, which is all a list of hundreds or
/// thousands of items needs. A store over something larger (a file's index of bytes, a
/// database table) answers the questions it can answer faster, the way a table view's data
/// source implements only the optional methods it needs; every fast path returns `nil` or
/// `false` by default, which sends the question down the generic path.
///
/// Implementers must guarantee:
/// - the store alone holds the view: ``view`` is what ``setView(_:)`` set last, and a store
///   that keeps work of its own per view (cells made ahead of time) follows it from there;
/// - a fast path answers exactly as the generic path would for the same items: the same
///   rows, in the same order (ties in item order, missing values last), the same values;
/// - a fast path looks at `stop` between blocks of rows and, once it is raised, returns at
///   once with anything: the controller throws the answer away and keeps the view it had.
///
/// Positions are indices into ``items``; a `candidates` of `nil` means every item, in order.
@MainActor
public protocol ListStore<Item>: AnyObject {
    /// What the list holds one of per row.
    associatedtype Item: Identifiable & Sendable

    /// Every item, merged from the list's sources, in their natural order.
    var items: [Item] { get }
    /// Which items the view shows, in order, as positions in ``items``; `nil` shows every
    /// item in natural order.
    var view: [Int]? { get }
    /// True when no two items can share an id (a file's rows are numbered), so a merge need
    /// not look: merging a million items by id costs a set of a million ids.
    var itemsAreUnique: Bool { get }

    /// Replaces every item (a load, a refresh); the view goes back to every item.
    func setItems(_ items: [Item])
    /// Adds items after the others (a batch of a streaming source); the view is kept.
    func appendItems(_ items: [Item])
    /// Makes `view` the view.
    func setView(_ view: [Int]?)

    /// The columns, when only the store knows them (a file's header); `nil` uses the
    /// controller's.
    var columns: [Column]? { get }
    /// The cells of `item`'s row, or `nil` to configure the row.
    func cells(of item: Item) -> [NamedCell]?
    /// Positions among `candidates` whose text contains `foldedQuery`, in the candidates'
    /// order; `nil` asks the controller to search the rows' text. It must match as
    /// `TextFolding.folded(TextFolding.fold(text), contains: foldedQuery)` would.
    func filter(foldedQuery: String, among candidates: [Int]?, stop: StopFlag) throws -> [Int]?
    /// Positions among `candidates` whose row satisfies `expression`, in the candidates'
    /// order; `nil` asks the controller to test the rows' cells.
    func positions(matching expression: WhereExpression, among candidates: [Int]?, stop: StopFlag) throws
        -> [Int]?
    /// `positions` ordered by `order` (missing values last whichever the direction, ties in
    /// the order given); `nil` asks the controller to sort the rows' cells.
    ///
    /// - Throws: When it cannot sort at all (not enough memory for the keys): `sort` then
    ///   fails with that error and the view stays as it was.
    func sorted(_ positions: [Int], by order: SortOrder, stop: StopFlag) throws -> [Int]?
    /// Calls `body` with the values of `columns` for each item at `positions` (every item
    /// when `nil`), in order, and returns true; or returns false, having called nothing, to
    /// have the rows read. The values must be those the rows' cells hold.
    func forEachValues(
        of columns: [String], at positions: [Int]?, stop: StopFlag, _ body: ([CellValue]) -> Void
    ) throws -> Bool
    /// Writes the items at `positions` (every item when `nil`) and returns true; or returns
    /// false, having written nothing, to export the rows' cells.
    ///
    /// The bytes are those an export of the rows' cells writes for the cells of `columns`; they
    /// go to `write` in blocks of at most ``ExportRowLimits/blockRows`` rows, each with the
    /// number of rows it holds, in order. The header and the end are not written. An error
    /// `write` throws is thrown at once.
    func export(
        format: ExportFormat, columns: [String], at positions: [Int]?,
        write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool
    /// How many rows of the view have no value in `column`, when the store can tell cheaply.
    func missingValues(in column: String) -> Int?
    /// The widest text of each of `columns` over the items at `positions` (every item when
    /// `nil`), as `width` measures the rows' cells' texts (0 for a column no row fills), in the
    /// order of `columns`; `nil` asks the controller to measure the rows' cells.
    func widestTexts(of columns: [String], at positions: [Int]?, width: TextWidth, stop: StopFlag) throws -> [Int]?

    /// Why the items can no longer be trusted (the file under them changed while open), or
    /// `nil` when they can.
    var dataProblem: (any Error)? { get }
    /// True when a question about every row should wait for items still arriving rather than
    /// answer for those that arrived (a file's first page shows while the rest is indexed).
    var waitsForAllItemsBeforeQueries: Bool { get }
    /// While items arrive, what the status line says of the rest (`indexing 23%`); `nil` says
    /// `loading`.
    var arrivingNote: String? { get }
}

extension ListStore {
    public var itemsAreUnique: Bool { false }
    public var columns: [Column]? { nil }
    public func cells(of item: Item) -> [NamedCell]? { nil }
    public func filter(foldedQuery: String, among candidates: [Int]?, stop: StopFlag) throws -> [Int]? { nil }
    public func positions(matching expression: WhereExpression, among candidates: [Int]?, stop: StopFlag) throws
        -> [Int]?
    { nil }
    public func sorted(_ positions: [Int], by order: SortOrder, stop: StopFlag) throws -> [Int]? { nil }
    public func forEachValues(
        of columns: [String], at positions: [Int]?, stop: StopFlag, _ body: ([CellValue]) -> Void
    ) throws -> Bool { false }
    public func export(
        format: ExportFormat, columns: [String], at positions: [Int]?,
        write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool { false }
    public func missingValues(in column: String) -> Int? { nil }
    public func widestTexts(of columns: [String], at positions: [Int]?, width: TextWidth, stop: StopFlag) throws
        -> [Int]?
    { nil }
    public var dataProblem: (any Error)? { nil }
    public var waitsForAllItemsBeforeQueries: Bool { false }
    public var arrivingNote: String? { nil }

    /// The number of rows in the view.
    public var count: Int { view?.count ?? items.count }

    /// The item at `index` of the view.
    ///
    /// - Complexity: O(1).
    public func item(at index: Int) -> Item { items[view?[index] ?? index] }
}
