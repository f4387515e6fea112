import BrowseSupport
import ListKit

/// A table, a view or a query's answer in a database, browsed where it is.
///
/// The screen holds only a window of rows around the page shown (``DatabaseWindow``), never
/// the table: each page is one statement that starts after the last row held (keyset paging
/// over the sort and the key), so page 40,000 costs what page 1 does, and the last page reads
/// the order backwards. The filter, `where`, sort, `freq`, `stats` and export are each one
/// statement run by the engine (``QueryCompiler``).
@MainActor
package final class DatabaseScreen: ListScreen {
    let connection: any DatabaseConnection
    let compiler: QueryCompiler
    package let title: String
    /// The view as narrowed and ordered; `nil` until the columns are read.
    var view: DatabaseView?
    var window = DatabaseWindow()
    /// Why reading every row (an export) stopped early: the screen's ``dataProblem``.
    var failure: DatabaseError?
    /// Why the last page asked for could not be read, until it is said.
    var pageFailure: DatabaseError?
    /// True when the last statement that failed (a load, a page, a command) found the
    /// connection lost: `r` then opens a new session before it reads.
    var lastFailureWasLost = false
    /// The position whose page was last read whole.
    var lastReadPosition = 0
    /// The columns shown, in this order, when a dataset chose them; `nil` shows every column.
    var pickedColumns: [String]?
    /// The order of the rows when the screen is first loaded.
    var initialSort: SortOrder?
    /// What choosing a row opens; `nil` shows the row's detail.
    var drill: (@MainActor ([NamedCell]) throws -> Selection?)?
    /// The row count the catalog gave, used until a count of the screen's own.
    let catalogCount: Int?
    let catalogCountIsEstimate: Bool

    package var style: RowStyle { .columns }
    package var headerLines: [String] { [] }
    package private(set) var state: LoadState = .idle
    package var sourceFailures: [SourceFailure] { [] }
    package var receivingNote: String? { state == .receiving ? Self.countingNote : nil }
    package var loadedSources: [String] { state.hasRows ? [title] : [] }
    package internal(set) var count = 0
    package internal(set) var totalCount = 0
    package internal(set) var countIsEstimate = false
    package internal(set) var totalCountIsEstimate = false
    package private(set) var columns: [Column] = []
    package var columnChoice = ColumnChoice()
    package internal(set) var viewVersion = 0
    package var filterText: String { view?.filter ?? "" }
    package var sortOrder: SortOrder? { view?.sort }
    package var whereExpression: WhereExpression? { view?.condition }
    package var chartRequest: ChartRequest? { nil }
    package internal(set) var position = 0
    package var commands: [ListCommand] { [] }
    package var dataProblem: (any Error)? { failure }
    package var widthsFollowPages: Bool { true }

    /// A screen over `source` in `connection`, loaded when first shown; `title` names it in
    /// the breadcrumb instead of the source (a dataset's id).
    package init(connection: any DatabaseConnection, source: DatabaseSource, title: String? = nil) {
        self.connection = connection
        self.compiler = QueryCompiler(dialect: connection.dialect, foldCollation: connection.foldCollation)
        self.title = title ?? source.title
        if case .relation(let relation) = source {
            catalogCount = relation.rowCount
            catalogCountIsEstimate = relation.rowCountIsEstimate
        } else {
            catalogCount = nil
            catalogCountIsEstimate = false
        }
        self.pendingSource = source
    }

    private let pendingSource: DatabaseSource
    /// Stops the exact count when the screen goes, or when a filter or `where` counts the rows
    /// anyway (the count would only compete with it).
    let exactCountStop = ExactCountStop()

    deinit { exactCountStop.raise() }

    package func missingValues(in column: String) -> Int? { nil }

    package func move(to index: Int) { position = max(0, min(index, count - 1)) }

    package func load(force: Bool, progress: ProgressReporter) async {
        state = .loading
        failure = nil
        pageFailure = nil
        let connection = connection
        let source = pendingSource
        let previous = view
        let compiler = compiler
        let catalogCount = force ? nil : catalogCount
        let catalogCountIsEstimate = catalogCountIsEstimate
        let picked = pickedColumns
        let sort = initialSort
        // `r` after a lost connection opens a new session first; a load that finds the session
        // lost (another screen's failure, an idle session the server dropped) opens one and
        // reads again, once.
        let reconnectFirst = force && lastFailureWasLost
        let stop = StopFlag()
        let result = await withTaskCancellationHandler {
            await Task.detached { () -> Result<(Loaded, reconnected: Bool), DatabaseError> in
                func attempt() throws(DatabaseError) -> Loaded {
                    try Self.read(
                        source, previous: previous, picked: picked, sort: sort, catalogCount: catalogCount,
                        catalogCountIsEstimate: catalogCountIsEstimate, compiler: compiler, connection: connection,
                        stop: stop)
                }
                do throws(DatabaseError) {
                    let read = try connection.reading(reconnectFirst: reconnectFirst, retry: force, attempt)
                    return .success((read.value, read.reconnected))
                } catch {
                    return .failure(error)
                }
            }.value
        } onCancel: {
            stop.raise()
            connection.cancel()
        }
        switch result {
        case .success(let (loaded, reconnected)):
            let view = loaded.view
            self.view = view
            if columns.isEmpty { columns = DatabaseCells.columns(view.columns) }
            count = loaded.total
            countIsEstimate = loaded.estimated && view.condition == nil && view.filter.isEmpty
            if view.condition == nil, view.filter.isEmpty {
                totalCount = loaded.total
                totalCountIsEstimate = countIsEstimate
            }
            window = DatabaseWindow(start: 0, rows: loaded.page)
            if reconnected {
                // A new session: the rows are read again from the first page.
                move(to: 0)
                lastReadPosition = 0
            }
            lastFailureWasLost = false
            viewVersion += 1
            guard countIsEstimate else {
                state = .loaded
                return
            }
            state = .receiving
            progress.stateChanged()
            await countExactly(view)
            state = .loaded
        case .failure(let error):
            noteFailure(error)
            if error.code == .interrupted, view != nil {
                state = .loaded
                return
            }
            state = .failed(FailedLoad(failures: [SourceFailure(source: title, error: error)]))
        }
    }

    /// What one load read: the view, its row count (or estimate) and its first page.
    struct Loaded: Sendable {
        let view: DatabaseView
        let total: Int
        let estimated: Bool
        let page: [[String?]]
    }

    /// Reads the view of `source` (`previous` when the screen has one, with its filter, `where`
    /// and sort), its first page and its count.
    nonisolated static func read(
        _ source: DatabaseSource, previous: DatabaseView?, picked: [String]?, sort: SortOrder?, catalogCount: Int?,
        catalogCountIsEstimate: Bool, compiler: QueryCompiler, connection: any DatabaseConnection, stop: StopFlag
    ) throws(DatabaseError) -> Loaded {
        var view: DatabaseView
        if var previous {
            previous.source = source
            view = previous
        } else {
            view = try Self.describe(source, in: connection, stop: stop)
            view = try Self.picking(picked, sortedBy: sort, of: view)
        }
        let page = try Self.fetch(compiler.page(view, limit: 200), in: connection, stop: stop)
        var total = catalogCount ?? 0
        var estimated = catalogCount != nil && catalogCountIsEstimate
        let narrowed = view.condition != nil || !view.filter.isEmpty
        if catalogCount == nil, !narrowed, case .relation(let relation) = source,
            let estimate = try connection.estimatedCount(of: relation, stop: stop)
        {
            // The planner's figure now; the exact count follows in the background.
            total = max(estimate, page.count)
            estimated = true
        } else if catalogCount == nil || narrowed {
            total = try Self.count(compiler.count(view), in: connection, stop: stop)
            estimated = false
        }
        return Loaded(view: view, total: total, estimated: estimated, page: page)
    }

    /// Remembers whether `error` found the connection lost (or could not open a new one), so
    /// that `r` opens a new session.
    func noteFailure(_ error: DatabaseError) {
        lastFailureWasLost = error.code == .lostConnection || error.code == .connection
    }

    /// The view of `source` before any filter: its columns and the key it is paged by.
    nonisolated static func describe(_ source: DatabaseSource, in connection: any DatabaseConnection, stop: StopFlag)
        throws(DatabaseError) -> DatabaseView
    {
        switch source {
        case .relation(let relation):
            let columns = try connection.columns(of: relation, stop: stop)
            var key = columns.filter { $0.keyPosition != nil }.sorted { ($0.keyPosition ?? 0) < ($1.keyPosition ?? 0) }
                .map(\.name)
            if key.isEmpty, let hidden = connection.hiddenKey(of: relation) { key = [hidden] }
            return DatabaseView(source: source, columns: columns, key: key)
        case .query(let text):
            let columns = try connection.columns(of: SQLStatement(text), stop: stop)
            return DatabaseView(source: source, columns: columns, key: [])
        }
    }

    /// `view` with only the `picked` columns in their order (all when `nil`), ordered by `sort`.
    nonisolated static func picking(_ picked: [String]?, sortedBy sort: SortOrder?, of view: DatabaseView)
        throws(DatabaseError) -> DatabaseView
    {
        var view = view
        func named(_ name: String) throws(DatabaseError) -> DatabaseColumn {
            guard let column = view.columns.first(where: { $0.name == name }) else {
                throw DatabaseError(
                    .notFound,
                    "\(view.source.title) has no column \(name); columns: "
                        + view.columns.map(\.name).joined(separator: ", "))
            }
            return column
        }
        if let sort { view.sort = SortOrder(column: try named(sort.column).name, descending: sort.descending) }
        if let picked {
            var columns: [DatabaseColumn] = []
            for name in picked { columns.append(try named(name)) }
            view.columns = columns
        }
        return view
    }

    nonisolated static func fetch(_ statement: SQLStatement, in connection: any DatabaseConnection, stop: StopFlag)
        throws(DatabaseError) -> [[String?]]
    {
        var rows: [[String?]] = []
        try run(statement, in: connection, stop: stop) { rows.append($0) }
        return rows
    }

    nonisolated static func count(_ statement: SQLStatement, in connection: any DatabaseConnection, stop: StopFlag)
        throws(DatabaseError) -> Int
    {
        var total = 0
        try run(statement, in: connection, stop: stop) { total = $0.first.flatMap { $0.flatMap { Int($0) } } ?? 0 }
        return total
    }

    /// Runs `statement`, any error a ``DatabaseError``.
    nonisolated static func run(
        _ statement: SQLStatement, in connection: any DatabaseConnection, stop: StopFlag, row: ([String?]) -> Void
    ) throws(DatabaseError) {
        do {
            try connection.run(statement, stop: stop, row: row)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.statement(position: nil), "\(error)")
        }
    }

    /// An engine's error as the session says it: Ctrl-C as every interruption is said.
    static func listError(_ error: DatabaseError) -> any Error {
        error.code == .interrupted ? ListError.interrupted : error
    }
}
