/// The same rows twice: in a table sharded the way Citus-style engines shard one, and in a
/// plain table on one server, so a test can hold every question's answer on the first equal
/// to the answer on the second.
///
/// The sharded table is on a coordinator server: a table partitioned by hash whose partitions
/// are `postgres_fdw` foreign tables, each on a server of its own (the shards); rows loaded
/// into the coordinator are routed to the shards. The plain copy is in another database of the
/// coordinator. Both are `public.<table>`, so one statement runs on either URL.
///
/// ```swift
/// try await ShardedPair.with(table: "ticks", columns: "id int8, price numeric", shardKey: "id", csv: rows) { pair in
///     let sharded = try PostgresConnection(pair.shardedURL)
///     let single = try PostgresConnection(pair.singleURL)
/// }
/// ```
package final class ShardedPair: Sendable {
    /// The server holding the partitioned table, and the plain copy.
    package let coordinator: PostgresServer
    /// The servers holding the partitions, one each.
    package let shards: [PostgresServer]
    /// The table's name on both.
    package let table: String

    /// The database with the sharded table.
    package var shardedURL: String { coordinator.url(database: "sharded") }
    /// The database with the plain copy.
    package var singleURL: String { coordinator.url(database: "single") }

    /// Starts the coordinator and `shardCount` shards and loads `csv` into both tables.
    ///
    /// - Parameters:
    ///   - table: The table's name (a plain identifier).
    ///   - columns: The column definitions, as in `CREATE TABLE t (…)`.
    ///   - shardKey: The column the rows are spread over the shards by.
    ///   - csv: The rows, CSV without a header, in the order of `columns`.
    /// - Throws: ``PostgresServerError`` saying which step failed; the servers started are stopped.
    init(table: String, columns: String, shardKey: String, csv: String, shardCount: Int = 2)
        async throws(PostgresServerError)
    {
        var started: [PostgresServer] = []
        do throws(PostgresServerError) {
            for _ in 0..<shardCount { started.append(try await PostgresServer()) }
            let coordinator = try await PostgresServer()
            started.append(coordinator)
            for (number, shard) in started.dropLast().enumerated() {
                try await shard.psql("CREATE TABLE \(table)_\(number) (\(columns));")
            }
            try await coordinator.psql("CREATE DATABASE sharded; CREATE DATABASE single;")
            var script = "CREATE EXTENSION postgres_fdw;\n"
            script += "CREATE TABLE \(table) (\(columns)) PARTITION BY HASH (\(shardKey));\n"
            for (number, shard) in started.dropLast().enumerated() {
                script += """
                    CREATE SERVER shard_\(number) FOREIGN DATA WRAPPER postgres_fdw
                      OPTIONS (host '127.0.0.1', port '\(shard.port)', dbname 'postgres', fetch_size '10000');
                    CREATE USER MAPPING FOR PUBLIC SERVER shard_\(number) OPTIONS (user 'postgres');
                    CREATE FOREIGN TABLE \(table)_\(number) PARTITION OF \(table)
                      FOR VALUES WITH (MODULUS \(shardCount), REMAINDER \(number))
                      SERVER shard_\(number) OPTIONS (table_name '\(table)_\(number)');

                    """
            }
            try await coordinator.psql(script, database: "sharded")
            try await coordinator.psql("CREATE TABLE \(table) (\(columns));", database: "single")
            try await coordinator.load(table, csv: csv, database: "sharded")
            try await coordinator.load(table, csv: csv, database: "single")
            for shard in started.dropLast() { try await shard.psql("ANALYZE;") }
            try await coordinator.psql("ANALYZE \(table);", database: "sharded")
            try await coordinator.psql("ANALYZE \(table);", database: "single")
            self.coordinator = coordinator
            self.shards = Array(started.dropLast())
            self.table = table
        } catch {
            for server in started { await server.stop() }
            throw error
        }
    }

    /// Runs `body` with a new pair, and stops every server however `body` ends.
    ///
    /// `body` runs in the caller's isolation; the servers' own steps wait on threads of their
    /// own (``PostgresServer``).
    package static func with<Value>(
        table: String, columns: String, shardKey: String, csv: String, isolation: isolated (any Actor)? = #isolation,
        _ body: (ShardedPair) async throws -> Value
    ) async throws -> Value {
        let pair = try await ShardedPair(table: table, columns: columns, shardKey: shardKey, csv: csv)
        do {
            let value = try await body(pair)
            await pair.stop()
            return value
        } catch {
            await pair.stop()
            throw error
        }
    }

    /// Stops every server of the pair.
    package func stop() async {
        await coordinator.stop()
        for shard in shards { await shard.stop() }
    }
}
