/// A list of items of any type, shown through a reusable row: the terminal cousin of the
/// generic `UITableViewController` of iOS.
///
/// `configure` fills the reusable `Row` for one item; `select` says what choosing an item
/// does. Only the rows a front end asks for are configured, so showing a page costs O(page)
/// whatever the number of items; a filter or a sort makes one pass over the items.
///
/// ```swift
/// let films = GenericListController(title: "films", items: Film.all) { (row: inout SubtitleRow, film) in
///     row.text = .text(film.title)
///     row.detail = .integer(film.releaseYear)
/// } select: { film in
///     .detail(Detail(title: film.title, fields: [.init("released", String(film.releaseYear))]))
/// }
/// ```
@MainActor
public final class GenericListController<T: Identifiable & Sendable, Row: ListRow>: ListScreen {
    /// The breadcrumb title: what `titleProvider` makes of the items, else the title given at init.
    public var title: String { titleProvider?(items) ?? initialTitle }
    /// Makes the title from the items, for screens that learn their name as they load (a
    /// security opened by its code); `nil`, or a `nil` answer, keeps the title given at init.
    public var titleProvider: (([T]) -> String?)?
    private let initialTitle: String
    /// All items, merged from every loaded source, in their natural order.
    public private(set) var items: [T]
    /// Fills the reusable row for one item.
    public var configure: (inout Row, T) -> Void
    /// What choosing an item does.
    public var select: (T) throws -> Selection
    /// The text a filter searches; `nil` searches the row's cells.
    public var searchText: ((T) -> String)?
    /// Lines shown above the table, computed from the items.
    public var header: (([T]) -> [String])?
    /// Commands this screen adds to the front end's.
    public var commands: [ListCommand] = []
    /// The columns, for screens that know them only once loaded (a file's header); used when
    /// none were given at init and it returns some.
    public var columnsProvider: (() -> [Column]?)?
    /// Counts the view's rows without a value in a column, for `cols`; `nil` when not known.
    public var missingCounter: ((_ column: String) -> Int?)?
    /// A faster `where` for large lists: given the expression and the item indices to test
    /// (`nil` for all), returns those that satisfy it, or `nil` to use the row's cells.
    public var whereItems: ((_ expression: WhereExpression, _ candidates: [Int]?) -> [Int]?)?
    /// A faster filter for large lists: given the folded query and the item indices to search
    /// (in item order; `nil` when every item is a candidate, which saves building an array as
    /// long as the list), returns the indices whose text contains it. `nil` uses the row's cells.
    ///
    /// Implementers must match as `TextFolding.fold(text).contains(query)` would.
    public var filterItems: ((_ foldedQuery: String, _ candidates: [Int]?) -> [Int])?
    /// A faster sort for large lists: returns `indices` ordered by the column (missing values
    /// last, ties in item order), or `nil` to use the row's cells.
    ///
    /// A long sort should call `shouldStop` now and then (every few thousand rows or
    /// comparisons) and, once it returns true, return at once with anything: the controller
    /// then throws the result away and keeps the view it had (Ctrl-C during `sort COL`).
    ///
    /// It may throw when it cannot sort at all (not enough memory for the keys): `sort` then
    /// fails with that error and the view stays as it was.
    public var sortItems: ((_ order: SortOrder, _ indices: [Int], _ shouldStop: () -> Bool) throws -> [Int]?)?
    /// A faster read of some columns' values (for `chart`): given the column names and the
    /// view's item indices (`nil` for every item, in item order), calls `body` with each item's
    /// values, in order, and returns true; or returns false, having called nothing, to read them
    /// through the rows. The values must be those the row's cells hold.
    public var valuesOfItems: ((_ columns: [String], _ indices: [Int]?, _ body: ([CellValue]) -> Void) -> Bool)?
    /// True when a filter, sort, `where`, page jump or analysis should wait for rows still
    /// arriving rather than answer for those that arrived: a file whose first page is shown
    /// while the rest is indexed, which takes seconds, not minutes.
    public var waitsForAllRowsBeforeQueries = false
    /// What the status line says while rows are still arriving (`indexing 23%`); `nil` says
    /// `loading`.
    public var arrivingNote: (() -> String?)?
    public var receivingNote: String? { state == .receiving ? arrivingNote?() : nil }
    /// A faster export for large lists: given the format, the exported columns' names and the
    /// view's item indices (`nil` for every item, in item order), writes the rows as
    /// ``RowExporting/exportRows(format:columns:write:)`` says and returns true; or returns
    /// false, having written nothing, to export through the rows' cells.
    public var exportItems:
        (
            (
                _ format: ExportFormat, _ columns: [String], _ indices: [Int]?,
                _ write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
            ) throws -> Bool
        )?

    public private(set) var state: LoadState
    public private(set) var sourceFailures: [SourceFailure] = []
    public private(set) var filterText = ""
    public private(set) var sortOrder: SortOrder?
    public private(set) var whereExpression: WhereExpression?
    public var chartRequest: ChartRequest?
    /// Says why the loaded items can no longer be trusted (a file that shrank while open), or
    /// `nil` when they can; checked before and after each command that reads them.
    public var dataCheck: (() -> (any Error)?)?
    public var dataProblem: (any Error)? { dataCheck?() }
    public private(set) var position = 0
    public var columnChoice = ColumnChoice()
    public private(set) var viewVersion = 0
    /// Narrows the view before the filter, like a search bar's scope buttons; `nil` shows all items.
    public private(set) var scope: ((T) -> Bool)?
    /// Why the last sort could not run, when `sortItems` threw.
    private var sortFailure: (any Error)?

    private var sources: [ListSource<T>]
    /// The sources a plain `load` loads; `nil` means all of them.
    private var activeSourceIDs: Set<String>?
    private let naturalOrder: ((T, T) -> Bool)?
    private var loadedItems: [String: [T]] = [:]
    /// View index → item index, or `nil` for the identity view (no filter, no sort).
    private var view: [Int]?
    private var anchor: T.ID?
    private var reusableRow = Row()
    private var foldedSearchTexts: [String]?
    private var scopedCount: Int?
    /// The columns given at init; `nil` takes them from the first item.
    private let declaredColumns: [Column]?
    private var inferredColumns: [Column]?

    /// A controller over items already in memory.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - items: The items, in their natural order.
    ///   - columns: The columns the rows fill, in order; `nil` takes the names the first item's
    ///     row sets and guesses each kind from its value (declare them for a stable table).
    ///   - configure: Fills the reusable row for one item.
    ///   - select: What choosing an item does.
    public init(
        title: String,
        items: [T],
        columns: [Column]? = nil,
        configure: @escaping (inout Row, T) -> Void,
        select: @escaping (T) throws -> Selection
    ) {
        self.initialTitle = title
        self.declaredColumns = columns
        self.items = items
        self.configure = configure
        self.select = select
        self.sources = []
        self.naturalOrder = nil
        self.state = .loaded
    }

    /// A controller whose items come from asynchronous sources, loaded when the front end asks.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - sources: Where the items come from; their items merge by `id`, the first source's
    ///     copy of an item winning.
    ///   - order: The natural order of the merged items; `nil` keeps source order.
    ///   - columns: The columns the rows fill, in order; `nil` takes them from the first item.
    ///   - configure: Fills the reusable row for one item.
    ///   - select: What choosing an item does.
    public init(
        title: String,
        sources: [ListSource<T>],
        order: ((T, T) -> Bool)? = nil,
        columns: [Column]? = nil,
        configure: @escaping (inout Row, T) -> Void,
        select: @escaping (T) throws -> Selection
    ) {
        self.initialTitle = title
        self.declaredColumns = columns
        self.items = []
        self.configure = configure
        self.select = select
        self.sources = sources
        self.naturalOrder = order
        self.state = sources.isEmpty ? .loaded : .idle
    }

    // MARK: - Counts and rows

    public var style: RowStyle { Row.style }

    public var count: Int { view?.count ?? items.count }

    /// The items in scope, before the filter (all items when there is no scope).
    public var totalCount: Int {
        guard let scope else { return items.count }
        if let scopedCount { return scopedCount }
        let count = items.reduce(0) { $0 + (scope($1) ? 1 : 0) }
        scopedCount = count
        return count
    }

    public var headerLines: [String] { header?(items) ?? [] }

    public var loadedSources: [String] {
        sources.filter { loadedItems[$0.id] != nil }.map(\.title)
    }

    public var columns: [Column] {
        if let declaredColumns { return declaredColumns }
        if let provided = columnsProvider?() { return provided }
        if let inferredColumns { return inferredColumns }
        guard let first = items.first else {
            return configuredCells(nil).map { Column($0.name, kind: ColumnKind(inferredFrom: $0.cell.value)) }
        }
        let columns = configuredCells(first).map { Column($0.name, kind: ColumnKind(inferredFrom: $0.cell.value)) }
        inferredColumns = columns
        return columns
    }

    public func missingValues(in column: String) -> Int? {
        missingCounter?(column)
    }

    /// The item at `index` of the current view.
    ///
    /// - Complexity: O(1).
    public func item(at index: Int) -> T {
        items[view?[index] ?? index]
    }

    public func rows(in range: Range<Int>) -> [[NamedCell]] {
        let clamped = range.clamped(to: 0..<count)
        return clamped.map { configuredCells(item(at: $0)) }
    }

    public func forEachRow(_ body: ([NamedCell]) throws -> Void) rethrows {
        for index in 0..<count {
            try body(configuredCells(item(at: index)))
        }
    }

    public func forEachValues(of columns: [String], _ body: ([CellValue]) -> Void) {
        if let valuesOfItems, valuesOfItems(columns, view, body) { return }
        forEachRow { cells in
            body(columns.map { name in cells.first { $0.name == name }?.cell.value ?? .missing })
        }
    }

    public func select(at index: Int) throws -> Selection {
        guard (0..<count).contains(index) else {
            throw ListError.rowOutOfRange(row: index + 1, count: count)
        }
        move(to: index)
        return try select(item(at: index))
    }

    public func move(to index: Int) {
        guard count > 0 else {
            position = 0
            return
        }
        position = min(max(0, index), count - 1)
        anchor = item(at: position).id
    }

    private func configuredCells(_ item: T?) -> [NamedCell] {
        reusableRow = Row()
        if let item { configure(&reusableRow, item) }
        return reusableRow.cells
    }

    // MARK: - Query

    public func applyFilter(_ text: String) {
        let folded = TextFolding.fold(text)
        let previous = TextFolding.fold(filterText)
        filterText = text
        // A narrower filter only needs to look at the rows the current one kept.
        let narrowing = !previous.isEmpty && TextFolding.folded(folded, contains: previous) && sortOrder == nil
        rebuildView(narrowingFrom: narrowing ? view : nil)
        showFirstRow()
    }

    /// A new filter or sort shows the top of the new view.
    private func showFirstRow() {
        position = 0
        anchor = nil
    }

    public func applyWhere(_ expression: WhereExpression?) {
        whereExpression = expression
        rebuildView()
        showFirstRow()
    }

    public func applySort(_ order: SortOrder?) throws(ListError) {
        guard var order else {
            sortOrder = nil
            rebuildView()
            showFirstRow()
            return
        }
        guard !items.isEmpty else { throw .nothingToSort }
        order.column = try column(named: order.column).name
        let previous = sortOrder
        sortOrder = order
        // Run in a task, the sort stops when the task is cancelled, and the view stays as it was.
        sortFailure = nil
        guard rebuildView(stoppable: true) else {
            sortOrder = previous
            if let sortFailure {
                self.sortFailure = nil
                // The view stays as it was, with the sort it had.
                rebuildView()
                throw .cannotSort(String(describing: sortFailure))
            }
            throw .interrupted
        }
        showFirstRow()
    }

    /// Recomputes the view from the items, the filter and the sort, keeping the anchored item.
    ///
    /// - Parameter stoppable: Whether a sort may stop when the task is cancelled; only a sort
    ///   asked for on its own may, never one that rebuilds the view after a load.
    /// - Returns: False when the sort stopped; the view is then unchanged.
    /// - Complexity: O(n) for a filter, O(n log n) for a sort.
    @discardableResult
    private func rebuildView(narrowingFrom candidates: [Int]? = nil, stoppable: Bool = false) -> Bool {
        let query = TextFolding.fold(filterText)
        var indices: [Int]?
        if let scope {
            indices = (candidates ?? Array(items.indices)).filter { scope(items[$0]) }
        }
        if let whereExpression {
            let pool = indices ?? candidates
            indices =
                whereItems?(whereExpression, pool)
                ?? (pool ?? Array(items.indices)).filter { index in
                    let cells = configuredCells(items[index])
                    return whereExpression.matches { column in
                        cells.first { $0.name == column.name }?.cell.value ?? .missing
                    }
                }
        }
        if !query.isEmpty {
            if let filterItems {
                indices = filterItems(query, indices ?? candidates)
            } else {
                let pool = indices ?? candidates ?? Array(items.indices)
                let texts = foldedTexts()
                indices = pool.filter { TextFolding.folded(texts[$0], contains: query) }
            }
        }
        if let sortOrder {
            // A sort of every item first makes a list of them all: ask for it where a refusal
            // can be said, rather than let a failed allocation end the program.
            if indices == nil, stoppable, !SystemMemory.isAvailable(items.count * 2 * MemoryLayout<Int>.stride) {
                sortFailure = SortRefusal(description: "not enough memory to sort \(items.count) rows")
                return false
            }
            let pool = indices ?? Array(items.indices)
            let shouldStop = { stoppable && Task.isCancelled }
            do {
                indices =
                    try sortItems?(sortOrder, pool, shouldStop) ?? sorted(pool, by: sortOrder, shouldStop: shouldStop)
            } catch {
                // A sort asked for on its own fails and keeps the view; one that follows a new
                // filter or load leaves the rows in their natural order.
                if stoppable {
                    sortFailure = error
                    return false
                }
                self.sortOrder = nil
                indices = pool
            }
            if shouldStop() { return false }
        }
        view = indices
        viewVersion += 1
        scopedCount = nil
        restoreAnchor()
        return true
    }

    private func foldedTexts() -> [String] {
        if let foldedSearchTexts { return foldedSearchTexts }
        let texts = items.map { item in
            TextFolding.fold(searchText?(item) ?? configuredCells(item).map(\.cell.text).joined(separator: " "))
        }
        foldedSearchTexts = texts
        return texts
    }

    /// The row's cells' sort, for lists without a faster one.
    ///
    /// - Returns: `indices` ordered, or as they came once `shouldStop` says so.
    private func sorted(_ indices: [Int], by order: SortOrder, shouldStop: () -> Bool) -> [Int] {
        let column = order.column
        var keys: [SortKey] = []
        keys.reserveCapacity(indices.count)
        for index in indices {
            if keys.count % 4_096 == 0, shouldStop() { return indices }
            keys.append(SortKey(configuredCells(items[index]).first { $0.name == column }?.cell.value ?? .missing))
        }
        var positions = Array(keys.indices)
        var comparisons = 0
        do {
            try positions.sort { left, right in
                comparisons += 1
                if comparisons % 65_536 == 0, shouldStop() { throw SortStopped() }
                return Self.ordered(keys, left, right, indices: indices, descending: order.descending)
            }
        } catch {
            return indices
        }
        return positions.map { indices[$0] }
    }

    private struct SortStopped: Error {}

    /// Why a sort could not start, in words.
    private struct SortRefusal: Error, CustomStringConvertible {
        let description: String
    }

    /// Whether the item at `left` of `keys` goes before the one at `right`: missing values last
    /// whichever the direction, ties in the natural order.
    private static func ordered(_ keys: [SortKey], _ left: Int, _ right: Int, indices: [Int], descending: Bool)
        -> Bool
    {
        let a = keys[left]
        let b = keys[right]
        if a.isMissing != b.isMissing { return b.isMissing }
        if !a.isMissing {
            if SortKey.ascending(a, b) { return !descending }
            if SortKey.ascending(b, a) { return descending }
        }
        return indices[left] < indices[right]
    }

    private func restoreAnchor() {
        guard let anchor else {
            position = 0
            return
        }
        let found: Int?
        if let view {
            found = view.firstIndex { items[$0].id == anchor }
        } else {
            found = items.firstIndex { $0.id == anchor }
        }
        position = found ?? 0
        if found == nil { self.anchor = nil }
    }

    // MARK: - Loading

    public func load(force: Bool, progress: ProgressReporter) async {
        await load(sources: nil, force: force, progress: progress)
    }

    /// Narrows the view to items for which `predicate` is true (`nil` shows all), keeping the filter.
    ///
    /// - Complexity: O(n).
    public func applyScope(_ predicate: ((T) -> Bool)?) {
        scope = predicate
        rebuildView()
    }

    /// Adds a source (an older month); it loads with the next `load` and merges with the rest.
    public func add(_ source: ListSource<T>) {
        guard !sources.contains(where: { $0.id == source.id }) else { return }
        sources.append(source)
        activeSourceIDs?.insert(source.id)
        if state == .loaded, loadedItems.isEmpty { state = .idle }
    }

    /// Limits plain loads and refreshes to these sources (`--market otc`); `nil` loads all.
    public func activate(sources ids: Set<String>?) {
        activeSourceIDs = ids
    }

    /// True when the source has been loaded.
    public func isLoaded(source id: String) -> Bool {
        loadedItems[id] != nil
    }

    /// Loads the named sources (the active ones when `ids` is `nil`) that are not loaded yet, or
    /// again when `force` is true. A source that fails keeps its earlier items and is named in
    /// `sourceFailures`; the others still show.
    public func load(sources ids: Set<String>?, force: Bool, progress: ProgressReporter) async {
        let chosen = ids ?? activeSourceIDs
        let wanted = sources.filter { source in
            (chosen?.contains(source.id) ?? true) && (force || loadedItems[source.id] == nil)
        }
        guard !wanted.isEmpty else { return }
        let previousState = state
        state = .loading
        var failures = sourceFailures.filter { failure in !wanted.contains { $0.title == failure.source } }
        var cancelled = false
        for source in wanted {
            do {
                progress.update { $0.step = source.title }
                let request = LoadRequest(progress: progress, refresh: force, batch: wanted.map(\.id))
                if let batches = source.batches {
                    guard try await receive(batches(request), from: source, progress: progress) else {
                        cancelled = true
                        break
                    }
                    continue
                }
                let loaded = try await source.load(request)
                try Task.checkCancellation()
                loadedItems[source.id] = loaded
            } catch is CancellationError {
                cancelled = true
                break
            } catch {
                failures.append(
                    SourceFailure(
                        source: source.title, reason: String(describing: error),
                        remedy: (error as? any UserFacingError)?.remedy))
            }
        }
        sourceFailures = failures
        mergeLoadedItems()
        if loadedItems.isEmpty {
            state =
                cancelled
                ? previousState : .failed(failures.map { "\($0.source): \($0.reason)" }.joined(separator: "; "))
        } else {
            state = .loaded
        }
    }

    /// Takes a streaming source's batches as they arrive: each is shown at once (the view
    /// filtered and sorted again when it needs to be).
    ///
    /// - Returns: False when the load was stopped (what arrived is kept).
    /// - Throws: What the source threw, after keeping the batches that arrived before it.
    private func receive(
        _ batches: ProducedBatches<T>, from source: ListSource<T>, progress: ProgressReporter
    ) async throws -> Bool {
        let earlier = loadedItems[source.id]
        loadedItems[source.id] = earlier ?? []
        let single = sources.count == 1 && naturalOrder == nil
        // A refresh starts over: at once, or (for a source that fails as a whole) when its
        // first batch arrives, so that a refresh failing at once keeps the earlier rows.
        var replacesEarlier = single && !(earlier?.isEmpty ?? true)
        if replacesEarlier, source.keepsRowsOnFailure {
            loadedItems[source.id] = []
            mergeLoadedItems()
            replacesEarlier = false
        }
        var stopped = false
        do {
            for try await batch in batches {
                guard !Task.isCancelled else { break }
                if replacesEarlier {
                    replacesEarlier = false
                    loadedItems[source.id] = []
                    items = []
                }
                loadedItems[source.id, default: []] += batch
                if single {
                    items += batch
                    foldedSearchTexts = nil
                    if view != nil || scope != nil { rebuildView() } else { viewVersion += 1 }
                } else {
                    mergeLoadedItems()
                }
                state = .receiving
                let count = Int64(items.count)
                // A source counting bytes (a file being indexed) reports its own progress.
                progress.update { if $0.unit == .items { $0.completed = count } }
            }
        } catch {
            // A stream may end by throwing when it is stopped: that is a stop, not a failure.
            stopped = Task.isCancelled || error is CancellationError
            if !stopped {
                if !source.keepsRowsOnFailure {
                    loadedItems[source.id] = replacesEarlier ? earlier : nil
                    mergeLoadedItems()
                } else if !(loadedItems[source.id]?.isEmpty ?? true) {
                    let count = loadedItems[source.id]?.count ?? 0
                    progress.note(
                        "\(source.title): the rows that arrived (\(Cell.integer(count, grouped: true).text)) are kept")
                }
                throw error
            }
        }
        if stopped || Task.isCancelled {
            let count = loadedItems[source.id]?.count ?? 0
            if count > 0 {
                progress.note(
                    "stopped loading \(source.title): the \(Cell.integer(count, grouped: true).text) rows that arrived are kept"
                )
                return true
            }
            loadedItems[source.id] = nil
            return false
        }
        return true
    }

    private func mergeLoadedItems() {
        var merged: [T] = []
        if sources.count == 1, let only = loadedItems[sources[0].id] {
            merged = only
        } else {
            var seen = Set<T.ID>()
            for source in sources {
                for item in loadedItems[source.id] ?? [] where seen.insert(item.id).inserted {
                    merged.append(item)
                }
            }
        }
        if let naturalOrder { merged.sort(by: naturalOrder) }
        items = merged
        foldedSearchTexts = nil
        inferredColumns = nil
        rebuildView()
    }
}

extension GenericListController: RowExporting {
    public func exportRows(
        format: ExportFormat, columns: [String], write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool {
        guard let exportItems else { return false }
        return try exportItems(format, columns, view, write)
    }
}
