import BrowseSupport
import Foundation
import PostgresTesting
import Testing

@testable import DatabaseDatasets

/// Figures for the record, not assertions: run by hand with `BROWSE_POSTGRES_TICKS` naming a
/// CSV written by `gen_ticks.py` (readable by the `postgres` user), e.g.
/// `python3 gen_ticks.py 1000000 > /tmp/ticks.csv; BROWSE_POSTGRES_TICKS=/tmp/ticks.csv swift
/// test --filter PostgresMeasurementTests`.
@Suite(
    .enabled(
        if: PostgresServer.isAvailable && ProcessInfo.processInfo.environment["BROWSE_POSTGRES_TICKS"] != nil,
        "BROWSE_POSTGRES_TICKS names no tick file"))
struct PostgresMeasurementTests {
    /// What one measurement found: rows, bytes, and times in milliseconds.
    private struct Figures: Sendable {
        var rows = 0
        var firstPage = 0.0
        var bytes = 0
        var export = 0.0
        var exactCount = 0
        var count = 0.0
    }

    private static func milliseconds(_ body: () throws -> Void) rethrows -> Double {
        let start = ContinuousClock.now
        try body()
        return milliseconds(since: start)
    }

    private static func milliseconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15
    }

    @Test func firstPageAndExportOfTheTickTable() async throws {
        let file = ProcessInfo.processInfo.environment["BROWSE_POSTGRES_TICKS"] ?? ""
        try await PostgresServer.with { server in
            try await server.psql(
                """
                CREATE TABLE staging (day text, code text, name text, market text, shares text, amount text,
                  open text, high text, low text, close text, change text, trades text);
                \\copy staging FROM '\(file)' (FORMAT csv, HEADER true)
                CREATE TABLE ticks AS
                SELECT day::date AS 日期, code AS 證券代號, name AS 證券名稱, market AS 市場,
                       replace(shares, ',', '')::int8 AS 成交股數, replace(amount, ',', '')::int8 AS 成交金額,
                       NULLIF(replace(open, ',', ''), '--')::numeric AS 開盤價, NULLIF(replace(high, ',', ''), '--')::numeric AS 最高價,
                       NULLIF(replace(low, ',', ''), '--')::numeric AS 最低價, NULLIF(replace(close, ',', ''), '--')::numeric AS 收盤價,
                       NULLIF(replace(change, ',', ''), '--')::numeric AS 漲跌價差, replace(trades, ',', '')::int8 AS 成交筆數
                  FROM staging;
                DROP TABLE staging;
                ALTER TABLE ticks ADD PRIMARY KEY (證券代號, 日期);
                VACUUM ANALYZE ticks;
                """)
            let url = server.url()
            // A million rows hold the thread for seconds: one of its own, not the pool's.
            let figures = try await OwnThread.run("measurement") { () throws -> Figures in
                var figures = Figures()
                var connection: PostgresConnection?
                figures.firstPage = try Self.milliseconds {
                    let opened = try PostgresConnection(url)
                    try opened.run(
                        SQLStatement("SELECT * FROM \"ticks\" ORDER BY \"證券代號\", \"日期\" LIMIT 25"), stop: StopFlag()
                    ) { _ in figures.rows += 1 }
                    connection = opened
                }
                guard let sink = FileHandle(forWritingAtPath: "/dev/null") else { return figures }
                // Written as a byte writer does: in blocks of 64 KiB (each chunk is one row).
                var buffer: [UInt8] = []
                buffer.reserveCapacity(1 << 16)
                figures.export = try Self.milliseconds {
                    try connection?.export(SQLStatement("SELECT * FROM \"ticks\""), stop: StopFlag()) { chunk in
                        figures.bytes += chunk.count
                        buffer.append(contentsOf: chunk)
                        if buffer.count >= 1 << 16 {
                            sink.write(Data(buffer))
                            buffer.removeAll(keepingCapacity: true)
                        }
                    }
                    sink.write(Data(buffer))
                }
                figures.count = try Self.milliseconds {
                    figures.exactCount =
                        try connection?.exactCount(
                            of: DatabaseRelation(
                                schema: "public", name: "ticks", isView: false, rowCount: nil, rowCountIsEstimate: true),
                            stop: StopFlag()) ?? 0
                }
                return figures
            }
            #expect(figures.rows == 25)
            #expect(figures.bytes > 0)
            let start = ContinuousClock.now
            try await server.psql("\\copy (SELECT * FROM ticks) TO '/dev/null' (FORMAT csv)")
            let psqlExport = Self.milliseconds(since: start)
            print(
                "measured: rows \(figures.exactCount); connect + first page \(figures.firstPage) ms;"
                    + " export \(figures.bytes) bytes in \(figures.export) ms; psql \\copy \(psqlExport) ms;"
                    + " exact count \(figures.count) ms")
        }
    }
}
