import BrowseSupport

extension PostgresConnection {
    /// The bytes handed on at once: COPY's chunks (one row each) are gathered to this size.
    static let exportBlock = 64 * 1024

    /// Streams `statement`'s rows as CSV as PostgreSQL writes it (NULL as an empty field, an
    /// empty text as `""`), handing `bytes` blocks of about ``exportBlock`` bytes, so memory
    /// stays flat whatever the number of rows.
    ///
    /// A statement without parameters runs as `COPY (…) TO STDOUT (FORMAT csv)`. `COPY` takes
    /// no bound parameters, and a value is never written into a statement's text, so a
    /// statement with parameters runs as itself, bound, its rows read one at a time and
    /// written as `COPY` would write them.
    ///
    /// - Parameters:
    ///   - statement: A `SELECT` (the rows to export), with its parameters.
    ///   - stop: Raised by Ctrl-C: the statement is cancelled on the server.
    ///   - bytes: Called with each block; what it throws ends the export and is thrown.
    /// - Throws: ``DatabaseError`` (`.interrupted`, `.timedOut`, `.lostConnection`, the server's
    ///   refusal), or what `bytes` threw.
    package func export(
        _ statement: SQLStatement, stop: StopFlag, bytes: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        var block: [UInt8] = []
        block.reserveCapacity(Self.exportBlock + 4096)
        func flush() throws {
            guard !block.isEmpty else { return }
            try block.withUnsafeBytes { try bytes($0) }
            block.removeAll(keepingCapacity: true)
        }
        if statement.parameters.isEmpty {
            try copy(statement.text, stop: stop) { chunk in
                block.append(contentsOf: chunk)
                if block.count >= Self.exportBlock { try flush() }
            }
        } else {
            try run(statement, stop: stop) { fields in
                for (index, field) in fields.enumerated() {
                    if index > 0 { block.append(UInt8(ascii: ",")) }
                    Self.appendCSV(field, alone: fields.count == 1, to: &block)
                }
                block.append(UInt8(ascii: "\n"))
                if block.count >= Self.exportBlock { try flush() }
            }
        }
        try flush()
    }

    /// `field` as COPY's CSV writes it: NULL empty, an empty text `""`, quoted (quotes
    /// doubled) when it holds a comma, a quote or a line break, or is `\.` in a row of one field.
    static func appendCSV(_ field: String?, alone: Bool, to block: inout [UInt8]) {
        guard let field else { return }
        let utf8 = field.utf8
        let quoted =
            utf8.isEmpty || (alone && field == "\\.")
            || utf8.contains { $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 10 || $0 == 13 }
        guard quoted else {
            block.append(contentsOf: utf8)
            return
        }
        block.append(UInt8(ascii: "\""))
        for byte in utf8 {
            if byte == UInt8(ascii: "\"") { block.append(byte) }
            block.append(byte)
        }
        block.append(UInt8(ascii: "\""))
    }

    /// `COPY (query) TO STDOUT` in `format` (`csv`, `text`) in a read-only transaction, each
    /// chunk (a row) handed to `chunk` as the server sends it.
    func copy(
        _ query: String, format: String = "csv", stop: StopFlag, chunk: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        beginStatement()
        do {
            try execute(SQLStatement("BEGIN READ ONLY"), stop: stop) { _ in }
            let connection = try liveHandle()
            try copy(
                "COPY (\(query)) TO STDOUT (FORMAT \(format))", connection, stop: stop, bytes: chunk)
        } catch {
            rollBack()
            throw error
        }
        rollBack()
    }

    private func copy(
        _ text: String, _ connection: OpaquePointer, stop: StopFlag, bytes: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        let sent = text.withCString { library.sendQueryParams(connection, $0, 0, nil, nil, nil, nil, 0) }
        guard sent == 1 else { throw failure(of: connection) }
        beginStep()
        var refusal: DatabaseError?
        var thrown: (any Error)?
        while let result = try nextResult(connection, stop: stop) {
            defer { library.clear(result) }
            switch library.resultStatus(result) {
            case 3:  // PGRES_COPY_OUT
                try readCopy(connection, stop: stop) { chunk in
                    guard thrown == nil, !stop.isRaised else { return }
                    do {
                        try bytes(chunk)
                    } catch {
                        thrown = error
                        cancel()
                    }
                }
            case 1, 2:
                break
            default:
                refusal = refusal ?? error(from: result, connection: connection)
            }
        }
        if let thrown { throw thrown }
        if let refusal { throw refusal }
        if stop.isRaised || cancelWasRequested { throw interrupted }
    }
}
