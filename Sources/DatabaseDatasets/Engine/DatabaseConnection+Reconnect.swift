extension DatabaseConnection {
    /// Nothing: a file's session is never lost.
    package func reconnect() throws(DatabaseError) {}

    /// Runs `read`, on a new session first when `reconnectFirst` (`r` after a lost connection);
    /// when `retry` and the session turns out lost (another screen's failure, an idle session
    /// the server dropped), opens a new one and reads again, once.
    ///
    /// - Returns: What `read` gave, and whether a new session was opened for it.
    func reading<Value>(
        reconnectFirst: Bool, retry: Bool, _ read: () throws(DatabaseError) -> Value
    ) throws(DatabaseError) -> (value: Value, reconnected: Bool) {
        if reconnectFirst { try reconnect() }
        do throws(DatabaseError) {
            return (try read(), reconnectFirst)
        } catch {
            guard error.code == .lostConnection, retry, !reconnectFirst else { throw error }
            try reconnect()
            return (try read(), true)
        }
    }
}
