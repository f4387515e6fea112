import ListKit

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
        make(name: loader.location.displayName, fullName: loader.location.fullName) { request in
            (try await loader.load(progress: request.progress), nil)
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
    @MainActor
    static func make(
        name: String, fullName: String, columnKinds: [String: ColumnKind] = [:],
        drill: (@MainActor ([NamedCell]) throws -> Selection?)? = nil,
        load: @escaping @Sendable (LoadRequest) async throws -> (FileTable, [FileRow]?)
    ) -> GenericListController<FileRow, ColumnsRow> {
        let holder = TableHolder()
        let source = ListSource<FileRow>(id: "file", title: fullName) { request in
            let progress = request.progress
            let (table, ordered) = try await load(request)
            for note in table.notes { progress.note("\(name): \(note)") }
            if let summary = table.problems.summary(rowsKept: table.rows.count) {
                progress.note("\(name): \(summary)")
            }
            // Shrunk while being indexed: the rows read past its new end are zeros.
            if table.changedWhileOpen { throw FileLoadError.changedWhileOpen(name) }
            holder.set(table, inTableOrder: ordered == nil)
            return ordered ?? table.rows
        }
        // Reused by the rows the controller configures and details (always on the main actor).
        var scratch = RowScratch()
        let prefetcher = CellPrefetcher()
        let controller = GenericListController<FileRow, ColumnsRow>(title: name, sources: [source]) { row, item in
            guard let table = holder.current else { return }
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
            guard let table = holder.current, table.changedWhileOpen else { return nil }
            return FileLoadError.changedWhileOpen(name)
        }
        controller.columnsProvider = {
            holder.current?.columns.map { column in
                Column(column.name, kind: columnKinds[column.name] ?? column.type.columnKind, minimumWidth: 8)
            }
        }
        controller.filterItems = { query, candidates in
            let kept = holder.current?.filter(foldedQuery: query, candidates: candidates) ?? []
            prefetcher.viewChanged(to: kept)
            return kept
        }
        controller.sortItems = { order, indices, shouldStop in
            guard let table = holder.current, let column = table.column(named: order.column) else { return nil }
            try table.checkMemory(toSort: indices.count, byColumn: column)
            let sorted = table.sorted(
                byColumn: column, descending: order.descending, indices: indices, shouldStop: shouldStop)
            if shouldStop() { return indices }
            prefetcher.viewChanged(to: sorted)
            return sorted
        }
        controller.valuesOfItems = { columns, indices, body in
            holder.current?.forEachValues(of: columns, rows: indices, body) ?? false
        }
        controller.exportItems = { format, columns, indices, write in
            // The indices are table rows only while the items are in the table's order.
            guard let table = holder.current, holder.inTableOrder else { return false }
            try table.export(format: format, columns: columns, rows: indices, write: write)
            return true
        }
        controller.header = { _ in
            guard let table = holder.current else { return [] }
            // Titles above the table and notes below it, a few at most.
            var lines = Array(table.around.prefix(aroundShown))
            if table.around.count > aroundShown {
                lines[aroundShown - 1] = "… and \(table.around.count - aroundShown + 1) more lines around the table"
            }
            guard table.rows.isEmpty else { return lines }
            return lines + ["no rows; columns: " + table.columns.map(\.name).joined(separator: ", ")]
        }
        return controller
    }
}
