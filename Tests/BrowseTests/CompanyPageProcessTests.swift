import FakeExchange
import Foundation
import ListKitTesting
import TestSupport
import Testing

/// The company page through the built binary, for a 上市 and a 上櫃 company: each report opens
/// from the security's screen, Tab offers its words, `info` names them, `chart` draws a history
/// of flows, and `adjusted` marks its prices as computed.
@Suite struct CompanyPageProcessTests {
    struct Exchange {
        let exchange: FakeExchange
        let folder: URL
        let cache: URL

        init() throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-page-files-\(UUID())")
            var files = try CompanyPageFiles.make(in: folder, fixtures: ExchangeSandbox.fixtures)
            files.merge(ExchangeSandbox.files) { first, _ in first }
            files["MOPS_sii_114_4"] = ExchangeSandbox.fixtures.appendingPathComponent(
                "MOPS_t21sc03_sii_114_4_sample_big5.html")
            files["MOPS_otc_114_4"] = ExchangeSandbox.fixtures.appendingPathComponent(
                "MOPS_t21sc03_otc_114_4_sample_big5.html")
            exchange = try FakeExchange(files: files)
            cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-page-\(UUID())")
        }

        var environment: [String: String] {
            var environment = exchange.environment
            environment["BROWSE_NOW"] = ExchangeSandbox.now
            return environment
        }

        func run(_ code: String, _ commands: String) throws -> Run {
            try Browse.run(
                ["stock", code, "--width", "100", "--cache-dir", cache.path, "-c", commands], input: Data(),
                environment: environment)
        }

        func stop() {
            exchange.stop()
            try? FileManager.default.removeItem(at: folder)
            try? FileManager.default.removeItem(at: cache)
        }
    }

    @Test func aListedCompanysPageReachesEveryReport() throws {
        let exchange = try Exchange()
        defer { exchange.stop() }
        let run = try exchange.run(
            "2330", "info; b; flows 3; chart; b; b; margin 2; b; valuation 2; b; dividends; b; revenue 1; b; adjusted")
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(
            out.contains("company page: flows [N] · margin [N] · valuation [N] · dividends · revenue [N] · adjusted"))
        #expect(out.contains("2330 台積電 三大法人 · 3 trading days 2025-02-27 – 2025-03-04 · unit: shares"))
        #expect(out.contains("datasets › 2330 台積電 › 2330 台積電 institutional"))
        #expect(out.contains("total_net and foreign_net by date · "), "a history of flows charts")
        #expect(out.contains("2330 台積電 融資融券 · 2 trading days"))
        #expect(out.contains("2330 台積電 本益比 殖利率 股價淨值比 · 2 trading days"))
        #expect(out.contains("2330 台積電 除權息 · 2 ex-dates in 2021 – 2025"))
        #expect(out.contains("2330 台積電 月營收 · 1 month"))
        #expect(run.stderr.contains("2330 台積電: prices adjusted (computed) for 1 ex-date (2025-06-12)"))
        #expect(out.contains("2330 台積電 · adjusted (computed)"))
        #expect(out.contains("1,040.5000"), "an adjusted close")
        #expect(exchange.exchange.mostRequests(within: 5) <= 3)
    }

    @Test func anOTCCompanysPageReachesEveryReport() throws {
        let exchange = try Exchange()
        defer { exchange.stop() }
        let run = try exchange.run(
            "1240", "flows 2; b; margin 2; chart; b; b; valuation 1; b; dividends; b; revenue 1; b; adjusted")
        #expect(run.status == 0, "\(run.stderr)")
        let out = run.stdout
        #expect(out.contains("1240 茂生農經 三大法人 · 2 trading days 2025-03-03 – 2025-03-04"))
        #expect(out.contains("1240 茂生農經 融資融券 · 2 trading days"))
        #expect(out.contains("margin_balance and short_balance by date · "), "a history of margin charts")
        #expect(out.contains("1240 茂生農經 除權息 · 1 ex-date in 2021 – 2025"))
        #expect(out.contains("1240 茂生農經 月營收 · 1 month"))
        #expect(run.stderr.contains("1240 茂生農經: prices adjusted (computed) for 1 ex-date (2025-06-04)"))
        #expect(out.contains("58.9875"), "60.50 × 58.50 ÷ 60.00")
        let posts = exchange.exchange.server.requests.filter { $0.path == "/www/zh-tw/bulletin/exDailyQ" }
        #expect(posts.count == 5, "dividends asks a year a request; adjusted reads the cached year")
        // The same page again: every past report from the cache.
        let asked = exchange.exchange.server.requests.count
        let again = try exchange.run("1240", "flows 2; b; dividends")
        #expect(again.status == 0)
        let newRequests = exchange.exchange.server.requests.dropFirst(asked).map(\.path)
        #expect(
            newRequests.allSatisfy {
                $0 == "/www/zh-tw/afterTrading/tradingStock" || $0 == "/www/zh-tw/bulletin/exDailyQ"
            },
            "only this month's prices and this year's ex-dates are asked again: \(newRequests)")
    }

    @Test func tabCompletesThePagesWords() throws {
        let exchange = try Exchange()
        defer { exchange.stop() }
        let terminal = try PseudoTerminal(
            Browse.executable.path, ["stock", "2330", "--cache-dir", exchange.cache.path],
            environment: Browse.environment(
                exchange.environment.merging(["TERM": "xterm-256color", "BROWSE_HISTORY": ""]) { _, new in new }))
        _ = try terminal.waitFor("2330 台積電")
        _ = try terminal.waitFor("> ")
        terminal.type("divi\t")
        _ = try terminal.waitFor("dividends")
        terminal.type("\u{15}flo\t")
        _ = try terminal.waitFor("flows")
        terminal.type("\u{15}adj\t")
        _ = try terminal.waitFor("adjusted")
        terminal.type("\u{15}q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
    }
}
