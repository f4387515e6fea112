import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// `market` loads what it adds as any screen loads: a failure is said once, and again only
/// when a command asks for that market again.
@Suite struct MarketCommandTests {
    @Test func aMarketThatFailsIsSaidOnceAndTheScreenStays() throws {
        let sandbox = try ExchangeSandbox(files: ExchangeSandbox.files.filter { $0.key != "companies_O" })
        defer { sandbox.close() }
        let script = "market otc; market emerging; market otc"
        let run = try Browse.run(
            ["companies", "--market", "listed", "-c", script], input: Data(), environment: sandbox.environment)
        #expect(run.status == 1, "a market that did not load fails the script")
        let said = run.stderr.components(separatedBy: "上櫃 did not load").count - 1
        #expect(said == 2, "once when it failed, once when asked again, never on another market: \(run.stderr)")
        let screens = run.stdout.components(separatedBy: "> market ")
        try #require(screens.count == 4, "\(run.stdout)")
        #expect(screens[1].contains("上市 · "), "the screen stays on 上市 when 上櫃 fails: \(screens[1])")
        #expect(screens[2].contains("興櫃 · 1 company"), "another market still loads: \(screens[2])")
    }
}
