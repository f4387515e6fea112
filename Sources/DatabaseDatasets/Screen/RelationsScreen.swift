import BrowseSupport
import ListKit

/// The tables and views of a database with their row counts; choosing one opens it.
enum RelationsScreen {
    /// The screen of `connection`'s relations, read from the catalog when it is first shown.
    @MainActor
    static func make(connection: any DatabaseConnection, title: String) -> GenericListController<
        RelationEntry, ColumnsRow
    > {
        let source = ListSource<RelationEntry>(id: "catalog", title: title) { _ in
            let stop = StopFlag()
            return try await withTaskCancellationHandler {
                try await Task.detached {
                    try connection.relations(stop: stop).enumerated().map {
                        RelationEntry(id: $0.offset, relation: $0.element)
                    }
                }.value
            } onCancel: {
                stop.raise()
                connection.cancel()
            }
        }
        let columns: [ListColumn<RelationEntry>] = [
            ListColumn("name", kind: .text, priority: 10, isName: true, isPinnedByDefault: true) {
                .text($0.relation.qualifiedName)
            },
            ListColumn("kind", kind: .text, priority: 5) { .text($0.relation.isView ? "view" : "table") },
            ListColumn("rows", kind: .integer, priority: 8) { entry in
                guard let count = entry.relation.rowCount else { return .missing }
                var cell = Cell.integer(count, grouped: true)
                if entry.relation.rowCountIsEstimate { cell.text = "~" + cell.text }
                return cell
            },
        ]
        return GenericListController(title: title, sources: [source], columns: columns) { entry in
            .push(DatabaseScreen(connection: connection, source: .relation(entry.relation)))
        }
    }
}
