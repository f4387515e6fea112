import FakeExchange
import Foundation
import ListKitTesting
import TestSupport
import Testing

/// `watch` on a screen whose rows are securities: it opens the quote screen of the rows on
/// the page, from one request for all their codes, and watches it; `b` goes back. Every wait
/// is for text on the screen or a request the server saw.
@Suite struct WatchRowsTests {
    @Test func watchOnCompaniesQuotesThePageAndBGoesBack() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let service = try FakeQuoteService(
            files: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json", "mis_quote_2dp_2019.json"]))
        defer { service.stop() }
        let folder = try ScratchFolder("watch-rows")
        let terminal = try PseudoTerminal.browse(
            ["companies", "--market", "listed"], in: folder, columns: 80, rows: 30,
            environment: sandbox.environment.merging(service.environment) { $1 }.merging([
                "BROWSE_NOW": WatchTests.open, "BROWSE_HISTORY": "",
            ]) { $1 })
        try terminal.waitFor("910322")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch 5\r")
        let opened = try terminal.waitFor("watching every 5 s · exchange time 12:50:00")
        #expect(opened.contains("companies › quote"), "the breadcrumb says where it came from: \(opened)")
        #expect(opened.contains("no quote for 910322"), "\(opened)")
        let first = try #require(service.quoteRequests.first)
        #expect(
            first.query("ex_ch")?.removingPercentEncoding == "tse_2330.tw|tse_910322.tw",
            "one request for every code on the page: \(first.target)")
        try terminal.waitFor(PseudoTerminal.prompt)
        let refreshed = try terminal.waitFor("watching every 5 s · exchange time 13:30:00")
        #expect(refreshed.contains("exchange time 2019-05-21 13:30:00"), "\(refreshed)")
        try terminal.waitFor(PseudoTerminal.prompt)
        #expect(service.quoteRequests.count == 2, "one request per refresh for the whole page")
        terminal.type("b\r")
        let back = try terminal.waitFor("rows 1–2 of 2")
        #expect(back.contains("910322") && !back.contains("watching every"), "back on the companies: \(back)")
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
        #expect(service.mostRequests(within: 5) <= 3)
    }

    @Test func watchOnAStockScreenQuotesTheStock() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let service = try FakeQuoteService(files: QuoteCommandTests.answers(["mis_quote_mixed_4dp.json"]))
        defer { service.stop() }
        let folder = try ScratchFolder("watch-stock")
        let terminal = try PseudoTerminal.browse(
            ["stock", "2330"], in: folder, columns: 80, rows: 30,
            environment: sandbox.environment.merging(service.environment) { $1 }.merging([
                "BROWSE_NOW": WatchTests.open, "BROWSE_HISTORY": "",
            ]) { $1 })
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("watch\r")
        let opened = try terminal.waitFor("watching every 10 s")
        #expect(opened.contains("› quote"), "\(opened)")
        #expect(service.quoteRequests.first?.query("ex_ch") == "tse_2330.tw", "the stock's own code")
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }
}
