import BrowseSupport
import ListKit

/// A SQLite file's table or query as a dataset describes it (a manifest): the columns kept in
/// their order, the order of the rows, and what choosing a row opens.
package struct DatabaseRecipe {
    package var path: String
    /// The breadcrumb's name of the screen; by default the table's name.
    package var title: String?
    /// The table or view; `nil` with a ``query``, or to list the file's tables.
    package var table: String?
    /// The statement whose rows are the dataset.
    package var query: String?
    /// The columns kept, in this order; `nil` keeps every column.
    package var columns: [String]?
    package var sort: SortOrder?
    /// What choosing a row opens; `nil` shows its detail.
    package var drill: (@MainActor ([NamedCell]) throws -> Selection?)?
    /// How long one statement may run.
    package var timeout: Duration = .seconds(DatabaseOptions.defaultTimeout)

    package init(path: String, table: String?, query: String?) {
        self.path = path
        self.table = table
        self.query = query
    }

    /// True when `path` is a SQLite file (by its header).
    package static func isDatabase(_ path: String) -> Bool { SQLiteFileSniffer.isSQLite(path) }

    /// The screen of the table, the query, or (neither given) the file's tables.
    ///
    /// - Throws: `DatabaseError` when the library is missing or the file cannot be opened.
    @MainActor
    package func screen() throws -> any ListScreen {
        let connection = try SQLiteConnection(
            path: path, timeout: timeout, library: try SQLiteLibrary.shared(opening: path))
        let source: DatabaseSource
        if let query {
            source = .query(query)
        } else if let table {
            source = .relation(
                DatabaseRelation(schema: nil, name: table, isView: false, rowCount: nil, rowCountIsEstimate: false))
        } else {
            return RelationsScreen.make(connection: connection, title: DatabaseOpener.fileName(path))
        }
        let screen = DatabaseScreen(connection: connection, source: source, title: title)
        screen.pickedColumns = columns
        screen.initialSort = sort
        screen.drill = drill
        return screen
    }
}
