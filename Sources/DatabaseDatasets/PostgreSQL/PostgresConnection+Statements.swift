import BrowseSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

// libpq's result statuses (ExecStatusType) and the error fields read (PG_DIAG_*).
private let emptyQuery: Int32 = 0
private let commandOK: Int32 = 1
private let tuplesOK: Int32 = 2
private let copyOut: Int32 = 3
private let singleTuple: Int32 = 9
private let sqlStateField: Int32 = 67  // 'C'
private let messageField: Int32 = 77  // 'M'
private let hintField: Int32 = 72  // 'H'
private let positionField: Int32 = 80  // 'P'

extension PostgresConnection {
    package func run(_ statement: SQLStatement, stop: StopFlag, row: ([String?]) throws -> Void) throws {
        beginStatement()
        do {
            try execute(SQLStatement("BEGIN READ ONLY"), stop: stop) { _ in }
            try execute(statement, stop: stop, singleRow: true, row: row)
        } catch {
            rollBack()
            throw error
        }
        rollBack()
    }

    /// Ends the statement and the read-only transaction it ran in; a `SET` in it ends with it.
    /// Nothing when the connection is gone (the server ended the transaction with it).
    func rollBack() {
        endStatement()
        guard let handle, library.status(handle) == 0 else { return }
        try? execute(SQLStatement("ROLLBACK"), stop: .never) { _ in }
    }

    /// Runs `statement` as it is, outside any transaction of ours, and hands `row` each row.
    ///
    /// - Parameter singleRow: Rows one at a time, so memory stays flat however many there are.
    func execute(
        _ statement: SQLStatement, stop: StopFlag, singleRow: Bool = false, row: ([String?]) throws -> Void
    ) throws {
        let connection = try liveHandle()
        // A C string ends at NUL, so such a value would reach the server cut short; PostgreSQL's
        // text cannot hold NUL anyway, and says so for a value it is sent.
        if statement.text.contains("\0") || statement.parameters.contains(where: { $0?.contains("\0") == true }) {
            throw DatabaseError(
                .statement(position: nil), "invalid byte sequence for encoding \"UTF8\": 0x00 (text cannot hold NUL)")
        }
        let sent = statement.text.withCString { text in
            withParameters(statement.parameters) { values in
                library.sendQueryParams(
                    connection, text, Int32(statement.parameters.count), nil, values, nil, nil, 0)
            }
        }
        guard sent == 1 else { throw failure(of: connection) }
        beginStep()
        if singleRow { _ = library.setSingleRowMode(connection) }
        var refusal: DatabaseError?
        var thrown: (any Error)?
        while let result = try nextResult(connection, stop: stop) {
            defer { library.clear(result) }
            switch library.resultStatus(result) {
            case singleTuple, tuplesOK:
                guard refusal == nil, thrown == nil, !stop.isRaised else { continue }
                let columns = library.fieldCount(result)
                for index in 0..<library.tupleCount(result) {
                    do {
                        try row(fields(of: result, row: index, columns: columns))
                    } catch {
                        // The rest of the answer is not wanted: the server stops sending it.
                        thrown = error
                        cancel()
                        break
                    }
                }
            case commandOK, emptyQuery:
                break
            case copyOut:
                try drainCopy(connection, stop: stop)
                refusal = DatabaseError(.statement(position: nil), "COPY TO STDOUT is read by export, not run")
            default:
                refusal = refusal ?? error(from: result, connection: connection)
            }
        }
        if let thrown { throw thrown }
        if let refusal { throw refusal }
        if stop.isRaised || cancelWasRequested { throw interrupted }
    }

    /// One row's fields as text, `nil` for NULL.
    private func fields(of result: OpaquePointer, row: Int32, columns: Int32) -> [String?] {
        var fields: [String?] = []
        fields.reserveCapacity(Int(columns))
        for column in 0..<columns {
            if library.isNull(result, row, column) != 0 {
                fields.append(nil)
            } else {
                let count = Int(library.length(result, row, column))
                let bytes = UnsafeRawBufferPointer(start: library.value(result, row, column), count: count)
                fields.append(String(decoding: bytes, as: UTF8.self))
            }
        }
        return fields
    }

    /// Reads a `COPY … TO STDOUT` nobody asked for to its end, so the session can go on.
    private func drainCopy(_ connection: OpaquePointer, stop: StopFlag) throws(DatabaseError) {
        try readCopy(connection, stop: stop) { _ in }
    }

    /// Hands each chunk of a `COPY … TO STDOUT` to `bytes` until the server ends it.
    func readCopy(
        _ connection: OpaquePointer, stop: StopFlag, bytes: (UnsafeRawBufferPointer) -> Void
    ) throws(DatabaseError) {
        while true {
            var buffer: UnsafeMutablePointer<CChar>?
            let count = library.getCopyData(connection, &buffer, 1)
            if count > 0 {
                if let buffer {
                    bytes(UnsafeRawBufferPointer(start: buffer, count: Int(count)))
                    library.freeMemory(buffer)
                }
            } else if count == 0 {
                try awaitInput(connection, stop: stop)
            } else {
                // -1: the copy ended (its status follows as a result); -2: it failed.
                if count == -2, library.status(connection) != 0 { throw lost(connection) }
                return
            }
        }
    }

    /// The next result, waiting for the server while libpq needs more of it; `nil` when the
    /// statement is done.
    func nextResult(_ connection: OpaquePointer, stop: StopFlag) throws(DatabaseError) -> OpaquePointer? {
        while library.isBusy(connection) != 0 {
            try awaitInput(connection, stop: stop)
        }
        return library.getResult(connection)
    }

    /// Waits until the server has sent something, looking at `stop` every 50 ms and sending
    /// the server a cancel request once it is raised (the server then ends the statement with
    /// an error, which is read as usual).
    func awaitInput(_ connection: OpaquePointer, stop: StopFlag) throws(DatabaseError) {
        let socket = library.socket(connection)
        guard socket >= 0 else { throw lost(connection) }
        var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
        while true {
            if stop.isRaised || cancelWasRequested { cancel() }
            let ready = poll(&descriptor, 1, 50)
            if ready > 0 { break }
            if ready < 0, errno != EINTR { throw lost(connection) }
        }
        guard library.consumeInput(connection) == 1 else { throw lost(connection) }
    }

    func liveHandle() throws(DatabaseError) -> OpaquePointer {
        guard let handle else {
            throw DatabaseError(.lostConnection, "the connection to \(displayName) is closed")
        }
        return handle
    }

    /// Why libpq could not send or read: a lost connection, or the server's refusal.
    func failure(of connection: OpaquePointer) -> DatabaseError {
        if library.status(connection) != 0 { return lost(connection) }
        let message = scrubbed(text(library.errorMessage(connection)), of: connection)
        return DatabaseError(.statement(position: nil), message)
    }

    func lost(_ connection: OpaquePointer) -> DatabaseError {
        let message = text(library.errorMessage(connection)).split(whereSeparator: \.isNewline).first.map(String.init)
        let reason = scrubbed(message ?? "", of: connection)
        return DatabaseError(
            .lostConnection, "lost the connection to \(displayName)" + (reason.isEmpty ? "" : ": \(reason)"))
    }

    var interrupted: DatabaseError {
        DatabaseError(.interrupted, "the statement was stopped on the server")
    }

    /// The server's error in `result`, in one line with the character it names.
    func error(from result: OpaquePointer, connection: OpaquePointer) -> DatabaseError {
        let state = text(library.resultErrorField(result, sqlStateField))
        if library.status(connection) != 0 || state.hasPrefix("08") || ["57P01", "57P02", "57P03"].contains(state) {
            return lost(connection)
        }
        var message = text(library.resultErrorField(result, messageField))
        if message.isEmpty { message = text(library.resultErrorMessage(result)) }
        message = scrubbed(message, of: connection)
        if state == "57014" {
            // The same code for a cancel and a timeout: only a cancel we sent is an interrupt.
            return cancelWasRequested ? interrupted : DatabaseError(.timedOut(seconds: statementTimeout), message)
        }
        let hint = scrubbed(text(library.resultErrorField(result, hintField)), of: connection)
        if !hint.isEmpty { message += " (\(hint))" }
        let position = Int(text(library.resultErrorField(result, positionField)))
        return DatabaseError(.statement(position: position), message)
    }

    /// Calls `body` with the parameters as C strings (NULL for `nil`).
    private func withParameters<Result>(
        _ parameters: [String?], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
    ) -> Result {
        let copies = parameters.map { $0.map { strdup($0) } ?? nil }
        defer { for copy in copies { free(copy) } }
        let pointers = copies.map { UnsafePointer($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress) }
    }
}
