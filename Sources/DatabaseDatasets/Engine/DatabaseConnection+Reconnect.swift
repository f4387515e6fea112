extension DatabaseConnection {
    /// Nothing: a file's session is never lost.
    package func reconnect() throws(DatabaseError) {}
}
