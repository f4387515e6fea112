import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// The Taiwan market datasets end to end: the built binary against a loopback exchange, and
/// offline from an imported cache.
@Suite struct ExchangeTranscriptTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TWStockTests/Fixtures")

    static let files: [String: URL] = [
        "companies_L": fixtures.appendingPathComponent("t187ap03_L_bom_crlf.csv"),
        "companies_O": fixtures.appendingPathComponent("tpex_company_sample.json"),
        "companies_R": fixtures.appendingPathComponent("t187ap03_R_sample.csv"),
        "STOCK_DAY_ALL_20250304": fixtures.appendingPathComponent("STOCK_DAY_ALL_20250304_sample.csv"),
        "STOCK_DAY_2330_202506": fixtures.appendingPathComponent("STOCK_DAY_2330_202506_sample.json"),
    ]

    /// June 30 2025, noon in Taipei: the drill fetches June.
    static let now = "2025-06-30T04:00:00Z"

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-exchange-\(UUID())")
    }

    @Test func companiesToTicksToADetailOverTheNetwork() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = exchange.environment
        environment["BROWSE_NOW"] = Self.now
        environment["XDG_CACHE_HOME"] = cache.path
        let arguments = ["companies", "--width", "100", "-c", "/台積; 1; 3; b; older"]
        let run = try Browse.run(arguments, input: Data(), environment: environment)
        try assertSnapshot(run.transcript(arguments: arguments, input: nil), named: "exchange-drill")
        #expect(run.status == 0)
        #expect(run.stdout.contains("datasets › companies › 2330 台積電 › 2330 台積電 2025-06-12"))
        #expect(exchange.server.requests.map(\.path).contains("/exchangeReport/STOCK_DAY"))
    }

    @Test func theSameOfflineFromAnImportedCache() throws {
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let files = [
            "t187ap03_L_bom_crlf.csv", "STOCK_DAY_ALL_20250304_sample.csv", "STOCK_DAY_2330_202506_sample.json",
            "twse_block_page.html",
        ].map { Self.fixtures.appendingPathComponent($0).path }
        let imported = try Browse.run(["import", "--cache-dir", cache.path] + files, input: Data())
        #expect(imported.status == 0)
        #expect(imported.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("imported ") }.count == 3)
        #expect(imported.stdout.contains("STOCK_DAY_ALL CSV (2025-03-04), 6 records"), "dated by its file name")
        #expect(imported.stderr.contains("block page, not data"))
        // A file whose name carries no date needs --date.
        let undated = cache.appendingPathComponent("day.csv")
        try FileManager.default.copyItem(atPath: files[1], toPath: undated.path)
        let refused = try Browse.run(["import", "--cache-dir", cache.path, undated.path], input: Data())
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("day.csv carries no trading date; give it with --date yyyy-mm-dd"))
        let dated = try Browse.run(
            ["import", "--cache-dir", cache.path, "--date", "2025-03-04", undated.path], input: Data())
        #expect(dated.status == 0)
        let arguments = ["companies", "--offline", "--cache-dir", "CACHE", "--width", "100", "-c", "/台積; 1; 3"]
        let run = try Browse.run(
            arguments.map { $0 == "CACHE" ? cache.path : $0 }, input: Data(), environment: ["BROWSE_NOW": Self.now])
        try assertSnapshot(run.transcript(arguments: arguments, input: nil), named: "exchange-offline")
        #expect(run.stdout.contains("offline: cached"))
        #expect(run.stdout.contains("2025-06-12"))
        #expect(run.stdout.contains("2025-03-04"), "the imported all-market day")
    }

    @Test func importRefusesWhatItCannotUseAndFailsWhenNothingIsImported() throws {
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md").path
        let run = try Browse.run(["import", "--cache-dir", cache.path, readme, "/nonexistent.csv"], input: Data())
        #expect(run.status == 1)
        #expect(run.stderr.contains("README.md: not a TWSE or MOPS data file that browse knows"))
        #expect(run.stderr.contains("/nonexistent.csv: cannot read it"))
        #expect(try Browse.run(["import"], input: Data()).status == 2)
    }

    @Test func aScriptRunningBrowseTwiceStaysWithinThreeRequestsInFiveSeconds() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        var environment = exchange.environment
        environment["XDG_CACHE_HOME"] = cache.path
        // Two processes at once over one cache folder, each refreshing the latest day three
        // times: at least six requests to one host, which the shared throttle file must spread.
        let browse = Browse.executable.path
        let script = """
            "\(browse)" ticks -c 'r; r; r' >/dev/null &
            "\(browse)" ticks -c 'r; r; r' >/dev/null &
            wait
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        process.environment = Browse.environment(environment)
        try process.run()
        process.waitUntilExit()
        let times = exchange.server.requests.map(\.receivedAt.timeIntervalSince1970).sorted()
        #expect(times.count >= 6)
        for index in 3..<times.count {
            #expect(times[index] - times[index - 3] >= 4.9, "no four requests within five seconds")
        }
    }
}
