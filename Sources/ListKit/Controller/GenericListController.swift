import BrowseSupport

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
///
/// The items live in a ``ListStore``: an ``ArrayStore`` unless the list is given one that
/// answers questions about every row faster (a file's index of bytes).
@MainActor
public final class GenericListController<T: Identifiable & Sendable, Row: ListRow>: ListScreen {
    /// Where the items live, and the view's order.
    public let store: any ListStore<T>
    /// Fills the reusable row for one item.
    public let configure: (inout Row, T) -> Void
    /// What choosing an item does.
    public let select: (T) throws -> Selection
    /// The text a filter searches; `nil` searches the row's cells.
    let searchText: ((T) -> String)?
    /// Lines shown above the table, made from the controller (its items, the sources loaded).
    let header: ((GenericListController) -> [String])?
    /// Makes the title from the items; `nil`, or a `nil` answer, keeps the title given at init.
    let titleFromItems: (([T]) -> String?)?
    private let initialTitle: String

    /// Commands this screen adds to the front end's (``addCommands(_:)``).
    public private(set) var commands: [ListCommand] = []
    /// The chart this screen draws above its table on a tall terminal, and `chart` draws
    /// without arguments; `nil` for none.
    public var chartRequest: ChartRequest?
    public var columnChoice = ColumnChoice()
    /// Snapshots a batch run prints of this screen (`--every`, `--count`); `nil` for one.
    package var snapshotPlan: SnapshotPlan?
    /// How `watch` refreshes this screen; `nil` when its rows do not change by themselves.
    package var live: LiveSource?
    /// The live screen `watch` opens for some of this screen's items (the quotes of the
    /// securities on a page); `nil` when its rows are not something that can be watched.
    package var liveRows: (([T]) -> (any ListScreen)?)?

    public internal(set) var state: LoadState
    public internal(set) var sourceFailures: [SourceFailure] = []
    public internal(set) var filterText = ""
    public internal(set) var sortOrder: SortOrder?
    public internal(set) var whereExpression: WhereExpression?
    /// Narrows the view before the filter, like a search bar's scope buttons; `nil` shows all items.
    package internal(set) var scope: ((T) -> Bool)?
    public internal(set) var position = 0
    public internal(set) var viewVersion = 0
    public internal(set) var notedItsStop = false

    // Loading (`+Loading`).
    var sources: [ListSource<T>]
    /// The sources a plain `load` loads; `nil` means all of them.
    var activeSourceIDs: Set<String>?
    let naturalOrder: ((T, T) -> Bool)?
    var loadedItems: [String: [T]] = [:]

    // Query (`+Query`).
    var anchor: T.ID?
    var foldedSearchTexts: [String]?
    var scopedCount: Int?

    private var reusableRow = Row()
    /// The columns given at init; `nil` takes them from the store or the first item.
    private let declaredColumns: [Column]?
    /// Each declared column's cell maker by name, when the rows are made of ``ListColumn``s:
    /// a question about one column (a sort, `where`, the widths of the shown columns) then
    /// makes that column's cell, not the whole row's. Set by the inits that take columns.
    private var columnCells: [String: (T) -> Cell] = [:]
    var inferredColumns: [Column]?

    /// A controller over items already in memory.
    ///
    /// Items that share an id are kept once, the first one winning.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - items: The items, in their natural order.
    ///   - columns: The columns the rows fill, in order; `nil` takes the names the first item's
    ///     row sets and guesses each kind from its value (declare them for a stable table).
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown (its
    ///     items, the sources loaded, the count in scope).
    ///   - configure: Fills the reusable row for one item.
    ///   - select: What choosing an item does.
    /// - Complexity: O(n) to merge the items by id.
    public convenience init(
        title: String,
        items: [T],
        columns: [Column]? = nil,
        searchText: ((T) -> String)? = nil,
        header: ((GenericListController) -> [String])? = nil,
        configure: @escaping (inout Row, T) -> Void,
        select: @escaping (T) throws -> Selection
    ) {
        self.init(
            title: title, items: items, store: ArrayStore<T>(), columns: columns, searchText: searchText,
            header: header, configure: configure, select: select)
    }

    /// A controller over items already in memory, kept in `store`: one that knows its items'
    /// ids are unique (``ListStore/itemsAreUnique``) spares a million results of `freq` a set of
    /// their ids, and one that answers questions about every row (the widths of the columns)
    /// spares them a pass over their cells.
    package init(
        title: String,
        items: [T],
        store: any ListStore<T>,
        columns: [Column]?,
        searchText: ((T) -> String)?,
        header: ((GenericListController) -> [String])?,
        configure: @escaping (inout Row, T) -> Void,
        select: @escaping (T) throws -> Selection
    ) {
        self.initialTitle = title
        self.titleFromItems = nil
        self.declaredColumns = columns
        self.searchText = searchText
        self.header = header
        self.configure = configure
        self.select = select
        self.sources = []
        self.naturalOrder = nil
        self.state = .loaded
        self.store = store
        store.setItems(Self.mergedByID([items], unique: store.itemsAreUnique))
    }

    /// A controller whose items come from asynchronous sources, loaded when the front end asks.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - titleFromItems: Makes the title from the items, for screens that learn their name
    ///     as they load (a security opened by its code); a `nil` answer keeps `title`.
    ///   - sources: Where the items come from; their items merge by `id`, the first source's
    ///     copy of an item winning.
    ///   - order: The natural order of the merged items; `nil` keeps source order.
    ///   - columns: The columns the rows fill, in order; `nil` takes them from the store or
    ///     the first item.
    ///   - store: Where the items live; `nil` keeps them in an ``ArrayStore``.
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown (its
    ///     items, the sources loaded, the count in scope).
    ///   - configure: Fills the reusable row for one item.
    ///   - select: What choosing an item does.
    public init(
        title: String,
        titleFromItems: (([T]) -> String?)? = nil,
        sources: [ListSource<T>],
        order: ((T, T) -> Bool)? = nil,
        columns: [Column]? = nil,
        store: (any ListStore<T>)? = nil,
        searchText: ((T) -> String)? = nil,
        header: ((GenericListController) -> [String])? = nil,
        configure: @escaping (inout Row, T) -> Void,
        select: @escaping (T) throws -> Selection
    ) {
        self.initialTitle = title
        self.titleFromItems = titleFromItems
        self.declaredColumns = columns
        self.searchText = searchText
        self.header = header
        self.configure = configure
        self.select = select
        self.sources = sources
        self.naturalOrder = order
        self.state = sources.isEmpty ? .loaded : .idle
        self.store = store ?? ArrayStore<T>()
    }

    /// Adds commands to those this screen offers (`older`, `market otc`); a command whose name
    /// the screen offers already replaces it.
    public func addCommands(_ added: [ListCommand]) {
        for command in added {
            commands.removeAll { TextFolding.fold($0.name) == TextFolding.fold(command.name) }
            commands.append(command)
        }
    }

    // MARK: - What the front end shows

    /// The breadcrumb title: what `titleFromItems` makes of the items, else the title given at init.
    public var title: String { titleFromItems?(items) ?? initialTitle }

    /// All items, merged from every loaded source, in their natural order.
    public var items: [T] { store.items }

    public var style: RowStyle { Row.style }

    public var count: Int { store.count }

    /// The items in scope, before the filter (all items when there is no scope).
    public var totalCount: Int {
        guard let scope else { return items.count }
        if let scopedCount { return scopedCount }
        let count = items.reduce(0) { $0 + (scope($1) ? 1 : 0) }
        scopedCount = count
        return count
    }

    public var headerLines: [String] { header?(self) ?? [] }

    public var loadedSources: [String] {
        sources.filter { loadedItems[$0.id] != nil }.map(\.title)
    }

    public var columns: [Column] {
        if let declaredColumns { return declaredColumns }
        if let provided = store.columns { return provided }
        if let inferredColumns { return inferredColumns }
        guard let first = items.first else {
            return configuredCells(nil).map { Column($0.name, kind: ColumnKind(inferredFrom: $0.cell.value)) }
        }
        let columns = configuredCells(first).map { Column($0.name, kind: ColumnKind(inferredFrom: $0.cell.value)) }
        inferredColumns = columns
        return columns
    }

    public var dataProblem: (any Error)? { store.dataProblem }
    public var waitsForAllRowsBeforeQueries: Bool { store.waitsForAllItemsBeforeQueries }
    public var receivingNote: String? { state == .receiving ? store.arrivingNote : nil }

    public func missingValues(in column: String) -> Int? {
        store.missingValues(in: column)
    }

    /// The item at `index` of the current view.
    ///
    /// - Complexity: O(1).
    public func item(at index: Int) -> T {
        store.item(at: index)
    }

    public func rows(in range: Range<Int>) -> [[NamedCell]] {
        let clamped = range.clamped(to: 0..<count)
        return clamped.map { cells(of: item(at: $0)) }
    }

    public func forEachRow(_ body: ([NamedCell]) throws -> Void) rethrows {
        for index in 0..<count {
            try body(cells(of: item(at: index)))
        }
    }

    public func forEachValues(of columns: [String], stop: StopFlag, _ body: ([CellValue]) -> Void) throws {
        if try store.forEachValues(of: columns, at: store.view, stop: stop, body) { return }
        if let makers = cellMakers(of: columns) {
            var values: [CellValue] = []
            values.reserveCapacity(makers.count)
            for index in 0..<count {
                if index % 4_096 == 0, stop.isRaised { throw ListError.interrupted }
                let item = item(at: index)
                values.removeAll(keepingCapacity: true)
                for slot in makers.indices { values.append(makers[slot](item).value) }
                body(values)
            }
            return
        }
        for index in 0..<count {
            if index % 4_096 == 0, stop.isRaised { throw ListError.interrupted }
            let cells = cells(of: item(at: index))
            body(columns.map { name in cells.first { $0.name == name }?.cell.value ?? .missing })
        }
    }

    public func widestTexts(of columns: [String], width: TextWidth, stop: StopFlag) throws -> [Int] {
        if let widest = try store.widestTexts(of: columns, at: store.view, width: width, stop: stop) {
            if stop.isRaised { throw ListError.interrupted }
            return widest
        }
        var widest = [Int](repeating: 0, count: columns.count)
        if let makers = cellMakers(of: columns) {
            for index in 0..<count {
                if index % 1_024 == 0, stop.isRaised { throw ListError.interrupted }
                let item = item(at: index)
                // By index: enumerating would look up a tuple's generic metadata for every cell.
                for slot in makers.indices { widest[slot] = max(widest[slot], width.of(makers[slot](item).text)) }
            }
            return widest
        }
        var slots: [String: [Int]] = [:]
        for (slot, name) in columns.enumerated() { slots[name, default: []].append(slot) }
        for index in 0..<count {
            if index % 1_024 == 0, stop.isRaised { throw ListError.interrupted }
            let row = cells(of: item(at: index))
            // Rows list their cells in column order; else a column takes the first cell of its name.
            if row.count == columns.count, zip(row, columns).allSatisfy({ $0.name == $1 }) {
                for slot in row.indices { widest[slot] = max(widest[slot], width.of(row[slot].cell.text)) }
                continue
            }
            var measured: Set<String> = []
            for cell in row where measured.insert(cell.name).inserted {
                guard let found = slots[cell.name] else { continue }
                let cellWidth = width.of(cell.cell.text)
                for slot in found { widest[slot] = max(widest[slot], cellWidth) }
            }
        }
        return widest
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

    /// The cells of `item`'s row: the store's, else the configured row's.
    func cells(of item: T) -> [NamedCell] {
        store.cells(of: item) ?? configuredCells(item)
    }

    /// The cell makers of `names`, in order, when the rows come from declared columns that
    /// have them all and the store does not make rows of its own; else `nil`.
    func cellMakers(of names: [String]) -> [(T) -> Cell]? {
        guard !columnCells.isEmpty, count == 0 || store.cells(of: item(at: 0)) == nil else { return nil }
        var makers: [(T) -> Cell] = []
        makers.reserveCapacity(names.count)
        for name in names {
            guard let make = columnCells[name] else { return nil }
            makers.append(make)
        }
        return makers
    }

    /// Whether the rows come from declared columns whose cells can be made one column at a
    /// time (``cellMakers(of:)`` answers for any declared names).
    var makesCellsByColumn: Bool { cellMakers(of: []) != nil }

    /// The cell of the column `name` of `item`, made alone; `nil` when no declared column has
    /// that name. Only for rows of declared columns (``cellMakers(of:)`` not `nil`).
    func columnCell(_ name: String, of item: T) -> Cell? {
        columnCells[name]?(item)
    }

    /// Makes each of `columns`' cells alone when a question needs only some of them.
    private func useColumnCells(_ columns: [ListColumn<T>]) {
        for column in columns where columnCells[column.name] == nil { columnCells[column.name] = column.cell }
    }

    private func configuredCells(_ item: T?) -> [NamedCell] {
        reusableRow = Row()
        if let item { configure(&reusableRow, item) }
        assert(
            undeclared(in: reusableRow.cells) == nil,
            "a row sets \(undeclared(in: reusableRow.cells) ?? ""), which no column declares")
        return reusableRow.cells
    }

    /// The first name a row sets that no declared column has (`row["nmae"] = …`, which would
    /// leave the column blank), or `nil`.
    package func undeclared(in cells: [NamedCell]) -> String? {
        guard let declaredColumns else { return nil }
        return cells.first { cell in !declaredColumns.contains { $0.name == cell.name } }?.name
    }
}

extension GenericListController where Row == ColumnsRow {
    /// A controller over items already in memory, whose rows and details come from the
    /// declared columns: choosing an item shows every column's value.
    ///
    /// ```swift
    /// GenericListController(
    ///     title: "films", items: Film.all,
    ///     columns: [
    ///         .text("title", \.title, priority: 10),
    ///         .integer("year", \.releaseYear, priority: 9),
    ///     ])
    /// ```
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - items: The items, in their natural order; items that share an id are kept once.
    ///   - columns: The columns, each with its value.
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown.
    public convenience init(
        title: String, items: [T], columns: [ListColumn<T>], searchText: ((T) -> String)? = nil,
        header: ((GenericListController) -> [String])? = nil
    ) {
        self.init(
            title: title, items: items, columns: columns, searchText: searchText, header: header,
            select: { item in .detail(columns.detail(of: item)) })
    }

    /// A controller over items already in memory, whose rows come from the declared columns.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - items: The items, in their natural order; items that share an id are kept once.
    ///   - columns: The columns, each with its value.
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown.
    ///   - select: What choosing an item does.
    public convenience init(
        title: String, items: [T], columns: [ListColumn<T>], searchText: ((T) -> String)? = nil,
        header: ((GenericListController) -> [String])? = nil, select: @escaping (T) throws -> Selection
    ) {
        self.init(
            title: title, items: items, store: ArrayStore<T>(), columns: columns, searchText: searchText,
            header: header, select: select)
    }

    /// A controller over items kept in `store`, whose rows come from the declared columns.
    package convenience init(
        title: String, items: [T], store: any ListStore<T>, columns: [ListColumn<T>],
        searchText: ((T) -> String)? = nil, header: ((GenericListController) -> [String])? = nil,
        select: @escaping (T) throws -> Selection
    ) {
        self.init(
            title: title, items: items, store: store, columns: columns.columns(), searchText: searchText,
            header: header, configure: { row, item in row = ColumnsRow(cells: columns.cells(of: item)) },
            select: select)
        useColumnCells(columns)
    }

    /// A controller whose items come from asynchronous sources, whose rows and details come
    /// from the declared columns: choosing an item shows every column's value.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - titleFromItems: Makes the title from the items; a `nil` answer keeps `title`.
    ///   - sources: Where the items come from; their items merge by `id`.
    ///   - order: The natural order of the merged items; `nil` keeps source order.
    ///   - columns: The columns, each with its value.
    ///   - store: Where the items live; `nil` keeps them in an ``ArrayStore``.
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown.
    public convenience init(
        title: String, titleFromItems: (([T]) -> String?)? = nil, sources: [ListSource<T>],
        order: ((T, T) -> Bool)? = nil, columns: [ListColumn<T>], store: (any ListStore<T>)? = nil,
        searchText: ((T) -> String)? = nil, header: ((GenericListController) -> [String])? = nil
    ) {
        self.init(
            title: title, titleFromItems: titleFromItems, sources: sources, order: order, columns: columns,
            store: store, searchText: searchText, header: header, select: { item in .detail(columns.detail(of: item)) })
    }

    /// A controller whose items come from asynchronous sources, whose rows come from the
    /// declared columns.
    ///
    /// - Parameters:
    ///   - title: The breadcrumb title.
    ///   - titleFromItems: Makes the title from the items; a `nil` answer keeps `title`.
    ///   - sources: Where the items come from; their items merge by `id`.
    ///   - order: The natural order of the merged items; `nil` keeps source order.
    ///   - columns: The columns, each with its value.
    ///   - store: Where the items live; `nil` keeps them in an ``ArrayStore``.
    ///   - searchText: The text a filter searches in an item; `nil` searches its row's cells.
    ///   - header: Lines shown above the table, made from the controller when it is shown.
    ///   - select: What choosing an item does.
    public convenience init(
        title: String, titleFromItems: (([T]) -> String?)? = nil, sources: [ListSource<T>],
        order: ((T, T) -> Bool)? = nil, columns: [ListColumn<T>], store: (any ListStore<T>)? = nil,
        searchText: ((T) -> String)? = nil, header: ((GenericListController) -> [String])? = nil,
        select: @escaping (T) throws -> Selection
    ) {
        self.init(
            title: title, titleFromItems: titleFromItems, sources: sources, order: order, columns: columns.columns(),
            store: store, searchText: searchText, header: header,
            configure: { row, item in row = ColumnsRow(cells: columns.cells(of: item)) }, select: select)
        useColumnCells(columns)
    }
}

extension GenericListController: SnapshotPlanning {}

extension GenericListController: ColumnCellsReading {
    package func forEachRow(of columns: [String], _ body: ([Cell]) throws -> Void) rethrows -> Bool {
        guard let makers = cellMakers(of: columns) else { return false }
        // One buffer for every row, filled by index: `map` over the makers is not specialized
        // in this generic class, and its calls through the collection protocols cost as much
        // as making the cells.
        var cells: [Cell] = []
        cells.reserveCapacity(makers.count)
        for index in 0..<count {
            let item = item(at: index)
            cells.removeAll(keepingCapacity: true)
            for slot in makers.indices { cells.append(makers[slot](item)) }
            try body(cells)
        }
        return true
    }
}

extension GenericListController: LiveScreen {
    package var watchesRows: Bool { liveRows != nil }

    package func liveScreen(forRowsIn range: Range<Int>) -> (any ListScreen)? {
        guard let liveRows else { return nil }
        return liveRows(range.clamped(to: 0..<count).map(item(at:)))
    }
}
