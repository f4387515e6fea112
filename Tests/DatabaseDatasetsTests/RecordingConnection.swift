import BrowseSupport
import Foundation

@testable import DatabaseDatasets

/// A connection that passes every call to another and keeps the statements it ran.
final class RecordingConnection: DatabaseConnection, @unchecked Sendable {
    let inner: any DatabaseConnection
    private let lock = NSLock()
    private var ran: [SQLStatement] = []

    init(_ inner: any DatabaseConnection) { self.inner = inner }

    /// The statements run so far, oldest first.
    var statements: [SQLStatement] { lock.withLock { ran } }

    var dialect: SQLDialect { inner.dialect }
    var displayName: String { inner.displayName }
    func relations(stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] { try inner.relations(stop: stop) }
    func columns(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        try inner.columns(of: relation, stop: stop)
    }
    func columns(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        try inner.columns(of: statement, stop: stop)
    }
    func hiddenKey(of relation: DatabaseRelation) -> String? { inner.hiddenKey(of: relation) }
    func run(_ statement: SQLStatement, stop: StopFlag, row: ([String?]) throws -> Void) throws {
        lock.withLock { ran.append(statement) }
        try inner.run(statement, stop: stop, row: row)
    }
    func cancel() { inner.cancel() }
    func close() { inner.close() }
}
