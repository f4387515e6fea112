/// A schema of a database with schemas (PostgreSQL's `public`), as its list shows it.
package struct DatabaseSchema: Sendable, Hashable {
    /// The name, exactly as the catalog spells it.
    package var name: String
    /// Its tables (partitioned ones once) a person may read.
    package var tables: Int
    /// Its views, materialized views and foreign tables a person may read.
    package var views: Int
    /// The sum of the planner's estimates of its relations' rows; `nil` when none is known.
    package var estimatedRows: Int?

    package init(name: String, tables: Int, views: Int, estimatedRows: Int?) {
        self.name = name
        self.tables = tables
        self.views = views
        self.estimatedRows = estimatedRows
    }
}
