import ListKit
import Synchronization

/// Builds the list screen of a file dataset: a `GenericListController` whose items are the
/// table's rows and whose filter and sort run over the table's bytes.
enum FileScreen {
    /// The most lines around a table (titles, notes) shown above it.
    static let aroundShown = 6

    /// A screen that loads `loader`'s input when the front end first shows it.
    ///
    /// - Complexity: O(1); the work happens in the load.
    @MainActor
    static func make(loader: FileLoader) -> GenericListController<FileRow, ColumnsRow> {
        make(name: loader.location.displayName, fullName: loader.location.fullName) { request, preview in
            (try await loader.load(progress: request.progress, preview: preview), nil)
        }
    }

    /// A screen over the table `load` makes, its rows in the order `load` gives (file order
    /// when it gives none).
    ///
    /// - Parameters:
    ///   - name: The breadcrumb's name, and the start of notes about the table.
    ///   - fullName: The source's title, for progress and failures.
    ///   - columnKinds: Kinds that replace the inferred ones, by column name.
    ///   - drill: What choosing a row does, given its cells; `nil` (or a `nil` answer) shows
    ///     the row's detail.
    ///   - load: Makes the table; it may first hand the table of the input's first rows to
    ///     its second argument, which the screen shows while the rest is indexed (only a load
    ///     that keeps file order may).
    @MainActor
    static func make(
        name: String, fullName: String, columnKinds: [String: ColumnKind] = [:],
        drill: (@MainActor ([NamedCell]) throws -> Selection?)? = nil,
        load:
            @escaping @Sendable (LoadRequest, _ preview: @escaping @Sendable (FileTable) -> Void) async throws -> (
                FileTable, [FileRow]?
            )
    ) -> GenericListController<FileRow, ColumnsRow> {
        let holder = TableHolder()
        let source = ListSource<FileRow>(id: "file", title: fullName, keepsRowsOnFailure: false) {
            request, deliver in
            holder.startOver(progress: request.progress)
            let progress = request.progress
            let shown = Mutex(0)
            let (table, ordered) = try await load(request) { first in
                holder.set(first)
                shown.withLock { $0 = first.rowCount }
                deliver(first.fileOrder)
            }
            for note in table.notes { progress.note("\(name): \(note)") }
            if let summary = table.problems.summary(rowsKept: table.rowCount) {
                progress.note("\(name): \(summary)")
            }
            // Changed while being indexed: the rows read past a new end are zeros, and rows
            // rewritten in place are not those the index found.
            if let change = table.change { throw FileLoadError.changed(name, change) }
            let first = shown.withLock { $0 }
            holder.set(table, inTableOrder: ordered == nil)
            // Even when empty: the batch is what replaces the rows of a refresh.
            deliver(ordered ?? (first..<max(first, table.rowCount)).map(FileRow.init(index:)))
        }
        // Reused by the rows the controller configures and details (always on the main actor).
        var scratch = RowScratch()
        let prefetcher = CellPrefetcher()
        let controller = GenericListController<FileRow, ColumnsRow>(title: name, sources: [source]) { row, item in
            guard let table = holder.current, item.index < table.rowCount else { return }
            row = ColumnsRow(cells: prefetcher.cells(of: item, in: table))
        } select: { item in
            guard let table = holder.current else { return .none }
            let number = (table.index(of: item) ?? 0) + 1
            let cells = table.namedCells(of: item, scratch: &scratch)
            if let drill, let selection = try drill(cells) { return selection }
            let fields = cells.map { Detail.Field($0.name, $0.cell.text) }
            return .detail(
                Detail(
                    title: "row \(number)", fields: fields, notes: ["line \(table.line(ofRow: number - 1)) of \(name)"])
            )
        }
        controller.dataCheck = {
            guard let table = holder.current, let change = table.change else { return nil }
            return FileLoadError.changed(name, change)
        }
        controller.columnsProvider = {
            holder.current?.columns.map { column in
                Column(column.name, kind: columnKinds[column.name] ?? column.type.columnKind, minimumWidth: 8)
            }
        }
        // While the rest of a file is indexed, the items are the first rows: questions about
        // every item go to the table of exactly those rows. A recipe may order the items
        // otherwise: then item positions are turned into table rows and back.
        controller.filterItems = { [unowned controller] query, candidates in
            let items = controller.items
            guard let table = holder.table(holding: items.count) else { return [] }
            let order = ItemOrder(items: items, inTableOrder: holder.inTableOrder)
            let rows = table.filter(foldedQuery: query, candidates: order.rows(of: candidates))
            let kept = order.positions(of: rows).sorted()
            prefetcher.viewChanged(to: kept)
            return kept
        }
        controller.sortItems = { [unowned controller] sortOrder, indices, shouldStop in
            guard let table = holder.current, let column = table.column(named: sortOrder.column) else { return nil }
            try table.checkMemory(toSort: indices.count, byColumn: column)
            let order = ItemOrder(items: controller.items, inTableOrder: holder.inTableOrder)
            let sorted = order.positions(
                of: table.sorted(
                    byColumn: column, descending: sortOrder.descending, indices: order.rows(of: indices) ?? indices,
                    shouldStop: shouldStop))
            if shouldStop() { return indices }
            // Keys read from a file that changed meanwhile are not its values.
            try table.checkUnchanged()
            prefetcher.viewChanged(to: sorted)
            return sorted
        }
        controller.whereItems = { [unowned controller] expression, candidates in
            let items = controller.items
            guard let table = holder.table(holding: items.count) else { return nil }
            let order = ItemOrder(items: items, inTableOrder: holder.inTableOrder)
            return table.rows(matching: expression, among: order.rows(of: candidates)).map {
                order.positions(of: $0).sorted()
            }
        }
        controller.valuesOfItems = { [unowned controller] columns, indices, body in
            let items = controller.items
            let order = ItemOrder(items: items, inTableOrder: holder.inTableOrder)
            return holder.table(holding: items.count)?.forEachValues(of: columns, rows: order.rows(of: indices), body)
                ?? false
        }
        controller.exportItems = { [unowned controller] format, columns, indices, write in
            let items = controller.items
            let order = ItemOrder(items: items, inTableOrder: holder.inTableOrder)
            guard let table = holder.table(holding: items.count) else { return false }
            try table.export(format: format, columns: columns, rows: order.rows(of: indices), write: write)
            return true
        }
        // A question about the whole file waits for its index rather than answer for its start.
        controller.waitsForAllRowsBeforeQueries = true
        controller.arrivingNote = {
            guard let fraction = holder.progress?.current.fraction else { return nil }
            return "indexing \(Int(fraction * 100))%"
        }
        controller.header = { _ in
            guard let table = holder.current else { return [] }
            // Titles above the table and notes below it, a few at most.
            var lines = Array(table.around.prefix(aroundShown))
            if table.around.count > aroundShown {
                lines[aroundShown - 1] = "… and \(table.around.count - aroundShown + 1) more lines around the table"
            }
            guard table.rowCount == 0 else { return lines }
            return lines + ["no rows; columns: " + table.columns.map(\.name).joined(separator: ", ")]
        }
        return controller
    }
}

/// How a screen's items map to its table's rows: one to one in table order, or in the order a
/// recipe sorted them.
private struct ItemOrder {
    let items: [FileRow]
    let inTableOrder: Bool

    /// The table rows of the items at `positions` (every item when `nil`); `nil` stays `nil`
    /// in table order, where it means every row.
    func rows(of positions: [Int]?) -> [Int]? {
        guard !inTableOrder else { return positions }
        return (positions ?? Array(items.indices)).map { items[$0].index }
    }

    /// The item positions of table rows, in the order given.
    ///
    /// - Complexity: O(n) in the items when they are not in table order.
    func positions(of rows: [Int]) -> [Int] {
        guard !inTableOrder else { return rows }
        var position = [Int](repeating: -1, count: (items.map(\.index).max() ?? -1) + 1)
        for (index, item) in items.enumerated() { position[item.index] = index }
        return rows.compactMap { $0 < position.count && position[$0] >= 0 ? position[$0] : nil }
    }
}
