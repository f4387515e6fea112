/// Whether a name given on the command line is a PostgreSQL server, and the relation
/// `--table` names on one.
enum PostgresTarget {
    /// True for `postgres://…` and `postgresql://…` (libpq's URL schemes).
    static func isPostgres(_ name: String) -> Bool {
        let lowered = name.prefix(16).lowercased()
        return lowered.hasPrefix("postgres://") || lowered.hasPrefix("postgresql://")
    }

    /// `schema.name` as a relation; `name` alone is found by the server's search path.
    static func relation(_ table: String) -> DatabaseRelation {
        let parts = table.split(separator: ".", maxSplits: 1, omittingEmptySubsequences: false)
        if parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty {
            return DatabaseRelation(
                schema: String(parts[0]), name: String(parts[1]), isView: false, rowCount: nil,
                rowCountIsEstimate: false)
        }
        return DatabaseRelation(schema: nil, name: table, isView: false, rowCount: nil, rowCountIsEstimate: false)
    }
}
