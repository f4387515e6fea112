/// A table or a view a person can open, as the catalog lists it.
package struct DatabaseRelation: Sendable, Hashable {
    /// The schema (PostgreSQL's `public`); `nil` for an engine without schemas.
    package var schema: String?
    /// The name, exactly as the catalog spells it.
    package var name: String
    /// True for a view (or a materialized view, a foreign table): it may have no key.
    package var isView: Bool
    /// The number of rows, or the planner's estimate when ``rowCountIsEstimate``; `nil` when
    /// neither is known.
    package var rowCount: Int?
    /// True when ``rowCount`` is the planner's estimate rather than a count.
    package var rowCountIsEstimate: Bool

    package init(schema: String?, name: String, isView: Bool, rowCount: Int?, rowCountIsEstimate: Bool) {
        self.schema = schema
        self.name = name
        self.isView = isView
        self.rowCount = rowCount
        self.rowCountIsEstimate = rowCountIsEstimate
    }

    /// `schema.name` or `name`, as a person writes it after `--table`.
    package var qualifiedName: String { schema.map { "\($0).\(name)" } ?? name }

    /// The relation as it is written in a statement of `dialect`, each part quoted.
    package func sql(_ dialect: SQLDialect) -> String {
        [schema, name].compactMap { $0 }.map(dialect.quoted).joined(separator: ".")
    }
}
