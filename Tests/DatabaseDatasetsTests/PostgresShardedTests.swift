import BrowseSupport
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// A table sharded over two servers with postgres_fdw (the way Citus-style engines spread
/// one) answers every question as the same rows on one server do.
@Suite(.enabled(if: PostgresServer.isAvailable, "PostgreSQL 15 is not installed"))
struct PostgresShardedTests {
    /// 3,000 ticks, the same on every run: some prices missing, names with commas and quotes.
    static let csv: String = {
        let names = ["台積電", "聯發科", "鴻海", "A, \"quoted\" name", "中華電"]
        let markets = ["上市", "上櫃", "興櫃"]
        var lines: [String] = []
        for id in 1...3000 {
            let name = names[id % names.count].replacing("\"", with: "\"\"")
            let price = id % 17 == 0 ? "" : "\(100 + (id * 37) % 900).\(id % 100)"
            let day = "2024-\(String(format2: 1 + id % 12))-\(String(format2: 1 + id % 28))"
            lines.append(
                "\(id),\(1100 + id % 40),\"\(name)\",\(markets[id % 3]),\(price),\(id * 1000 % 777_777),\(day)")
        }
        return lines.joined(separator: "\n")
    }()

    static let columns =
        "id int8, code text, name text, market text, price numeric(8,2), volume int8, day date"

    private func answer(_ url: String, _ statement: SQLStatement) throws -> [[String?]] {
        let connection = try PostgresConnection(url)
        var rows: [[String?]] = []
        try connection.run(statement, stop: StopFlag()) { rows.append($0) }
        return rows
    }

    @Test func theShardedTableAnswersAsOneServerDoes() async throws {
        try await ShardedPair.with(table: "ticks", columns: Self.columns, shardKey: "id", csv: Self.csv) { pair in
            let table = SQLDialect.postgres.quoted("ticks")
            let questions = [
                SQLStatement("SELECT count(*) FROM \(table)"),
                SQLStatement("SELECT market, count(*), sum(volume) FROM \(table) GROUP BY market ORDER BY market"),
                SQLStatement("SELECT id, name, price FROM \(table) ORDER BY price DESC NULLS LAST, id LIMIT 25"),
                SQLStatement(
                    "SELECT min(price), max(price), avg(price), sum(volume), count(price), min(day), max(day) FROM \(table)"
                ),
                SQLStatement(
                    "SELECT id, code FROM \(table) WHERE name ILIKE $1 AND price > $2::numeric ORDER BY id",
                    parameters: ["%quoted%", "800"]),
                SQLStatement("SELECT * FROM \(table) WHERE id > $1::int8 ORDER BY id LIMIT 25", parameters: ["2990"]),
            ]
            for question in questions {
                let sharded = try answer(pair.shardedURL, question)
                let single = try answer(pair.singleURL, question)
                #expect(sharded == single, "\(question.text)")
                #expect(!sharded.isEmpty, "\(question.text)")
            }
            #expect(try answer(pair.shardedURL, questions[0]) == [["3000"]])
            // Each shard holds a part of the rows, not all of them.
            var parts: [Int] = []
            for (number, shard) in pair.shards.enumerated() {
                parts.append(Int(try await shard.psql("SELECT count(*) FROM ticks_\(number);").dropLast()) ?? 0)
            }
            #expect(parts.count == 2)
            #expect(parts.allSatisfy { $0 > 0 && $0 < 3000 })
            #expect(parts.reduce(0, +) == 3000)
            // The catalog lists the partitioned table once, with its shards' rows summed.
            let relations = try PostgresConnection(pair.shardedURL).relations(stop: StopFlag())
            #expect(relations.map(\.qualifiedName) == ["public.ticks"])
            #expect(relations.first?.rowCount == 3000)
        }
    }
}

extension String {
    /// `value` with two digits, as dates write months and days.
    fileprivate init(format2 value: Int) {
        self = value < 10 ? "0\(value)" : "\(value)"
    }
}
