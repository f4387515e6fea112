import BrowseSupport

/// A read-only session with a SQLite file, through `libsqlite3` loaded when it is first opened.
///
/// The file is opened read-only and `query_only` is set, so no statement can write; each
/// statement runs under a progress handler that stops it on Ctrl-C (the ``StopFlag``) or once it
/// has run longer than the statement timeout.
package final class SQLiteConnection: DatabaseConnection, @unchecked Sendable {
    // One thread at a time runs statements (the protocol's contract); `cancel` only calls
    // sqlite3_interrupt, which SQLite allows from any thread while the handle is open.
    private let library: SQLiteLibrary
    private let database: OpaquePointer?
    let timeout: Duration?
    let path: String
    package let displayName: String
    package var dialect: SQLDialect { .sqlite }

    /// Opens the file at `path` read-only.
    ///
    /// - Parameters:
    ///   - timeout: How long one statement may run before it is stopped; `nil` for no limit.
    ///   - writable: Opens (and creates) the file for writing: for tests that write fixtures.
    ///   - library: The library to use; the usual names by default.
    /// - Throws: ``DatabaseError``: `.libraryMissing` without `libsqlite3`, `.notFound` when the
    ///   file is not a database.
    package init(
        path: String, timeout: Duration? = .seconds(30), writable: Bool = false, library given: SQLiteLibrary? = nil
    ) throws(DatabaseError) {
        let library: SQLiteLibrary
        if let given { library = given } else { library = try SQLiteLibrary.shared(opening: path) }
        var handle: OpaquePointer?
        let flags =
            (writable ? SQLiteLibrary.openReadWrite | SQLiteLibrary.openCreate : SQLiteLibrary.openReadOnly)
            | SQLiteLibrary.openNoMutex
        let status = library.open(path, &handle, flags, nil)
        guard status == SQLiteLibrary.ok else {
            let message = handle.flatMap { library.errorMessage($0) }.map { String(cString: $0) } ?? "error \(status)"
            _ = library.close(handle)
            throw DatabaseError(.notFound, "cannot open \(path): \(message)")
        }
        self.library = library
        self.database = handle
        self.timeout = timeout
        self.path = path
        self.displayName = path
        _ = library.busyTimeout(handle, 5_000)
        _ = SQLiteFolding.register(on: handle, library: library)
        if !writable {
            try execute("PRAGMA query_only = 1")
            // A file that is not a database opens; its first read says so.
            do {
                try run(SQLStatement("SELECT count(*) FROM sqlite_master"), stop: .never) { _ in }
            } catch {
                throw DatabaseError(.notFound, "cannot open \(path): \(error)")
            }
        }
    }

    deinit { _ = library.close(database) }

    package func close() {}

    package func cancel() { library.interrupt(database) }

    /// Runs a statement that returns no rows (fixtures, pragmas).
    package func execute(_ text: String, parameters: [String?] = []) throws(DatabaseError) {
        do {
            try run(SQLStatement(text, parameters: parameters), stop: .never) { _ in }
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.statement(position: nil), "\(error)")
        }
    }

    package func run(_ statement: SQLStatement, stop: StopFlag, row: ([String?]) throws -> Void) throws {
        var fields: [String?] = []
        try step(statement, stop: stop) { prepared, count in
            if fields.count != count { fields = [String?](repeating: nil, count: count) }
            for column in 0..<count { fields[column] = library.text(prepared, column: Int32(column)) }
            try row(fields)
        }
    }

    package func runBytes(
        _ statement: SQLStatement, stop: StopFlag, row: ([UnsafeBufferPointer<UInt8>?]) throws -> Void
    ) throws {
        var fields: [UnsafeBufferPointer<UInt8>?] = []
        try step(statement, stop: stop) { prepared, count in
            if fields.count != count { fields = [UnsafeBufferPointer<UInt8>?](repeating: nil, count: count) }
            for column in 0..<count { fields[column] = library.bytes(prepared, column: Int32(column)) }
            try row(fields)
        }
    }

    /// Steps `statement` under the watch, calling `row` with the statement and its column count
    /// at each row; the time `row` takes is not counted against the statement timeout.
    private func step(_ statement: SQLStatement, stop: StopFlag, row: (OpaquePointer?, Int) throws -> Void) throws {
        let prepared = try prepare(statement)
        defer { _ = library.finalize(prepared) }
        let watch = SQLiteWatch(stop: stop, timeout: timeout)
        let context = Unmanaged.passUnretained(watch).toOpaque()
        library.progressHandler(database, 1_000, SQLiteWatch.callback, context)
        defer {
            library.progressHandler(database, 0, nil, nil)
            withExtendedLifetime(watch) {}
        }
        let count = Int(library.columnCount(prepared))
        while true {
            let status = library.step(prepared)
            if status == SQLiteLibrary.done { return }
            guard status == SQLiteLibrary.row else { throw failure(status, watch: watch, stop: stop) }
            let handed = ContinuousClock.now
            try row(prepared, count)
            watch.postpone(by: ContinuousClock.now - handed)
        }
    }

    package func relations(stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] {
        var found: [(name: String, isView: Bool)] = []
        try catching {
            try run(
                SQLStatement(
                    "SELECT name, type FROM sqlite_master WHERE type IN ('table', 'view')"
                        + " AND name NOT LIKE 'sqlite\\_%' ESCAPE '\\' ORDER BY name"),
                stop: stop
            ) { fields in
                found.append((fields[0] ?? "", fields[1] == "view"))
            }
        }
        var relations: [DatabaseRelation] = []
        for (name, isView) in found {
            var relation = DatabaseRelation(
                schema: nil, name: name, isView: isView, rowCount: nil, rowCountIsEstimate: false)
            try catching {
                try run(SQLStatement("SELECT count(*) FROM \(relation.sql(.sqlite))"), stop: stop) { fields in
                    relation.rowCount = fields[0].flatMap { Int($0) }
                }
            }
            relations.append(relation)
        }
        return relations
    }

    package func columns(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        var columns: [DatabaseColumn] = []
        try catching {
            try run(
                SQLStatement("SELECT name, type, pk FROM pragma_table_info(?1)", parameters: [relation.name]),
                stop: stop
            ) { fields in
                let declared = fields[1] ?? ""
                let key = fields[2].flatMap { Int($0) } ?? 0
                columns.append(
                    DatabaseColumn(
                        name: fields[0] ?? "", kind: Self.kind(declared: declared), declaredType: declared,
                        keyPosition: key > 0 ? key - 1 : nil))
            }
        }
        if columns.isEmpty { throw DatabaseError(.notFound, "\(displayName) has no table or view \(relation.name)") }
        return columns
    }

    package func columns(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        try catching {
            let prepared = try prepare(statement)
            defer { _ = library.finalize(prepared) }
            let count = library.columnCount(prepared)
            // The first row's values say what a computed column holds, which has no declared type.
            let hasRow = library.step(prepared) == SQLiteLibrary.row
            return (0..<count).map { column in
                let name = library.columnName(prepared, column).map { String(cString: $0) } ?? "column \(column + 1)"
                let declared = library.columnDeclaredType(prepared, column).map { String(cString: $0) }
                if let declared {
                    return DatabaseColumn(name: name, kind: Self.kind(declared: declared), declaredType: declared)
                }
                let stored = hasRow ? library.columnType(prepared, column) : SQLiteLibrary.typeNull
                let kind: DatabaseColumn.Kind = stored == 1 ? .integer : stored == 2 ? .decimal : .text
                return DatabaseColumn(name: name, kind: kind, declaredType: "")
            }
        }
    }

    /// The paging key of a table without a declared primary key: its rowid, which every table
    /// but a `WITHOUT ROWID` one has. `nil` for a view.
    package func hiddenKey(of relation: DatabaseRelation) -> String? {
        guard !relation.isView else { return nil }
        let probe = SQLStatement("SELECT rowid FROM \(relation.sql(.sqlite)) LIMIT 0")
        return (try? run(probe, stop: .never) { _ in }) == nil ? nil : "rowid"
    }

    /// The kind of a column declared `declared`, by SQLite's rules of type affinity, with the
    /// date, time and boolean names people declare.
    package static func kind(declared: String) -> DatabaseColumn.Kind {
        let type = declared.uppercased()
        if type.contains("DATETIME") || type.contains("TIMESTAMP") { return .timestamp }
        if type.contains("DATE") { return .date }
        if type.contains("BOOL") { return .boolean }
        if type.contains("INT") { return .integer }
        if type.contains("CHAR") || type.contains("CLOB") || type.contains("TEXT") { return .text }
        if type.contains("BLOB") || type.isEmpty { return .text }
        return .decimal
    }

    // MARK: - Statements

    private func prepare(_ statement: SQLStatement) throws(DatabaseError) -> OpaquePointer? {
        var prepared: OpaquePointer?
        let status = library.prepare(database, statement.text, -1, &prepared, nil)
        guard status == SQLiteLibrary.ok else {
            let message = errorText()
            let offset = library.errorOffset?(database) ?? -1
            _ = library.finalize(prepared)
            throw DatabaseError(.statement(position: offset >= 0 ? Int(offset) + 1 : nil), message)
        }
        for (index, value) in statement.parameters.enumerated() {
            let number = Int32(index + 1)
            if var value {
                _ = value.withUTF8 { utf8 in
                    utf8.withMemoryRebound(to: CChar.self) { chars in
                        library.bindText(
                            prepared, number, chars.baseAddress, Int32(chars.count), SQLiteLibrary.transient)
                    }
                }
            } else {
                _ = library.bindNull(prepared, number)
            }
        }
        return prepared
    }

    private func failure(_ status: Int32, watch: SQLiteWatch, stop: StopFlag) -> DatabaseError {
        if status == SQLiteLibrary.interrupted {
            if stop.isRaised || !watch.isPastDeadline { return DatabaseError(.interrupted, "interrupted") }
            let seconds = timeout.map { Int($0.components.seconds) } ?? 0
            return DatabaseError(.timedOut(seconds: seconds), "stopped")
        }
        return DatabaseError(.statement(position: nil), errorText())
    }

    private func errorText() -> String {
        library.errorMessage(database).map { String(cString: $0) } ?? "unknown error"
    }

    /// Runs `body`, giving any error that is not already a ``DatabaseError`` as one.
    func catching<Value>(_ body: () throws -> Value) throws(DatabaseError) -> Value {
        do {
            return try body()
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.statement(position: nil), "\(error)")
        }
    }
}
