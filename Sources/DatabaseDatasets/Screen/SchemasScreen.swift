import BrowseSupport
import ListKit

/// The schemas of a PostgreSQL database, each with its tables, views and estimated rows;
/// choosing one lists its tables and views.
///
/// ```text
/// name      tables  views  rows
/// public         3      1  ~1,204
/// sales          2      0  ~88,000
/// ```
enum SchemasScreen {
    /// The screen of `connection`'s schemas, read from the catalog when it is first shown.
    @MainActor
    static func make(connection: PostgresConnection, title: String) -> GenericListController<SchemaEntry, ColumnsRow> {
        let reader = CatalogReader(connection: connection)
        let source = ListSource<SchemaEntry>(id: "schemas", title: title) { request in
            try await reader.read(refresh: request.refresh) { _, stop throws(DatabaseError) in
                try connection.schemas(stop: stop).enumerated().map { SchemaEntry(id: $0.offset, schema: $0.element) }
            }
        }
        let columns: [ListColumn<SchemaEntry>] = [
            ListColumn("name", kind: .text, priority: 10, isName: true, isPinnedByDefault: true) {
                .text($0.schema.name)
            },
            ListColumn("tables", kind: .integer, priority: 6) { .integer($0.schema.tables, grouped: true) },
            ListColumn("views", kind: .integer, priority: 5) { .integer($0.schema.views, grouped: true) },
            ListColumn("rows", kind: .integer, priority: 8) { entry in
                guard let count = entry.schema.estimatedRows else { return .missing }
                return RelationsScreen.estimateCell(count, isEstimate: true)
            },
        ]
        return GenericListController(title: title, sources: [source], columns: columns) { entry in
            .push(RelationsScreen.make(connection: connection, schema: entry.schema.name))
        }
    }
}
