import BrowseSupport
import Synchronization

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A read-only session with a PostgreSQL server (or an engine that speaks its protocol)
/// through libpq.
///
/// The target is what libpq takes: a `postgres://` or `postgresql://` URL, a `key=value`
/// connection string, a database name, or nothing; libpq fills in what it leaves out from the
/// `PG*` variables, takes the password from the URL, `PGPASSWORD` or `~/.pgpass`, and applies
/// `sslmode`.
///
/// Every statement runs in a `BEGIN READ ONLY` transaction that is rolled back after it, so
/// not even a `SET` outlives it, on a session whose default is read-only, with the session's
/// statement timeout. Rows arrive one at a time (libpq's single-row mode) while the wait
/// looks at the ``StopFlag``; once it is raised the server is sent a cancel request.
///
/// ```swift
/// let connection = try PostgresConnection("postgres://ann@db.local/sales")
/// try connection.run(SQLStatement("SELECT name FROM people WHERE city = $1", parameters: ["Taipei"]),
///                    stop: stop) { fields in print(fields) }
/// ```
package final class PostgresConnection: DatabaseConnection, @unchecked Sendable {
    // The connection handle is used by one thread at a time (the protocol's promise); only the
    // cancel handle and the state saying whether a statement runs are shared with cancel(),
    // under `shared`.
    private struct Shared: @unchecked Sendable {
        var cancelHandle: OpaquePointer?
        /// A statement of ours runs (from ``beginStatement()`` to ``endStatement()``).
        var running = false
        /// Its caller asked it to stop: every step of it left is cancelled too.
        var cancelRequested = false
        /// A cancel request went to the server for the step running now.
        var cancelSent = false
    }

    package let dialect = SQLDialect.postgres
    package private(set) var displayName: String
    /// A collation that lowercases every script one character at a time, as Swift does
    /// (`C.utf8`, else ICU's root), when the server has one; `nil` for the database's own,
    /// which under the C locale lowercases ASCII only.
    package private(set) var foldCollation: String?
    /// The longest a statement may run, in seconds; 0 for no limit.
    package let statementTimeout: Int

    let library: PostgresLibrary
    let target: String
    var handle: OpaquePointer?
    private let shared = Mutex(Shared())

    /// Opens a session.
    ///
    /// - Parameters:
    ///   - target: A `postgres://` URL, a connection string or a database name; empty for the
    ///     `PG*` variables alone.
    ///   - statementTimeout: The longest a statement may run, in seconds (0: no limit).
    ///   - library: libpq; by default loaded from its usual names.
    /// - Throws: ``DatabaseError``: `.libraryMissing` without libpq, `.connection` when the
    ///   server cannot be reached or refuses the session (its message, once, without the
    ///   password).
    package init(_ target: String, statementTimeout: Int = 30, library: PostgresLibrary? = nil)
        throws(DatabaseError)
    {
        if let library {
            self.library = library
        } else {
            self.library = try PostgresLibrary.shared()
        }
        self.target = target
        self.statementTimeout = statementTimeout
        self.displayName = Self.redacted(target)
        try connect()
    }

    deinit { close() }

    /// Opens a new session in place of one that was lost, with the same target and settings.
    ///
    /// - Throws: ``DatabaseError`` with code `.connection` when the server still cannot be
    ///   reached.
    package func reconnect() throws(DatabaseError) {
        close()
        try connect()
    }

    package func cancel() {
        shared.withLock { shared in
            guard shared.running else { return }
            shared.cancelRequested = true
            guard !shared.cancelSent, let cancelHandle = shared.cancelHandle else { return }
            shared.cancelSent = true
            var buffer = [CChar](repeating: 0, count: 256)
            _ = library.cancel(cancelHandle, &buffer, Int32(buffer.count))
        }
    }

    package func close() {
        OpenSessions.remove(self)
        shared.withLock { shared in
            if let cancelHandle = shared.cancelHandle { library.freeCancel(cancelHandle) }
            shared.cancelHandle = nil
        }
        if let handle { library.finish(handle) }
        handle = nil
    }

    // MARK: - Connecting

    private func connect() throws(DatabaseError) {
        // Keywords are applied in order: the target may change the connect timeout, but the
        // application name and the encoding the rows are decoded in are ours.
        let keywords = ["connect_timeout", "dbname", "application_name", "client_encoding"]
        let values = ["10", target, "browse", "UTF8"]
        let connection = Self.withCStrings(keywords) { keywords in
            Self.withCStrings(values) { values in library.connectdbParams(keywords, values, 1) }
        }
        guard let connection else {
            throw DatabaseError(.connection, "cannot connect to \(displayName): out of memory")
        }
        guard library.status(connection) == 0 else {
            let message = scrubbed(text(library.errorMessage(connection)), of: connection)
            library.finish(connection)
            throw DatabaseError(.connection, "cannot connect to \(displayName): \(message)")
        }
        // libpq writes the server's notices on standard error, through the screen (`WARNING:
        // terminating connection` as a server shuts down): what matters arrives as an error.
        _ = library.setNoticeProcessor(connection, { _, _ in }, nil)
        handle = connection
        displayName = describe(connection)
        let cancelHandle = library.getCancel(connection)
        shared.withLock { $0.cancelHandle = cancelHandle }
        OpenSessions.add(self)
        do {
            let settings = SQLStatement(
                """
                SELECT set_config('default_transaction_read_only', 'on', false),
                       set_config('statement_timeout', $1, false),
                       set_config('DateStyle', 'ISO, YMD', false),
                       set_config('standard_conforming_strings', 'on', false),
                       (SELECT c.collname FROM pg_collation AS c
                         WHERE c.collname IN ('C.utf8', 'C.UTF-8', 'und-x-icu')
                           AND c.collencoding IN (-1, (SELECT encoding FROM pg_database WHERE datname = current_database()))
                         ORDER BY c.collname = 'und-x-icu', c.collname LIMIT 1)
                """, parameters: ["\(statementTimeout * 1000)"])
            var collation: String?
            try execute(settings, stop: .never) { fields in collation = fields.last ?? nil }
            foldCollation = collation
        } catch let error as DatabaseError {
            close()
            throw error
        } catch {
            close()
            throw DatabaseError(.connection, "cannot set up the session on \(displayName): \(error)")
        }
    }

    /// `postgres://user@host:port/database` of the session: where libpq connected after the
    /// `PG*` variables filled in the target, never with a password.
    private func describe(_ connection: OpaquePointer) -> String {
        let user = text(library.user(connection))
        let host = text(library.host(connection))
        let port = text(library.port(connection))
        let database = text(library.database(connection))
        let userPart = user.isEmpty ? "" : "\(user)@"
        if host.hasPrefix("/") {
            return "postgres://\(userPart)localhost:\(port)/\(database)?host=\(host)"
        }
        let hostPart = host.contains(":") ? "[\(host)]" : host
        return "postgres://\(userPart)\(hostPart):\(port)/\(database)"
    }

    /// The target as it may be shown: a URL's password masked; a connection string's
    /// `password=` value masked.
    static func redacted(_ target: String) -> String {
        if target.isEmpty { return "the server the PG* variables name" }
        var shown = PasswordRedaction.redacting(target)
        if let range = shown.range(of: "password=") {
            let rest = shown[range.upperBound...]
            let end = rest.firstIndex(where: { $0 == " " || $0 == "&" }) ?? rest.endIndex
            shown.replaceSubrange(range.upperBound..<end, with: PasswordRedaction.mask)
        }
        return shown
    }

    /// libpq's message on one line, free of the password the session used (a message could
    /// quote a connection string).
    func scrubbed(_ message: String, of connection: OpaquePointer?) -> String {
        var lines: [String] = []
        for line in message.split(whereSeparator: \.isNewline) {
            let trimmed = String(line.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
            if !trimmed.isEmpty, !lines.contains(trimmed) { lines.append(trimmed) }
        }
        var oneLine = PasswordRedaction.redacting(lines.joined(separator: " "))
        let password = connection.map { text(library.password($0)) } ?? ""
        if !password.isEmpty { oneLine = oneLine.replacing(password, with: PasswordRedaction.mask) }
        return oneLine
    }

    func text(_ pointer: UnsafeMutablePointer<CChar>?) -> String {
        pointer.map { String(cString: $0) } ?? ""
    }

    static func withCStrings<Result>(
        _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
    ) -> Result {
        let copies = strings.map { strdup($0) }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }

    // MARK: - The running statement, shared with cancel()

    func beginStatement() {
        shared.withLock { shared in
            shared.running = true
            shared.cancelRequested = false
            shared.cancelSent = false
        }
    }

    /// A new step of the statement starts on the server: a cancel sent before it (which the
    /// server ignored between steps) is sent again if the statement is to stop.
    func beginStep() {
        shared.withLock { $0.cancelSent = false }
    }

    /// Ends the running statement's share with cancel(): what runs now (a rollback) cannot be
    /// cancelled.
    func endStatement() {
        shared.withLock { shared in
            shared.running = false
            shared.cancelRequested = false
        }
    }

    /// True once ``cancel()`` was called for the statement running now.
    var cancelWasRequested: Bool { shared.withLock { $0.cancelRequested } }
}
