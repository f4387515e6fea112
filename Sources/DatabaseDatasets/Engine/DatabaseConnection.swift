import BrowseSupport

/// One open session with a database engine (a SQLite file, a PostgreSQL server), read-only,
/// through the engine's own C library.
///
/// Every question a screen asks is one statement that the engine answers; nothing the person
/// typed is ever part of the statement's text: values travel in `parameters` and identifiers
/// are quoted by ``SQLDialect/quoted(_:)``.
///
/// Implementers must guarantee:
/// - the session never writes (a read-only transaction or a read-only open);
/// - ``run(_:stop:row:)`` looks at `stop` while the engine works and, once it is raised, asks
///   the engine to stop the statement (on the server, not only the wait) and throws
///   ``DatabaseError`` with code `.interrupted`;
/// - calls come from one thread at a time, except ``cancel()``, which any thread may call.
package protocol DatabaseConnection: AnyObject, Sendable {
    /// How statements for this engine are written.
    var dialect: SQLDialect { get }
    /// The engine and where it is, safe to show (no password): `shop.sqlite`,
    /// `postgres://ann@db.local:5432/sales`.
    var displayName: String { get }

    /// The tables and views a person may browse, each with its row count or the planner's
    /// estimate of it.
    func relations(stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation]
    /// The columns of `relation` from the catalog, in declared order, with the columns of its
    /// primary key (or a unique column) marked.
    func columns(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn]
    /// The columns a statement's answer has, without running it to the end.
    func columns(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn]
    /// A column the catalog does not list that makes each row of `relation` unique, to page by
    /// when it has no primary key (SQLite's `rowid`); `nil` (the default) when there is none.
    func hiddenKey(of relation: DatabaseRelation) -> String?
    /// The collation the engine lowercases text in for the filter; `nil` (the default) for
    /// its own.
    var foldCollation: String? { get }
    /// The planner's estimate of `relation`'s rows; `nil` (the default) for none.
    func estimatedCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int?
    /// A second session with the same settings, for a statement beside the screen's; `nil`
    /// (the default) for none.
    func companion() throws(DatabaseError) -> (any DatabaseConnection)?
    /// Runs `statement` and calls `row` with each row's fields as text (`nil` for NULL), in
    /// the order the engine returns them. An error `row` throws ends the statement and is
    /// thrown as it is.
    func run(_ statement: SQLStatement, stop: StopFlag, row: ([String?]) throws -> Void) throws
    /// Runs `statement` as ``run(_:stop:row:)`` does, calling `row` with each row's fields as
    /// the engine's UTF-8 bytes (`nil` for NULL), valid only during the call: for an export,
    /// which writes them without making a string of each.
    func runBytes(_ statement: SQLStatement, stop: StopFlag, row: ([UnsafeBufferPointer<UInt8>?]) throws -> Void)
        throws
    /// Asks the engine to stop the statement running now, from any thread; nothing when none
    /// runs.
    func cancel()
    /// Opens a new session in place of one that was lost, with the same target and settings;
    /// nothing (the default) for an engine whose session cannot be lost (a file).
    func reconnect() throws(DatabaseError)
    /// Ends the session.
    func close()
}
