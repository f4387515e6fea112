import BrowseSupport
import Synchronization

/// Reads a catalog list (schemas, tables) off the main actor, stopping the statement when the
/// load is cancelled, and opening a new session on `r` when the connection was lost.
final class CatalogReader: Sendable {
    let connection: any DatabaseConnection
    /// The last read failed because the connection was lost or could not be opened again.
    private let lastFailureWasLost = Mutex(false)

    init(connection: any DatabaseConnection) {
        self.connection = connection
    }

    /// The answer of `read` on the connection.
    ///
    /// On `r` (`refresh`), a session lost by the last read is opened again first; a session
    /// found lost by this read (another screen's failure, an idle session the server dropped)
    /// is opened again and `read` asked once more.
    ///
    /// - Throws: ``DatabaseError``; `.interrupted` when the load was cancelled.
    func read<Value: Sendable>(
        refresh: Bool, _ read: @escaping @Sendable (any DatabaseConnection, StopFlag) throws(DatabaseError) -> Value
    ) async throws -> Value {
        let connection = connection
        let stop = StopFlag()
        let reconnectFirst = refresh && lastFailureWasLost.withLock { $0 }
        let result = await withTaskCancellationHandler {
            await Task.detached { () -> Result<Value, DatabaseError> in
                do throws(DatabaseError) {
                    return .success(
                        try connection.reading(reconnectFirst: reconnectFirst, retry: refresh) {
                            () throws(DatabaseError) in try read(connection, stop)
                        }.value)
                } catch {
                    return .failure(error)
                }
            }.value
        } onCancel: {
            stop.raise()
            connection.cancel()
        }
        lastFailureWasLost.withLock { lost in
            guard case .failure(let error) = result else {
                lost = false
                return
            }
            lost = error.code == .lostConnection || error.code == .connection
        }
        return try result.get()
    }
}
