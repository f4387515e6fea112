import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

/// The company page: from a security's screen, its flows, margin and valuation over its last
/// trading days, its ex-dates of five years and its months of revenue, each gathered from the
/// market's answers (one request per day, year or month, kept for good), and its prices adjusted
/// for ex-rights and dividends, exactly.
@MainActor
@Suite struct CompanyPageTests {
    /// A fake exchange serving the base files, MOPS's April, and a company page's files.
    @MainActor
    struct Page {
        let harness: ExchangeHarness
        let exchange: FakeExchange
        let cache: URL
        let folder: URL
        let context: DatasetContext

        init(holdsRequests: Bool = false) throws {
            folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-page-files-\(UUID())")
            var files = try CompanyPageFiles.make(in: folder, fixtures: Fixture.folder)
            files.merge(ExchangeHarness.files) { first, _ in first }
            files["MOPS_sii_114_4"] = Fixture.url("MOPS_t21sc03_sii_114_4_sample_big5.html")
            files["MOPS_otc_114_4"] = Fixture.url("MOPS_t21sc03_otc_114_4_sample_big5.html")
            harness = try ExchangeHarness()
            exchange = try FakeExchange(files: files)
            cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-page-\(UUID())")
            context = ExchangeHarness.context(
                exchange: exchange, cache: cache, now: harness.clock.now, holdsRequests: holdsRequests)
        }

        func stock(_ code: String) throws -> any ListScreen {
            try StockCommand.make(DatasetCommand.Arguments(positionals: [code], options: [:]), context: context)
        }

        /// Runs a screen's command and loads the screen it opens, as the front end does.
        func open(_ command: String, _ arguments: String = "", on screen: any ListScreen) async throws -> any ListScreen
        {
            let found = try #require(screen.commands.first { $0.name == command }, "\(screen.title) has \(command)")
            guard case .push(let pushed) = try await found.run(arguments, ProgressReporter()) else {
                throw PageError.notPushed(command)
            }
            await pushed.load(force: false, progress: ProgressReporter())
            return pushed
        }

        func cleanUp() {
            exchange.stop()
            harness.cleanUp()
            try? FileManager.default.removeItem(at: cache)
            try? FileManager.default.removeItem(at: folder)
        }
    }

    enum PageError: Error { case notPushed(String) }

    @Test func flowsMarginAndValuationOfAListedCompanyComeFromItsDays() async throws {
        let page = try Page()
        defer { page.cleanUp() }
        let screen = try page.stock("2330")
        await screen.load(force: false, progress: ProgressReporter())
        let flows = try await page.open("flows", "3", on: screen)
        #expect(flows.title == "2330 台積電 institutional")
        #expect(flows.column("date") == ["2025-03-04", "2025-03-03", "2025-02-27"], "the last trading days")
        #expect(flows.column("total_net") == ["1000", "2000", "3000"], "each day's own answer")
        #expect(flows.column("code") == ["2330", "2330", "2330"])
        #expect(flows.headerLines.first == "2330 台積電 三大法人 · 3 trading days 2025-02-27 – 2025-03-04 · unit: shares")
        #expect(flows.chartRequest?.y.name == "total_net", "a history of flows charts")
        let margin = try await page.open("margin", "3", on: screen)
        #expect(margin.column("short_balance") == ["511", "512", "513"])
        #expect(margin.chartRequest?.y.name == "margin_balance")
        let valuation = try await page.open("valuation", "2", on: screen)
        #expect(valuation.column("yield") == ["1.51", "1.52"])
        let dayRequests = page.exchange.server.requests.map(\.path).filter { $0.hasPrefix("/rwd/zh/fund/T86") }
        #expect(dayRequests.count == 3, "one request a day")
        // Opened again: every past day is kept for good.
        let before = page.exchange.server.requests.count
        _ = try await page.open("flows", "3", on: screen)
        #expect(page.exchange.server.requests.count == before)
        #expect(page.exchange.mostRequests(within: 5) <= 3)
    }

    @Test func anOTCCompanysDaysComeFromTPEx() async throws {
        let page = try Page()
        defer { page.cleanUp() }
        let screen = try page.stock("1240")
        await screen.load(force: false, progress: ProgressReporter())
        let flows = try await page.open("flows", "2", on: screen)
        #expect(flows.column("total_net") == ["1000", "2000"])
        #expect(flows.column("market") == ["上櫃", "上櫃"])
        let margin = try await page.open("margin", "1", on: screen)
        #expect(margin.column("short_balance") == ["11"])
        #expect(
            page.exchange.server.requests.map(\.target).contains(
                "/www/zh-tw/insti/dailyTrade?type=Daily&sect=EW&date=2025/03/04&response=json"))
        let dividends = try await page.open("dividends", on: screen)
        #expect(dividends.column("date") == ["2025-06-04"])
        #expect(dividends.column("reference") == ["58.50"])
        let posts = page.exchange.server.requests.filter { $0.path == "/www/zh-tw/bulletin/exDailyQ" }
        #expect(posts.count == 5, "one POST a year")
        #expect(posts.allSatisfy { $0.method == "POST" })
        let revenue = try await page.open("revenue", "1", on: screen)
        #expect(revenue.column("revenue") == ["150000"])
        #expect(
            page.exchange.server.requests.map(\.target).contains("/nas/t21/otc/t21sc03_114_4_0.html"),
            "上櫃 revenue is MOPS's otc page")
    }

    @Test func dividendsAreAskedAYearARequestAndRevenueAMonthARequest() async throws {
        let page = try Page()
        defer { page.cleanUp() }
        let screen = try page.stock("2330")
        await screen.load(force: false, progress: ProgressReporter())
        let dividends = try await page.open("dividends", on: screen)
        #expect(dividends.column("date") == ["2025-06-12", "2024-06-13"])
        #expect(dividends.headerLines.first == "2330 台積電 除權息 · 2 ex-dates in 2021 – 2025")
        let years = page.exchange.server.requests.filter { $0.path == "/rwd/zh/exRight/TWT49U" }.map {
            $0.query("startDate")
        }
        #expect(years == ["20250101", "20240101", "20230101", "20220101", "20210101"])
        let revenue = try await page.open("revenue", "2", on: screen)
        #expect(revenue.column("month") == ["2025-04"])
        #expect(revenue.column("revenue") == ["349566969"])
        #expect(revenue.headerLines.contains("no data for 2025-03"))
    }

    @Test func infoNamesThePageAndEveryWordIsDeclared() throws {
        let page = try Page()
        defer { page.cleanUp() }
        let screen = try page.stock("2330")
        let info = try #require(screen.commands.first { $0.name == "info" })
        let words = Set(screen.commands.map(\.name))
        #expect(words.isSuperset(of: ["flows", "margin", "valuation", "dividends", "revenue", "adjusted"]))
        #expect(words.isSubset(of: Set(TicksDataset().screenCommands.map(\.name))), "declared, so reserved")
        _ = info
        let detail = SecurityScreen.info(Security(code: StockCode("0050")!, name: "元大台灣50", market: .listed))
        #expect(
            detail.notes.last
                == "company page: flows [N] · margin [N] · valuation [N] · dividends · revenue [N] · adjusted")
        #expect(throws: HistoryCountError.self) { try CompanyPage.count("0", command: "flows", default: 20) }
        #expect(throws: HistoryCountError.self) { try CompanyPage.count("x", command: "flows", default: 20) }
        #expect(try CompanyPage.count(" ", command: "flows", default: 20) == 20)
        #expect(throws: CompanyPageError.emerging(StockCode("6999")!, command: "flows")) {
            try CompanyPage.market(of: Security(code: StockCode("6999")!, market: .emerging), for: "flows")
        }
    }

    @Test func progressSaysTheDayOfHowManyAndCtrlCKeepsWhatArrived() async throws {
        let page = try Page(holdsRequests: true)
        defer { page.cleanUp() }
        let screen = try page.stock("2330")
        await screen.load(force: false, progress: ProgressReporter())
        let flows = try #require(screen.commands.first { $0.name == "flows" })
        guard case .push(let history) = try await flows.run("3", ProgressReporter()) else {
            Issue.record("flows opens a history")
            return
        }
        page.exchange.hold(true, requestsContaining: "date=20250303&selectType")
        let progress = ProgressReporter()
        let load = Task { @MainActor in await history.load(force: false, progress: progress) }
        // Generous: in a full run beside the database suites' servers starting, this request has
        // come more than 60 s late on a loaded 2-core machine.
        try await page.exchange.server.waitUntil("the request for 2025-03-03", timeout: .seconds(240)) {
            $0.contains { $0.target.contains("date=20250303&selectType") }
        }
        #expect(progress.current.step == "day 2 of 3 · 2025-03-03")
        load.cancel()
        await load.value
        #expect(history.column("date") == ["2025-03-04"], "the day that arrived stays")
        #expect(history.headerLines.contains("1 of 3 days loaded · older fetches the rest first"))
        page.exchange.hold(false, requestsContaining: "date=20250303&selectType")
        let older = try #require(history.commands.first { $0.name == "older" })
        guard case .load(let then) = try await older.run("1", ProgressReporter()) else {
            Issue.record("older has the front end load the days")
            return
        }
        await history.load(force: false, progress: ProgressReporter())
        let said = ProgressReporter()
        _ = try then(.finished, said)
        #expect(said.takeNotes().isEmpty)
        #expect(history.column("date") == ["2025-03-04", "2025-03-03", "2025-02-27"])
        #expect(history.headerLines.contains("no data for 2025-02-26"), "the fourth day has no answer of its own")
    }

    // MARK: - Adjusted prices

    @Test func adjustedPricesScaleEveryEarlierDayAndAdjustedAgainShowsThemAsTraded() async throws {
        let page = try Page()
        defer { page.cleanUp() }
        // The all-market day of 2025-03-04 in the cache: a day of another month before the ex-date.
        _ = try await page.context.marketData().latestMarketDay(
            request: LoadRequest(progress: ProgressReporter(), refresh: false))
        let screen = try page.stock("2330")
        await screen.load(force: false, progress: ProgressReporter())
        let traded = screen.column("close")
        #expect(traded.count == 5, "four days of June and the cached 2025-03-04")
        let adjusted = try #require(screen.commands.first { $0.name == "adjusted" })
        let said = try await Self.note(of: adjusted.run("", ProgressReporter()))
        #expect(
            said
                == "2330 台積電: prices adjusted (computed) for 1 ex-date (2025-06-12); adjusted again shows them as traded"
        )
        #expect(screen.title == "2330 台積電 · adjusted (computed)")
        let dates = screen.column("date")
        let closes = Dictionary(uniqueKeysWithValues: zip(dates, screen.column("close")))
        #expect(closes["2025-06-16"] == "1025.00", "after the ex-date: as traded")
        #expect(closes["2025-06-12"] == "1045.00", "the ex-date itself: as traded")
        #expect(closes["2025-06-10"] == "1040.5000", "1,045.00 × 1,040.50 ÷ 1,045.00")
        #expect(closes["2025-03-04"] == "995.6938", "1,000.00 × 1,040.50 ÷ 1,045.00, rounded half away from zero")
        let notes = Dictionary(uniqueKeysWithValues: zip(dates, screen.column("note")))
        #expect(notes["2025-06-10"] == "adjusted ×0.995693779904 (computed)", "the export says it is computed")
        #expect(notes["2025-06-16"] == "**", "a day after the last ex-date keeps its own note")
        #expect(screen.headerLines.contains { $0.hasPrefix("adjusted (computed) for 1 ex-date:") })
        #expect(
            page.exchange.server.requests.filter { $0.path == "/rwd/zh/exRight/TWT49U" }.count == 1,
            "one request for the one year its days span")
        let back = try await Self.note(of: adjusted.run("", ProgressReporter()))
        #expect(back == "2330 台積電: prices as traded")
        #expect(screen.column("close") == traded)
        #expect(screen.title == "2330 台積電")
    }

    /// What a command that redraws its screen says, as the front end tells it once its load is over.
    static func note(of selection: Selection) throws -> String? {
        guard case .load(let then) = selection else { return nil }
        let progress = ProgressReporter()
        guard case .none = try then(.finished, progress) else { return nil }
        return progress.takeNotes().first
    }

    @Test(.enabled(if: SharedData.isAvailable)) func adjustedPricesFollowTheRealTWT49URows() throws {
        let from = try #require(CalendarDate(year: 2024, month: 3, day: 4))
        let to = try #require(CalendarDate(year: 2024, month: 3, day: 5))
        let report = try ExRightsParser.parseTWSE(
            try SharedData.bytes("TWT49U_20240304_20240305.json"), from: from, to: to)
        let events = report.rows.filter { $0.code.rawValue == "00913" }
        let steps = PriceAdjustment.steps(events)
        #expect(steps == [PriceAdjustment.Step(date: from, factor: ExactDecimal(units: 976_313_079_300, scale: 12))])
        let adjustment = PriceAdjustment()
        adjustment.set(steps)
        let before = DailyTick(
            date: CalendarDate(year: 2024, month: 3, day: 1), code: StockCode("00913")!, volume: 1, value: 1,
            open: ExactDecimal(units: 1_950, scale: 2), high: nil, low: nil,
            close: ExactDecimal(units: 1_942, scale: 2),
            change: .up(ExactDecimal(units: 10, scale: 2)), transactions: 1)
        let adjusted = adjustment.apply(before)
        #expect(adjusted.close?.description == "18.9600", "the close before becomes the reference price")
        #expect(adjusted.open?.description == "19.0381", "19.50 × 18.96 ÷ 19.42")
        #expect(adjusted.change == .up(ExactDecimal(units: 976, scale: 4)))
        let onTheDay = DailyTick(
            date: from, code: StockCode("00913")!, volume: 1, value: 1, open: nil, high: nil, low: nil,
            close: ExactDecimal(units: 1_900, scale: 2), change: .notCompared, transactions: 1)
        #expect(adjustment.apply(onTheDay) == onTheDay, "the ex-date and after stay as traded")
    }

    @Test func scalingIsExactAndRoundsHalfAwayFromZero() {
        let a = ExactDecimal(units: 100_000, scale: 2)  // 1000.00
        #expect(
            a.scaled(
                by: ExactDecimal(units: 104_050, scale: 2), over: ExactDecimal(units: 104_500, scale: 2), toScale: 4)
                == ExactDecimal(units: 9_956_938, scale: 4))
        #expect(
            ExactDecimal(units: 5, scale: 1).scaled(by: ExactDecimal(1), over: ExactDecimal(1), toScale: 0)
                == ExactDecimal(1))
        #expect(
            ExactDecimal(units: -5, scale: 1).scaled(by: ExactDecimal(1), over: ExactDecimal(1), toScale: 0)
                == ExactDecimal(-1))
        #expect(ExactDecimal(1).scaled(by: ExactDecimal(1), over: ExactDecimal(0), toScale: 2) == nil)
        #expect(
            ExactDecimal(units: .max, scale: 0).scaled(
                by: ExactDecimal(units: .max, scale: 0), over: ExactDecimal(1), toScale: 0) == nil)
    }
}
