import ListKit

/// The rows a database screen shows, as the person narrowed and ordered them: what every
/// statement the screen sends is compiled from.
package struct DatabaseView: Sendable, Hashable {
    package var source: DatabaseSource
    /// The columns shown, in declared order.
    package var columns: [DatabaseColumn]
    /// The identifiers that order ties and make each row's place unique (the primary key, or
    /// SQLite's rowid); empty pages by `OFFSET`.
    package var key: [String]
    /// The filter's text as typed; empty for none.
    package var filter: String = ""
    package var condition: WhereExpression?
    package var sort: SortOrder?

    package init(source: DatabaseSource, columns: [DatabaseColumn], key: [String]) {
        self.source = source
        self.columns = columns
        self.key = key
    }
}
