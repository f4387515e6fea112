import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

/// The day screens against a loopback exchange that serves the new paths: both markets in one
/// list, a day without data said in the header, past days never asked twice, and the server's
/// own log showing no more than 3 requests in any 5 s.
@MainActor
@Suite struct DayReportScreenTests {
    static let files: [String: URL] = ExchangeHarness.files.merging([
        "T86_20230130": Fixture.url("T86_19fields_20230130_sample.json"),
        "BFI82U_20230130": Fixture.url("BFI82U_20230130_sample.json"),
        "TPEX_INSTI_20230130": Fixture.url("tpex_insti_tables1_20230130_sample.json"),
        "MI_MARGN_20230130": Fixture.url("MI_MARGN_20230130_sample.json"),
        "TPEX_MARGIN_20230130": Fixture.url("tpex_margin_20230130_sample.json"),
        "BWIBBU_d_20230130": Fixture.url("BWIBBU_d_20230130_sample.json"),
        "TPEX_PE_20230130": Fixture.url("tpex_peQryDate_20230130_sample.json"),
    ]) { first, _ in first }

    @Test func everyDayScreenOpensFromTheLoopbackExchangeWithinTheThrottle() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-days-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        var context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        context.options = OptionValues(["date": "2023-01-30"])
        let datasets: [(any Dataset, [String], String)] = [
            (
                InstitutionalDataset(), ["006201", "00679B", "2303", "2610"],
                "三大法人 2023-01-30 · 4 securities (上市 2 · 上櫃 2) · unit: shares"
            ),
            (
                MarginDataset(), ["0050", "00679B", "1229", "1231", "3105"],
                "融資融券 2023-01-30 · 5 securities (上市 3 · 上櫃 2) · unit: lots (張)"
            ),
            (
                ValuationDataset(), ["1101", "1240", "1258", "1310"],
                "本益比 殖利率 股價淨值比 2023-01-30 · 4 securities (上市 2 · 上櫃 2)"
            ),
        ]
        for (dataset, codes, first) in datasets {
            let screen = try dataset.makeRootScreen(context: context)
            await screen.load(force: false, progress: ProgressReporter())
            #expect(screen.column("code") == codes, "\(dataset.id): both markets in one list, by code")
            #expect(screen.headerLines.first == first)
        }
        let institutional = try InstitutionalDataset().makeRootScreen(context: context)
        await institutional.load(force: false, progress: ProgressReporter())
        #expect(institutional.headerLines.contains { $0 == "上市 net NT$ 合計 83,133,659,499" })
        #expect(Set(institutional.column("market")) == ["上市", "上櫃"])
        #expect(
            exchange.server.requests.count == 7, "a past day is asked once: \(exchange.server.requests.map(\.target))")

        // Without --date: the latest trading day as ticks finds it, which this exchange has no
        // report for.
        context.options = OptionValues([:])
        let latest = try InstitutionalDataset().makeRootScreen(context: context)
        await latest.load(force: false, progress: ProgressReporter())
        #expect(latest.headerLines.contains("上市: no data for 2025-03-04 (TWSE: 很抱歉，沒有符合條件的資料!)"))
        #expect(latest.headerLines.contains("上櫃: no data for 2025-03-04 (TPEx answered with no rows)"))
        #expect(latest.sourceFailures.isEmpty, "a day without data is not a failure")
        #expect(exchange.mostRequests(within: 5) <= 3, "the server saw \(exchange.mostRequests(within: 5)) in 5 s")
    }
}
