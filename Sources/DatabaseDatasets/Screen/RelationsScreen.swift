import BrowseSupport
import ListKit

/// The tables and views of a database (or of one of its schemas) with their row counts;
/// choosing one opens it.
enum RelationsScreen {
    /// The screen of `connection`'s relations, read from the catalog when it is first shown.
    @MainActor
    static func make(connection: any DatabaseConnection, title: String) -> GenericListController<
        RelationEntry, ColumnsRow
    > {
        make(connection: connection, title: title, schema: nil) { connection, stop throws(DatabaseError) in
            try connection.relations(stop: stop)
        }
    }

    /// The screen of the relations of the schema `schema` of a PostgreSQL server, by their
    /// names alone (the breadcrumb names the schema).
    @MainActor
    static func make(connection: PostgresConnection, schema: String) -> GenericListController<
        RelationEntry, ColumnsRow
    > {
        make(connection: connection, title: schema, schema: schema) { _, stop throws(DatabaseError) in
            try connection.relations(inSchema: schema, stop: stop)
        }
    }

    /// The screen of the relations `list` reads; `schema`, when given, is the one they all
    /// belong to, so their names are shown without it.
    @MainActor
    private static func make(
        connection: any DatabaseConnection, title: String, schema: String?,
        list: @escaping @Sendable (any DatabaseConnection, StopFlag) throws(DatabaseError) -> [DatabaseRelation]
    ) -> GenericListController<RelationEntry, ColumnsRow> {
        let reader = CatalogReader(connection: connection)
        let source = ListSource<RelationEntry>(id: "catalog", title: title) { request in
            try await reader.read(refresh: request.refresh) { connection, stop throws(DatabaseError) in
                try list(connection, stop).enumerated().map { RelationEntry(id: $0.offset, relation: $0.element) }
            }
        }
        let columns: [ListColumn<RelationEntry>] = [
            ListColumn("name", kind: .text, priority: 10, isName: true, isPinnedByDefault: true) {
                .text(schema == nil ? $0.relation.qualifiedName : $0.relation.name)
            },
            ListColumn("kind", kind: .text, priority: 5) { .text($0.relation.isView ? "view" : "table") },
            ListColumn("rows", kind: .integer, priority: 8) { entry in
                guard let count = entry.relation.rowCount else { return .missing }
                return estimateCell(count, isEstimate: entry.relation.rowCountIsEstimate)
            },
        ]
        return GenericListController(title: title, sources: [source], columns: columns) { entry in
            let relation = entry.relation
            return .push(
                DatabaseScreen(
                    connection: connection, source: .relation(relation), title: schema == nil ? nil : relation.name))
        }
    }

    /// A row count, grouped, `~` before it when it is the planner's estimate.
    static func estimateCell(_ count: Int, isEstimate: Bool) -> Cell {
        var cell = Cell.integer(count, grouped: true)
        if isEstimate { cell.text = "~" + cell.text }
        return cell
    }
}
