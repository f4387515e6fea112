import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// The Taiwan market datasets end to end: the built binary against a loopback exchange, and
/// offline from an imported cache.
@Suite struct ExchangeTranscriptTests {
    func temporaryFolder() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-exchange-\(UUID())")
    }

    @Test func companiesToTicksToADetailOverTheNetwork() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let exchange = sandbox.exchange
        let environment = sandbox.environment
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
        ].map { ExchangeSandbox.fixture($0).path }
        let imported = try Browse.run(["import", "--cache-dir", cache.path] + files, input: Data())
        #expect(imported.status == 1, "a file was refused: the others are imported, and the run says it failed")
        #expect(imported.stderr.contains("; not imported: \(files[3])\n"), "\(imported.stderr)")
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
        let contradicted = try Browse.run(
            ["import", "--cache-dir", cache.path, "--date", "2025-03-05", files[1]], input: Data())
        #expect(contradicted.status == 1)
        #expect(
            contradicted.stderr.contains(
                "its own trading date is 2025-03-04 (from its file name), not --date 2025-03-05"))
        let arguments = ["companies", "--offline", "--cache-dir", "CACHE", "--width", "100", "-c", "/台積; 1; 3"]
        let run = try Browse.run(
            arguments.map { $0 == "CACHE" ? cache.path : $0 }, input: Data(),
            environment: ["BROWSE_NOW": ExchangeSandbox.now])
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
        #expect(run.stderr.contains("README.md: not a TWSE or MOPS data file of a kind known here"))
        #expect(run.stderr.contains("/nonexistent.csv: cannot read it"))
        #expect(try Browse.run(["import"], input: Data()).status == 2)
    }

    @Test func anOTCSecurityByItsCodeThroughTheBinary() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let environment = sandbox.environment
        let arguments = ["stock", "1240", "--months", "2", "--width", "80", "-c", "3; b; info"]
        let run = try Browse.run(arguments, input: Data(), environment: environment)
        try assertSnapshot(run.transcript(arguments: arguments, input: nil), named: "exchange-tpex-stock")
        #expect(run.status == 0)
        #expect(run.stderr.contains("1240: TWSE has no daily prices of it; TPEx answered (上櫃)"))
        #expect(run.stderr.contains("TPEx has no trading days of 1240 in 2025-05"))
        #expect(run.stdout.contains("volume (shares)  5,000 (TPEx: 成交張數 5 lots × 1,000)"))
        #expect(run.stdout.contains("note             * (TPEx's mark on this date)"))
    }

    @Test func everyHostAtOneMirrorSharesOneBudgetByTheServersOwnLog() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let exchange = sandbox.exchange
        let environment = sandbox.environment
        // Three MOPS lists, then four TWSE months and one TPEx month: eight requests to one
        // host:port, however the variables name it.
        let run = try Browse.run(
            ["companies", "-c", "stock 2330 --months 4; stock 1240; export json"], input: Data(),
            environment: environment)
        #expect(run.status == 0)
        let targets = exchange.arrivals.map(\.target)
        #expect(targets.count == 8)
        #expect(targets.contains { $0.hasPrefix("/opendata/") })
        #expect(targets.contains { $0.hasPrefix("/exchangeReport/STOCK_DAY?") })
        #expect(targets.contains { $0.hasPrefix("/www/zh-tw/afterTrading/tradingStock?") })
        #expect(exchange.mostRequests(within: 5) <= 3, "never 4 requests within 5 s in the server's log")
        // The JSON export of 1240: the change a number or null, the reason beside it.
        #expect(run.stdout.contains(#""change": null, "volume": 0"#))
        #expect(run.stdout.contains(#""note": "no trade""#))
        #expect(run.stdout.contains(#""date": "2025-06-05", "code": "1240", "name": "茂生農經""#))
        #expect(!run.stdout.contains(#""change": "X"#), "never text in the change field")
    }

    @Test func aNotComparedChangeIsNullWithTheReasonInTheNote() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let environment = sandbox.environment
        let json = try Browse.run(["stock", "2330", "--format", "json"], input: Data(), environment: environment)
        #expect(json.status == 0)
        #expect(
            json.stdout.contains(
                #"{"date": "2025-06-12", "code": "2330", "name": "台積電", "open": 1055.00, "high": 1060.00, "#
                    + #""low": 1045.00, "close": 1045.00, "change": null, "volume": 28661875, "value": 30064888046, "#
                    + #""transactions": 40293, "note": "X 不比價", "market": "上市"}"#))
        let csv = try Browse.run(["stock", "2330", "--format", "csv"], input: Data(), environment: environment)
        #expect(
            csv.stdout.hasPrefix("date,code,name,open,high,low,close,change,volume,value,transactions,note,market\n"))
        #expect(csv.stdout.contains("\n2025-06-13,2330,台積電,,,,,,0,0,0,no trade,上市\n"))
        let companies = try Browse.run(["companies", "--format", "tsv"], input: Data(), environment: environment)
        let header = companies.stdout.split(separator: "\n").first?.split(separator: "\t") ?? []
        #expect(header.count == 35, "the 33 fields of the source, the market and the industry's name")
        #expect(header.prefix(7) == ["code", "name", "company", "market", "industry", "capital", "listed"])
        let help = try Browse.run(["--help"], input: Data())
        #expect(help.stdout.contains("browse stock CODE [--months N]"))
        #expect(help.stdout.contains("--months N"))
    }

    @Test func aScriptRunningBrowseTwiceStaysWithinThreeRequestsInFiveSeconds() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let exchange = sandbox.exchange
        let environment = sandbox.environment
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
