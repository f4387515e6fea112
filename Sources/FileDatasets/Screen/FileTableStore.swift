import BrowseSupport
import ListKit
import Synchronization

/// The store of a file dataset's screen: its rows are the table's, and every question about
/// them (filter, `where`, sort, values, export) is answered over the table's bytes.
///
/// It holds the tables a load makes (the table of the first rows while the whole input is
/// indexed, then the whole table), the items (the rows in the screen's natural order, which a
/// recipe may have sorted) and the view. Item positions become table rows here and nowhere else.
@MainActor
final class FileTableStore: ListStore, PiecewiseValueStore {
    private(set) var items: [FileRow] = []
    private(set) var view: [Int]?
    let itemsAreUnique = true

    /// The tables the screen's rows come from; filled by the load, off the main actor.
    let tables = LoadedTables()
    /// Kinds that replace the inferred ones, by column name.
    private let columnKinds: [String: ColumnKind]
    /// The name the screen's notes and errors use.
    private let name: String
    /// Cells made ahead of time while rows are asked for in view order.
    private let prefetcher = CellPrefetcher()

    init(name: String, columnKinds: [String: ColumnKind]) {
        self.name = name
        self.columnKinds = columnKinds
    }

    func setItems(_ items: [FileRow]) {
        self.items = items
        setView(nil)
    }

    func appendItems(_ items: [FileRow]) {
        self.items.append(adopting: items)
    }

    func setView(_ view: [Int]?) {
        self.view = view
        prefetcher.follow(tableRows(of: view))
    }

    var columns: [Column]? {
        tables.current?.columns.map { column in
            var shown = Column(column.name, kind: columnKinds[column.name] ?? column.type.columnKind, minimumWidth: 8)
            shown.exportName = column.header
            return shown
        }
    }

    func cells(of item: FileRow) -> [NamedCell]? {
        guard let table = tables.current, item.index < table.rowCount else { return [] }
        return prefetcher.cells(of: item, in: table)
    }

    func filter(foldedQuery: String, among candidates: [Int]?, stop: StopFlag) throws -> [Int]? {
        guard let table = tables.table(holding: items.count) else { return [] }
        let rows = table.filter(foldedQuery: foldedQuery, candidates: tableRows(of: candidates), stop: stop)
        return positions(of: rows).sorted()
    }

    func positions(matching expression: WhereExpression, among candidates: [Int]?, stop: StopFlag) throws
        -> [Int]?
    {
        guard let table = tables.table(holding: items.count) else { return nil }
        return table.rows(matching: expression, among: tableRows(of: candidates), stop: stop).map {
            positions(of: $0).sorted()
        }
    }

    func sorted(_ positions: [Int], by order: SortOrder, stop: StopFlag) throws -> [Int]? {
        guard let table = tables.current, let column = table.column(named: order.column) else { return nil }
        try table.checkMemory(toSort: positions.count, byColumn: column)
        let rows = table.sorted(
            byColumn: column, descending: order.descending, indices: tableRows(of: Optional(positions)) ?? positions,
            shouldStop: { stop.isRaised })
        if stop.isRaised { throw ListError.interrupted }
        // Keys read from a file that changed meanwhile are not its values.
        try table.checkUnchanged()
        return self.positions(of: rows)
    }

    func forEachValues(of columns: [String], at positions: [Int]?, stop: StopFlag, _ body: ([CellValue]) -> Void)
        throws -> Bool
    {
        guard let table = tables.table(holding: items.count) else { return false }
        let read = table.forEachValues(of: columns, rows: tableRows(of: positions), stop: stop, body)
        if stop.isRaised { throw ListError.interrupted }
        return read
    }

    func valuePieces<Result: Sendable>(
        of columns: [String], at positions: [Int]?, stop: StopFlag,
        _ body: @Sendable (_ start: Int, _ read: ((UnsafeBufferPointer<PieceValue>) -> Void) -> Void) -> Result
    ) throws -> [Result]? {
        guard let table = tables.table(holding: items.count) else { return nil }
        let read = table.valuePieces(of: columns, rows: tableRows(of: positions), stop: stop, body)
        if stop.isRaised { throw ListError.interrupted }
        return read?.compactMap { $0 }
    }

    func texts(of column: String, at positions: [Int], stop: StopFlag) throws -> [String]? {
        guard let table = tables.table(holding: items.count) else { return nil }
        let texts = table.texts(of: column, rows: tableRows(of: positions) ?? positions, stop: stop)
        if stop.isRaised { throw ListError.interrupted }
        return texts
    }

    func widestTexts(of columns: [String], at positions: [Int]?, width: TextWidth, stop: StopFlag) throws -> [Int]? {
        guard let table = tables.table(holding: items.count) else { return nil }
        let widest = table.widestTexts(of: columns, rows: tableRows(of: positions), width: width, stop: stop)
        if stop.isRaised { throw ListError.interrupted }
        return widest
    }

    func export(
        format: ExportFormat, columns: [String], at positions: [Int]?,
        write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws -> Bool {
        guard let table = tables.table(holding: items.count) else { return false }
        try table.export(format: format, columns: columns, rows: tableRows(of: positions), write: write)
        return true
    }

    var dataProblem: (any Error)? {
        guard let table = tables.current, let change = table.change else { return nil }
        return FileLoadError.changed(name, change)
    }

    /// A question about the whole file waits for its index rather than answer for its start.
    var waitsForAllItemsBeforeQueries: Bool { true }

    var arrivingNote: String? {
        guard let fraction = tables.progress?.current.fraction else { return nil }
        return "indexing \(Int(fraction * 100))%"
    }

    /// The table rows of the items at `positions` (every item when `nil`); `nil` stays `nil`
    /// when the items are the table's rows in table order, where it means every row.
    private func tableRows(of positions: [Int]?) -> [Int]? {
        guard !tables.inTableOrder else { return positions }
        return (positions ?? Array(items.indices)).map { items[$0].index }
    }

    /// The item positions of table rows, in the order given.
    ///
    /// - Complexity: O(n) in the items when they are not in table order.
    private func positions(of rows: [Int]) -> [Int] {
        guard !tables.inTableOrder else { return rows }
        var position = [Int](repeating: -1, count: (items.map(\.index).max() ?? -1) + 1)
        for (index, item) in items.enumerated() { position[item.index] = index }
        return rows.compactMap { $0 < position.count && position[$0] >= 0 ? position[$0] : nil }
    }
}
