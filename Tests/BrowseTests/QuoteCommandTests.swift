import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// `browse quote` through the binary, against a loopback MIS service that changes its answer
/// between requests.
@Suite struct QuoteCommandTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("TWStockTests/Fixtures")

    static func answers(_ names: [String]) -> [URL] { names.map { fixtures.appendingPathComponent($0) } }

    static func environment(_ service: FakeQuoteService, cache: URL, now: String = "2025-06-30T04:50:00Z")
        -> [String: String]
    {
        service.environment.merging(["BROWSE_NOW": now, "XDG_CACHE_HOME": cache.path]) { $1 }
    }

    static func folder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-quote-\(UUID())", isDirectory: true)
    }

    /// 上市, 上櫃 and an index from one request, in one table at 80 columns; a last price that
    /// is not this snapshot's trade is marked, never blank.
    @Test func listedOTCAndIndexInOneTable() throws {
        let service = try FakeQuoteService(files: Self.answers(["mis_quote_mixed_4dp.json"]))
        defer { service.stop() }
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            ["quote", "2330", "6223", "t00", "--width", "80"], input: "",
            environment: Self.environment(service, cache: cache))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 80 }, "\(run.stdout)")
        #expect(run.stdout.contains("exchange time 2025-06-30 12:50:00"), "\(run.stdout)")
        let tsmc = try #require(lines.first { $0.contains("2330") })
        #expect(tsmc.contains("1,005.00") && tsmc.contains("▲9.00") && tsmc.contains("+0.90%"), "\(tsmc)")
        let otc = try #require(lines.first { $0.contains("6223") })
        #expect(otc.contains("110.00*"), "the last known price is marked: \(otc)")
        let index = try #require(lines.first { $0.contains("t00") })
        #expect(index.contains("22,480.81") && index.contains("▲25.44"), "\(index)")
        #expect(service.quoteRequests.count == 1, "one request for every code")
    }

    /// `--every 5 --count 3 --format csv`: the header once, then each snapshot's rows with the
    /// exchange's timestamp, exactly as the service wrote the prices.
    @Test func everyAppendsCSVRowsPerSnapshot() throws {
        let service = try FakeQuoteService(
            files: Self.answers(["mis_quote_mixed_4dp.json", "mis_quote_2dp_2019.json", "mis_quote_odd_lot.json"]))
        defer { service.stop() }
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            [
                "quote", "2330", "--format", "csv", "--every", "5", "--count", "3", "--columns",
                "code,last,change,pct,taken",
            ], input: "", environment: Self.environment(service, cache: cache))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(
            run.stdout == """
                code,last,change,pct,taken
                2330,1005.0000,9.0000,0.90,2025-06-30T12:50:00+08:00
                2330,238.00,-3.50,-1.45,2019-05-21T13:30:00+08:00
                2330,1004.0000,8.0000,0.80,2025-06-30T11:02:00+08:00

                """)
        #expect(service.server.requests.filter { $0.path == "/stock/index.jsp" }.count == 1)
        #expect(service.mostRequests(within: 5) <= 3)
    }

    /// `--format json` with `--every`: JSON Lines, one object per security per snapshot.
    @Test func everyWritesJSONLines() throws {
        let service = try FakeQuoteService(
            files: Self.answers(["mis_quote_mixed_4dp.json", "mis_quote_mixed_4dp.json"]))
        defer { service.stop() }
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            [
                "quote", "2330", "t00", "--format", "json", "--count", "2", "--every", "5", "--columns",
                "code,last,taken",
            ],
            input: "", environment: Self.environment(service, cache: cache))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(run.stdout)")
        #expect(lines.first == #"{"code": "2330", "last": 1005.0000, "taken": "2025-06-30T12:50:00+08:00"}"#)
        #expect(lines[1] == #"{"code": "t00", "last": 22480.81, "taken": "2025-06-30T12:50:00+08:00"}"#)
        for line in lines {
            #expect((try? JSONSerialization.jsonObject(with: Data(line.utf8))) is [String: Any], "\(line)")
        }
    }

    /// Two processes logging quotes at once share the quote host's budget: the server never
    /// sees more than 3 requests in any 5 s.
    @Test func twoProcessesShareTheBudget() async throws {
        let service = try FakeQuoteService(files: Self.answers(["mis_quote_mixed_4dp.json"]))
        defer { service.stop() }
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["quote", "2330", "--format", "csv", "--every", "5", "--count", "3"]
        let environment = Self.environment(service, cache: cache)
        let runs = try await ThrottleTests.runAtOnce([(arguments, environment), (arguments, environment)])
        #expect(runs.allSatisfy { $0.status == 0 }, "\(runs.map(\.stderr))")
        #expect(service.server.requests.count == 8, "a front page and 3 snapshots each")
        #expect(service.mostRequests(within: 5) <= 3, "\(ThrottleTests.breaches(service.server))")
    }

    /// The service's error is one line with its own message, and the run fails.
    @Test func serviceErrorIsOneLine() throws {
        let service = try FakeQuoteService(files: Self.answers(["mis_quote_rtcode_5001.json"]))
        defer { service.stop() }
        let cache = Self.folder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(["quote", "2330"], input: "", environment: Self.environment(service, cache: cache))
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(run.stderr)")
        #expect(run.stderr.contains("\"Query too frequently\" (rtcode 5001)"), "\(run.stderr)")
    }

    @Test func notACodeIsAUsageError() throws {
        let run = try Browse.run(["quote", "2330|2317"], input: "")
        #expect(run.status == 2)
        #expect(run.stderr.contains("is not a security or index code"), "\(run.stderr)")
    }
}
