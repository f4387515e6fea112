import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// A security's screen through the built binary: the market found from what this run learned,
/// each cached month read once, and `older` loading the way a screen loads.
@Suite struct SecurityScreenProcessTests {
    func environment(_ exchange: FakeExchange) -> [String: String] {
        var environment = exchange.environment
        environment["BROWSE_NOW"] = ExchangeTranscriptTests.now
        return environment
    }

    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-security-\(UUID())")
    }

    @Test func aCodeTheListsLearnedThisRunGoesStraightToItsExchange() throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        // The first screen opens before any company list is on disk; `companies` downloads them.
        let run = try Browse.run(
            ["stock", "2330", "--cache-dir", cache.path, "-c", "companies; stock 1240"], input: Data(),
            environment: environment(exchange))
        #expect(run.status == 0, "\(run.stderr)")
        let targets = exchange.server.requests.map(\.target)
        #expect(targets.contains("/www/zh-tw/afterTrading/tradingStock?code=1240&date=2025/06/01&response=json"))
        #expect(!targets.contains { $0.contains("stockNo=1240") }, "TWSE was asked for 1240: \(targets)")
        #expect(!run.stderr.contains("TWSE has no daily prices of it"))
    }

    @Test func aDamagedCopyOfAMonthIsSaidOnce() throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let online = try Browse.run(
            ["companies", "--cache-dir", cache.path, "-c", "/台積; 1"], input: Data(), environment: environment(exchange))
        #expect(online.status == 0, "\(online.stderr)")
        let folder = cache.appendingPathComponent("twse/STOCK_DAY/2330")
        let body = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                $0.hasPrefix("202506.") && $0.hasSuffix(".body")
            })
        var bytes = try Data(contentsOf: folder.appendingPathComponent(body))
        bytes[bytes.startIndex] ^= 0xFF
        try bytes.write(to: folder.appendingPathComponent(body))
        let offline = try Browse.run(
            ["companies", "--offline", "--cache-dir", cache.path, "-c", "/台積; 1"], input: Data(),
            environment: environment(exchange))
        let said = offline.stderr.split(separator: "\n").filter { $0.contains("ignoring the cached") }
        #expect(said.count == 1, "\(offline.stderr)")
    }

    @Test func olderWhoseMonthFailsIsSaidOnceAsTheScreensLoadAndFailsTheScript() throws {
        var files = ExchangeTranscriptTests.files
        files["STOCK_DAY_2330_202505"] = ExchangeTranscriptTests.fixtures.appendingPathComponent(
            "STOCK_DAY_2330_title_month_differs.json")
        let exchange = try FakeExchange(files: files)
        defer { exchange.stop() }
        let cache = temporaryFolder()
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            ["stock", "2330", "--cache-dir", cache.path, "-c", "older"], input: Data(),
            environment: environment(exchange))
        #expect(run.status == 1, "no month arrived: the script fails")
        let said = run.stderr.split(separator: "\n").filter { $0.contains("month 2025-05 did not load") }
        #expect(said.count == 1, "\(run.stderr)")
        #expect(said.first?.hasPrefix("browse: 2330 台積電: month 2025-05 did not load: ") == true, "\(run.stderr)")
        #expect(run.stdout.contains("2025-06-16"), "June is still shown")
    }

    @Test func ctrlCDuringOlderKeepsTheMonthsThatArrivedAndOlderAsksTheRestFirst() throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        let folder = try LineEditorTests.Folder()
        let editor = LineEditorTests()
        let terminal = try editor.start(
            ["stock", "2330", "--cache-dir", folder.path + "/cache"], in: folder, environment: environment(exchange))
        try terminal.waitFor(LineEditorTests.prompt)
        // May and April answer at once; March is held back, and Ctrl-C comes while it is asked.
        exchange.hold(true, requestsContaining: "date=20250301")
        terminal.type("older 4\r")
        try exchange.server.waitUntil("the request for March") {
            $0.contains { $0.target.contains("date=20250301") }
        }
        terminal.send([0x03])
        try terminal.waitFor("2 of 4 months arrived before Ctrl-C; older fetches the rest first")
        try terminal.waitFor(LineEditorTests.prompt)
        #expect(!exchange.server.requests.contains { $0.target.contains("date=20250201") }, "February was not asked")
        exchange.hold(false, requestsContaining: "date=20250301")
        let before = exchange.server.requests.count
        terminal.type("older\r")
        try exchange.server.waitUntil("March, February and January") { $0.count >= before + 3 }
        try terminal.waitFor("older fetches 2024-12")
        try terminal.waitFor(LineEditorTests.prompt)
        terminal.type("q\r")
        try editor.expectEnded(terminal, .exited(0))
        let dates = exchange.server.requests.dropFirst(before).compactMap { $0.query("date") }
        #expect(dates == ["20250301", "20250201", "20250101"], "the months Ctrl-C stopped, then one more")
    }
}
