import BrowseSupport

extension PostgresConnection {
    package func relations(stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] {
        try relations(SQLStatement(PostgresCatalog.relations), stop: stop)
    }

    /// The tables and views of `schema` a person may read, by name, with the planner's
    /// estimates; none for a schema that is not there or not readable.
    ///
    /// - Throws: ``DatabaseError``; `.interrupted` once `stop` is raised.
    package func relations(inSchema schema: String, stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] {
        try relations(SQLStatement(PostgresCatalog.relationsOfSchema, parameters: [schema]), stop: stop)
    }

    /// The schemas a person may browse (not the system's), by name, each with how many tables
    /// and views it has and the sum of their estimates.
    ///
    /// - Throws: ``DatabaseError``; `.interrupted` once `stop` is raised.
    package func schemas(stop: StopFlag) throws(DatabaseError) -> [DatabaseSchema] {
        var schemas: [DatabaseSchema] = []
        try runReturningErrors(SQLStatement(PostgresCatalog.schemas), stop: stop) { fields in
            guard fields.count == 4, let name = fields[0] else { return }
            schemas.append(
                DatabaseSchema(
                    name: name, tables: fields[1].flatMap { Int($0) } ?? 0, views: fields[2].flatMap { Int($0) } ?? 0,
                    estimatedRows: fields[3].flatMap { Int($0) }))
        }
        return schemas
    }

    /// The relations a catalog statement lists: schema, name, kind and estimate in each row.
    private func relations(_ statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseRelation] {
        var relations: [DatabaseRelation] = []
        try runReturningErrors(statement, stop: stop) { fields in
            guard fields.count == 4, let schema = fields[0], let name = fields[1] else { return }
            let kind = fields[2] ?? "r"
            relations.append(
                DatabaseRelation(
                    schema: schema, name: name, isView: ["v", "m", "f"].contains(kind),
                    rowCount: fields[3].flatMap { Int($0) }, rowCountIsEstimate: true))
        }
        return relations
    }

    package func columns(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        var columns: [DatabaseColumn] = []
        let statement = SQLStatement(PostgresCatalog.columns, parameters: [relation.sql(.postgres)])
        try runReturningErrors(statement, stop: stop) { fields in
            guard fields.count == 4, let name = fields[0] else { return }
            columns.append(
                DatabaseColumn(
                    name: name, kind: PostgresTypes.kind(of: fields[2].flatMap { UInt32($0) } ?? 0),
                    declaredType: fields[1] ?? "", keyPosition: fields[3].flatMap { Int($0) }))
        }
        guard !columns.isEmpty else {
            throw DatabaseError(.notFound, "\(displayName) has no table or view \(relation.qualifiedName)")
        }
        return columns
    }

    package func columns(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> [DatabaseColumn] {
        beginStatement()
        defer { endStatement() }
        let connection = try liveHandle()
        // The unnamed prepared statement: parsed and planned by the server, never run.
        let prepared = statement.text.withCString { text in
            library.sendPrepare(connection, "", text, Int32(statement.parameters.count), nil)
        }
        guard prepared == 1 else { throw failure(of: connection) }
        beginStep()
        try finish(connection, stop: stop) { _ in }
        guard library.sendDescribePrepared(connection, "") == 1 else { throw failure(of: connection) }
        beginStep()
        var described: [(name: String, type: UInt32, modifier: Int32)] = []
        try finish(connection, stop: stop) { result in
            for index in 0..<library.fieldCount(result) {
                described.append(
                    (
                        text(library.fieldName(result, index)), library.fieldType(result, index),
                        library.fieldModifier(result, index)
                    ))
            }
        }
        endStatement()
        guard !described.isEmpty else { return [] }
        let types = SQLStatement(
            PostgresCatalog.types,
            parameters: [
                "{" + described.map { String($0.type) }.joined(separator: ",") + "}",
                "{" + described.map { String($0.modifier) }.joined(separator: ",") + "}",
            ])
        var declared: [(name: String, base: UInt32)] = []
        try runReturningErrors(types, stop: stop) { fields in
            declared.append((fields.first.flatMap { $0 } ?? "", fields.last.flatMap { $0.flatMap { UInt32($0) } } ?? 0))
        }
        return described.enumerated().map { index, column in
            let type = index < declared.count ? declared[index] : ("", column.type)
            return DatabaseColumn(name: column.name, kind: PostgresTypes.kind(of: type.1), declaredType: type.0)
        }
    }

    /// The number of rows in `relation`, counted by the server (`count(*)`): the exact figure
    /// to put in place of the planner's estimate, in the background.
    ///
    /// - Throws: ``DatabaseError``; `.interrupted` once `stop` is raised (the count is
    ///   cancelled on the server), `.timedOut` past the statement timeout.
    package func exactCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int {
        try exactCount(of: SQLStatement("SELECT * FROM \(relation.sql(.postgres))"), stop: stop)
    }

    /// The number of rows `statement` answers, counted by the server.
    ///
    /// - Throws: ``DatabaseError``; `.interrupted` once `stop` is raised.
    package func exactCount(of statement: SQLStatement, stop: StopFlag) throws(DatabaseError) -> Int {
        var count = 0
        let counting = SQLStatement(
            "SELECT count(*) FROM (\(statement.text)) AS counted", parameters: statement.parameters)
        try runReturningErrors(counting, stop: stop) { fields in
            count = fields.first.flatMap { $0.flatMap { Int($0) } } ?? 0
        }
        return count
    }

    /// ``run(_:stop:row:)`` for a `row` that cannot throw, so only ``DatabaseError`` can.
    func runReturningErrors(
        _ statement: SQLStatement, stop: StopFlag, row: ([String?]) -> Void
    ) throws(DatabaseError) {
        do {
            try run(statement, stop: stop, row: row)
        } catch let error as DatabaseError {
            throw error
        } catch {
            throw DatabaseError(.statement(position: nil), "\(error)")
        }
    }

    /// Reads a step's results to the end, handing `body` each that succeeded.
    private func finish(
        _ connection: OpaquePointer, stop: StopFlag, body: (OpaquePointer) -> Void
    ) throws(DatabaseError) {
        var refusal: DatabaseError?
        while let result = try nextResult(connection, stop: stop) {
            defer { library.clear(result) }
            if library.resultStatus(result) == 1 || library.resultStatus(result) == 2 {
                if refusal == nil { body(result) }
            } else {
                refusal = refusal ?? error(from: result, connection: connection)
            }
        }
        if let refusal { throw refusal }
        if stop.isRaised || cancelWasRequested { throw interrupted }
    }
}

extension PostgresConnection {
    /// `pg_class.reltuples` of `relation` (summed over a partitioned table's leaves); `nil`
    /// when the table was never analyzed or is a view.
    package func estimatedCount(of relation: DatabaseRelation, stop: StopFlag) throws(DatabaseError) -> Int? {
        var estimate: Int?
        let statement = SQLStatement(
            """
            SELECT CASE
                     WHEN c.relkind = 'p' THEN
                       (SELECT CASE WHEN bool_and(l.reltuples >= 0) THEN sum(l.reltuples)::int8 END
                          FROM pg_partition_tree(c.oid) AS t JOIN pg_class AS l ON l.oid = t.relid
                         WHERE t.isleaf)
                     WHEN c.relkind IN ('r', 'm', 'f') AND c.reltuples >= 0 THEN c.reltuples::int8
                   END
              FROM pg_class AS c WHERE c.oid = to_regclass($1)
            """, parameters: [relation.sql(.postgres)])
        try runReturningErrors(statement, stop: stop) { fields in
            estimate = fields.first.flatMap { $0.flatMap { Int($0) } }
        }
        return estimate
    }

    package func companion() throws(DatabaseError) -> (any DatabaseConnection)? {
        try PostgresConnection(target, statementTimeout: statementTimeout, library: library)
    }
}
