import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

@MainActor
@Suite struct DatasetTests {
    func context(_ harness: ExchangeHarness, options: [String: String] = [:], offline: Bool = false) -> DatasetContext {
        harness.context(options: options, offline: offline)
    }

    @Test func companiesMergeTheThreeMarketsByCodeAndSayWhatIsLoaded() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.loadedSources == ["上市", "上櫃", "興櫃"])
        let codes = screen.column("code")
        #expect(codes == codes.sorted(), "sorted by code")
        #expect(Set(codes).count == codes.count, "no code twice")
        #expect(screen.headerLines.first == "上市 上櫃 興櫃 · \(codes.count) companies", "the subtitle names the markets")
        #expect(screen.headerLines.last?.hasPrefix("MOPS data as of ") == true, "\(screen.headerLines)")
        try screen.applyFilter("台積")
        #expect(screen.column("capital") == ["259327332420"], "exported without separators")
    }

    @Test func aMarketThatFailsIsNamedAndTheOthersStillShow() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context(harness))
        // The emerging market's file is missing on this server: a 404.
        let exchange = try FakeExchange(files: ExchangeHarness.files.filter { $0.key != "companies_R" })
        defer { exchange.stop() }
        let partial = try CompaniesDataset().makeRootScreen(
            context: ExchangeHarness.context(
                exchange: exchange, cache: harness.cacheFolder.appendingPathComponent("partial"), now: harness.clock.now
            ))
        await partial.load(force: false, progress: ProgressReporter())
        #expect(partial.state == .loaded)
        #expect(partial.sourceFailures.map(\.source) == ["興櫃"])
        #expect(partial.sourceFailures.first?.reason.contains("HTTP 404") == true)
        #expect(partial.count > 0)
        // The header names what loaded, once: not 興櫃, and no count of the whole after a switch.
        #expect(partial.headerLines.first == "上市 上櫃 · \(partial.count) companies", "\(partial.headerLines)")
        let market = try #require(partial.commands.first { $0.name == "market" })
        // As the session runs it: the market it added loads, then the screen shows it.
        guard case .load(let then) = try await market.run("otc", ProgressReporter()) else {
            Issue.record("market otc loads through the session")
            return
        }
        await partial.load(force: false, progress: ProgressReporter())
        _ = try then(.finished, ProgressReporter())
        #expect(partial.headerLines.first?.hasPrefix("上櫃 · \(partial.count) compan") == true, "\(partial.headerLines)")
        #expect(!partial.headerLines.joined().contains("筆"), "no second count of every market: \(partial.headerLines)")
        #expect(partial.headerLines.count == 2 && partial.headerLines[1].hasPrefix("MOPS data as of "))
        _ = screen
    }

    @Test func theMarketOptionLoadsOneMarketAndTheCommandAddsAnother() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context(harness, options: ["market": "listed"]))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.loadedSources == ["上市"])
        #expect(harness.requests == ["/opendata/t187ap03_L.csv"])
        #expect(Set(screen.column("market")) == ["上市"])
        let market = try #require(screen.commands.first { $0.name == "market" })
        /// Runs `market` as the session does: the markets it added load, then it shows them.
        func run(_ arguments: String, _ progress: ProgressReporter = ProgressReporter()) async throws {
            guard case .load(let then) = try await market.run(arguments, progress) else {
                Issue.record("market \(arguments) loads through the session")
                return
            }
            await screen.load(force: false, progress: progress)
            _ = try then(.finished, progress)
        }
        try await run("otc")
        #expect(Set(screen.column("market")) == ["上櫃"])
        let progress = ProgressReporter()
        try await run("otc", progress)
        #expect(progress.takeNotes().isEmpty, "already loaded is not a warning")
        #expect(screen.headerLines.first?.hasSuffix("already loaded (已經拿過資料); r downloads it again") == true)
        #expect(screen.headerLines.first?.hasPrefix("上櫃 · ") == true, "the subtitle names the market shown")
        #expect(harness.requests.count == 2, "a market already loaded is not fetched again")
        try await run("all")
        #expect(Set(screen.column("market")) == ["上市", "上櫃", "興櫃"])
        #expect(throws: DatasetOptionError.self) {
            try CompaniesDataset().makeRootScreen(context: context(harness, options: ["market": "nasdaq"]))
        }
        do {
            try await run("nasdaq")
            Issue.record("an unknown market is an error")
        } catch {
            #expect(
                String(describing: error)
                    == "no market \"nasdaq\"; type market listed (上市), otc (上櫃), emerging (興櫃) or all",
                "the command answers in the screen's words")
        }
    }

    @Test func aListedCompanyDrillsIntoItsTicksNewestFirst() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let ctx = context(harness)
        let store = try ctx.marketData()
        _ = try await store.latestMarketDay(request: load().0)
        let screen = try CompaniesDataset().makeRootScreen(context: ctx)
        await screen.load(force: false, progress: ProgressReporter())
        try screen.applyFilter("2330")
        guard case .push(let ticks) = try screen.select(at: 0) else {
            Issue.record("a listed company drills down")
            return
        }
        #expect(ticks.title == "2330 台積電")
        await ticks.load(force: false, progress: ProgressReporter())
        let dates = ticks.column("date")
        #expect(dates.first == "2025-06-16")
        #expect(dates == dates.sorted(by: >), "newest first")
        #expect(dates.contains("2025-03-04"), "a day from the cached all-market file")
        #expect(ticks.headerLines.contains { $0.hasPrefix("close ") && $0.contains("→") }, "a sparkline of closes")
        #expect(harness.requests.filter { $0.hasPrefix("/exchangeReport/STOCK_DAY?") }.count == 1)
        guard case .detail(let detail) = try ticks.select(at: 2) else {
            Issue.record("a tick shows its detail")
            return
        }
        #expect(
            detail.fields.contains(.init("change", "X — not compared (不比價: ex-rights, ex-dividend or a new listing)")))
        #expect(detail.fields.contains(.init("company", "台灣積體電路製造股份有限公司")))
        let driver = ScreenDriver(ticks, context: ctx)
        _ = await driver.start()
        let older = await driver.run("older")
        #expect(!older.failed, "\(older.messages)")
        #expect(harness.requests.last == "/exchangeReport/STOCK_DAY?response=json&date=20250501&stockNo=2330")
        // Six requests went to one host in quick succession: the throttle spread them out.
        let times = harness.exchange.server.requests.map(\.receivedAt.timeIntervalSince1970).sorted()
        #expect(times.count == 6)
        for index in 3..<times.count {
            #expect(times[index] - times[index - 3] >= 4.9, "never more than 3 requests in 5 seconds")
        }
    }

    @Test func anOTCCompanyDrillsIntoItsTPExMonthsAndAnEmergingOneSaysThereAreNone() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        try screen.applyFilter("1240")
        guard case .push(let days) = try screen.select(at: 0) else {
            Issue.record("a 上櫃 company drills into its days")
            return
        }
        #expect(days.title == "1240 茂生農經")
        await days.load(force: false, progress: ProgressReporter())
        #expect(days.column("date") == ["2025-06-05", "2025-06-04", "2025-06-03", "2025-06-02"], "newest first")
        #expect(days.column("volume") == ["1000000", "0", "5000", "12000"], "TPEx's lots, in shares")
        #expect(days.column("value") == ["61000000", "0", "300000", "1234000"], "TPEx's NT$ thousands, in NT$")
        #expect(days.column("close") == ["61.00", "", "60.00", "60.50"])
        #expect(days.column("note") == ["＊", "no trade", "*", ""])
        #expect(days.headerLines.contains { $0.hasPrefix("close ") && $0.contains("→") }, "a sparkline of closes")
        #expect(days.headerLines.contains { $0.contains("TPEx's lots and NT$ thousands ×1,000") }, "says it converted")
        #expect(
            harness.requests.contains("/www/zh-tw/afterTrading/tradingStock?code=1240&date=2025/06/01&response=json"))
        #expect(!harness.requests.contains { $0.hasPrefix("/exchangeReport/STOCK_DAY?") }, "TWSE is not asked")
        guard case .detail(let detail) = try days.select(at: 0) else {
            Issue.record("a day shows its detail")
            return
        }
        #expect(detail.fields.contains(.init("volume (shares)", "1,000,000 (TPEx: 成交張數 1,000 lots × 1,000)")))
        #expect(detail.fields.contains(.init("value (NT$)", "61,000,000 (TPEx: 成交仟元 61,000 thousands × 1,000)")))
        #expect(detail.fields.contains(.init("note", "＊ (TPEx's mark on this date)")))
        #expect(detail.fields.contains(.init("company", "茂生農經股份有限公司")), "the day's company")
        let driver = ScreenDriver(days, context: context(harness))
        _ = await driver.start()
        let older = await driver.run("older")
        #expect(older.messages == ["TPEx has no trading days of 1240 in 2025-05"])

        try screen.applyFilter("6999")
        guard case .detail(let emerging) = try screen.select(at: 0) else {
            Issue.record("a 興櫃 company shows its detail")
            return
        }
        #expect(
            emerging.notes.first
                == "6999 is a 興櫃 (emerging) security: no daily prices are published for the 興櫃 market "
                + "(TWSE publishes 上市 prices, TPEx 上櫃 prices), so there is no history to show")
    }

    @Test func ticksShowTheLatestDayAndNoPriceForNoTrade() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try TicksDataset().makeRootScreen(context: context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.headerLines.first?.hasPrefix("STOCK_DAY_ALL 2025-03-04") == true)
        #expect(screen.columnChoice.shown(screen.columns).first?.name == "code", "the date is in the header")
        #expect(screen.columnNames.first == "date", "and in every export")
        try screen.applyFilter("00643K")
        #expect(screen.column("close") == [""])
        #expect(screen.column("change") == [""])
        #expect(screen.column("note") == ["no trade"], "why the prices are missing")
        try screen.applyFilter("0050")
        #expect(screen.column("date") == ["2025-03-04"])
        #expect(screen.column("close") == ["186.80"])
        #expect(screen.column("change") == ["-1.2500"], "the exchange's own decimals")
    }

    @Test func aRowOfTicksDrillsIntoThatSecuritysMonths() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try TicksDataset().makeRootScreen(context: context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        try screen.applyFilter("0050")
        guard case .push(let days) = try screen.select(at: 0) else {
            Issue.record("an ETF's row drills into its months")
            return
        }
        #expect(days.title == "0050 元大台灣50")
        await days.load(force: false, progress: ProgressReporter())
        #expect(days.column("date") == ["2025-03-04"], "the cached all-market day")
        #expect(harness.requests.last == "/exchangeReport/STOCK_DAY?response=json&date=20250601&stockNo=0050")
        #expect(days.headerLines.first == "0050 元大台灣50 · 上市 (TWSE)")
        guard case .detail(let detail) = try days.select(at: 0) else {
            Issue.record("a day of an ETF shows its detail")
            return
        }
        #expect(detail.title == "0050 元大台灣50 2025-03-04")
        let info = try #require(days.commands.first { $0.name == "info" })
        guard case .detail(let about) = try await info.run("", ProgressReporter()) else {
            Issue.record("info shows what is known of an ETF")
            return
        }
        #expect(about.fields.contains(.init("market", "上市 (listed)")))
    }
}

extension ListScreen {
    func column(_ name: String) -> [String] {
        var values: [String] = []
        forEachRow { cells in values.append(cells.first { $0.name == name }?.cell.value.exportText ?? "?") }
        return values
    }
}
