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
        make(name: loader.location.displayName, fullName: loader.location.fullName) { request, preview in
            (try await loader.load(progress: request.progress, preview: preview, widths: request.widths), nil)
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
        let store = FileTableStore(name: name, columnKinds: columnKinds)
        let tables = store.tables
        let source = ListSource<FileRow>(id: "file", title: fullName, keepsRowsOnFailure: false) {
            request, deliver in
            tables.startOver(progress: request.progress)
            let progress = request.progress
            let (table, ordered) = try await load(request) { first in
                tables.set(first)
                deliver(first.fileOrder)
            }
            for note in table.notes { progress.note("\(name): \(note)") }
            if let summary = table.problems.summary(rowsKept: table.rowCount) {
                progress.note("\(name): \(summary)")
            }
            // Changed while being indexed: the rows read past a new end are zeros, and rows
            // rewritten in place are not those the index found.
            if let change = table.change { throw FileLoadError.changed(name, change) }
            tables.set(table, inTableOrder: ordered == nil)
            // Even when empty: the batch is what replaces the rows of a refresh. The preview's
            // rows are the table's first, so the whole list is handed over, never copied.
            if let ordered {
                deliver(ordered)
            } else {
                deliver.whole(table.fileOrder)
            }
        }
        // Reused by the rows the controller details (always on the main actor).
        var scratch = RowScratch()
        let header: (GenericListController<FileRow, ColumnsRow>) -> [String] = { _ in
            guard let table = tables.current else { return [] }
            // Titles above the table and notes below it, a few at most.
            var lines = Array(table.around.prefix(aroundShown))
            if table.around.count > aroundShown {
                lines[aroundShown - 1] = "… and \(table.around.count - aroundShown + 1) more lines around the table"
            }
            guard table.rowCount == 0 else { return lines }
            return lines + ["no rows; columns: " + table.columns.map(\.name).joined(separator: ", ")]
        }
        return GenericListController<FileRow, ColumnsRow>(
            title: name, sources: [source], store: store, header: header
        ) { _, _ in
            // The store makes every row's cells.
        } select: { item in
            guard let table = tables.current else { return .none }
            let number = (table.index(of: item) ?? 0) + 1
            let cells = table.namedCells(of: item, scratch: &scratch)
            if let drill, let selection = try drill(cells) { return selection }
            let fields = cells.map { Detail.Field($0.name, $0.cell.text) }
            return .detail(
                Detail(
                    title: "row \(number)", fields: fields, notes: ["line \(table.line(ofRow: number - 1)) of \(name)"])
            )
        }
    }
}
