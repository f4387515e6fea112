import BrowseSupport
import ListKit

/// Opens SQLite files (`browse shop.sqlite`, `--table`, `--query`) and hands every other name
/// to the opener it wraps (files and URLs).
package struct DatabaseOpener: ListOpener {
    let fallback: (any ListOpener)?
    /// The names SQLite's library is looked for by: tests give names that do not exist.
    let libraryNames: [String]

    /// An opener of databases in front of `fallback`.
    package init(fallback: (any ListOpener)?, libraryNames: [String] = SQLiteLibrary.names) {
        self.fallback = fallback
        self.libraryNames = libraryNames
    }

    package var options: [OptionDeclaration] { (fallback?.options ?? []) + DatabaseOptions.declared }
    package var optionsOwner: String { "files, URLs and databases" }

    @MainActor
    package func screen(named name: String, context: DatasetContext) throws -> (any ListScreen)? {
        if PostgresTarget.isPostgres(name) { return try postgresScreen(name, context: context) }
        guard SQLiteFileSniffer.isSQLite(name) else {
            if try context.options.value(DatabaseOptions.table) != nil
                || context.options.value(DatabaseOptions.query) != nil
            {
                throw DatabaseError(.notFound, "--table and --query open a database; \(name) is not a SQLite file")
            }
            return try fallback?.screen(named: name, context: context)
        }
        let seconds = try context.options.value(DatabaseOptions.statementTimeout) ?? DatabaseOptions.defaultTimeout
        let library =
            libraryNames == SQLiteLibrary.names
            ? try SQLiteLibrary.shared(opening: name) : try SQLiteLibrary(names: libraryNames, opening: name)
        let connection = try SQLiteConnection(path: name, timeout: .seconds(seconds), library: library)
        if let query = try context.options.value(DatabaseOptions.query) {
            return DatabaseScreen(connection: connection, source: .query(query))
        }
        if let table = try context.options.value(DatabaseOptions.table) {
            let relation = DatabaseRelation(
                schema: nil, name: table, isView: false, rowCount: nil, rowCountIsEstimate: false)
            return DatabaseScreen(connection: connection, source: .relation(relation))
        }
        return RelationsScreen.make(connection: connection, title: Self.fileName(name))
    }

    /// A PostgreSQL database's schemas, or the relation `--table` or `--query` names.
    @MainActor
    private func postgresScreen(_ target: String, context: DatasetContext) throws -> any ListScreen {
        let seconds = try context.options.value(DatabaseOptions.statementTimeout) ?? DatabaseOptions.defaultTimeout
        let connection = try PostgresConnection(target, statementTimeout: seconds)
        if let query = try context.options.value(DatabaseOptions.query) {
            return DatabaseScreen(connection: connection, source: .query(query))
        }
        if let table = try context.options.value(DatabaseOptions.table) {
            return DatabaseScreen(connection: connection, source: .relation(PostgresTarget.relation(table)))
        }
        return SchemasScreen.make(connection: connection, title: connection.displayName)
    }

    /// The last part of a path, for the breadcrumb.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
