import BrowseSupport

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension PostgresConnection {
    /// Streams `statement`'s rows as CSV (`COPY (…) TO STDOUT (FORMAT csv, HEADER false)`),
    /// handing each chunk of bytes to `bytes` as the server sends it, so memory stays flat
    /// whatever the number of rows.
    ///
    /// `COPY` takes no bound parameters, so each of the statement's values is written into it
    /// as a literal escaped by libpq (`PQescapeLiteral`, which knows the session's encoding):
    /// a value is still only ever a value. Values are as `psql`'s `\copy … csv` writes them
    /// (NULL as an empty field, an empty text as `""`).
    ///
    /// - Parameters:
    ///   - statement: A `SELECT` (the rows to export), with its parameters.
    ///   - stop: Raised by Ctrl-C: the copy is cancelled on the server.
    ///   - bytes: Called with each chunk; what it throws ends the copy and is thrown.
    /// - Throws: ``DatabaseError`` (`.interrupted`, `.timedOut`, `.lostConnection`, the server's
    ///   refusal), or what `bytes` threw.
    package func export(
        _ statement: SQLStatement, stop: StopFlag, bytes: (UnsafeRawBufferPointer) throws -> Void
    ) throws {
        beginStatement()
        do {
            try execute(SQLStatement("BEGIN READ ONLY"), stop: stop) { _ in }
            let connection = try liveHandle()
            let query = try inliningParameters(of: statement, connection: connection)
            try copy("COPY (\(query)) TO STDOUT (FORMAT csv, HEADER false)", connection, stop: stop, bytes: bytes)
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

    /// The statement's text with each `$n` outside quotes and comments replaced by parameter
    /// n as an escaped literal (`NULL` for `nil`).
    private func inliningParameters(of statement: SQLStatement, connection: OpaquePointer) throws(DatabaseError)
        -> String
    {
        guard !statement.parameters.isEmpty else { return statement.text }
        var literals: [String] = []
        for parameter in statement.parameters {
            guard let parameter else {
                literals.append("NULL")
                continue
            }
            guard !parameter.contains("\0") else {
                throw DatabaseError(
                    .statement(position: nil),
                    "invalid byte sequence for encoding \"UTF8\": 0x00 (text cannot hold NUL)")
            }
            let escaped = parameter.withCString { library.escapeLiteral(connection, $0, strlen($0)) }
            guard let escaped else { throw failure(of: connection) }
            literals.append(String(cString: escaped))
            library.freeMemory(escaped)
        }
        return try Self.substituting(literals, in: statement.text)
    }

    /// `text` with `$1`, `$2`… (outside quoted text, quoted identifiers and comments) replaced
    /// by `literals`.
    static func substituting(_ literals: [String], in text: String) throws(DatabaseError) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        var index = 0
        func copy(until end: Int) {
            output.append(contentsOf: scalars[index..<min(end, scalars.count)])
            index = min(end, scalars.count)
        }
        func find(_ closing: [Unicode.Scalar], from start: Int) -> Int {
            var position = start
            while position + closing.count <= scalars.count {
                if Array(scalars[position..<position + closing.count]) == closing { return position + closing.count }
                position += 1
            }
            return scalars.count
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : " "
            switch scalar {
            case "'", "\"":
                copy(until: find([scalar], from: index + 1))
            case "-" where next == "-":
                copy(until: find(["\n"], from: index + 2))
            case "/" where next == "*":
                copy(until: find(["*", "/"], from: index + 2))
            case "$" where ("0"..."9").contains(next):
                var end = index + 1
                while end < scalars.count, ("0"..."9").contains(scalars[end]) { end += 1 }
                let number = Int(String(String.UnicodeScalarView(scalars[index + 1..<end]))) ?? 0
                guard number >= 1, number <= literals.count else {
                    throw DatabaseError(.statement(position: index + 1), "there is no parameter $\(number)")
                }
                output.append(contentsOf: literals[number - 1].unicodeScalars)
                index = end
            default:
                output.append(scalar)
                index += 1
            }
        }
        return String(output)
    }
}
