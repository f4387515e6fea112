import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

/// Any security by its code (`stock CODE`), many months at once, and what happens when some of
/// them do not arrive.
@MainActor
@Suite struct SecurityScreenTests {
    func context(_ harness: ExchangeHarness, offline: Bool = false) -> DatasetContext {
        harness.context(offline: offline)
    }

    func stock(_ words: [String], months: String? = nil, _ context: DatasetContext) throws -> any ListScreen {
        try StockCommand.make(
            DatasetCommand.Arguments(positionals: words, options: months.map { ["months": $0] } ?? [:]),
            context: context)
    }

    @Test func aCodeNoListKnowsIsAskedOfTWSEThenTPExWhichSaysWhoAnswered() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try stock(["1240"], context(harness))
        #expect(screen.title == "1240", "the name is not known before the first answer")
        let progress = ProgressReporter()
        await screen.load(force: false, progress: progress)
        #expect(progress.takeNotes().contains("1240: TWSE has no daily prices of it; TPEx answered (上櫃)"))
        #expect(
            harness.requests == [
                "/exchangeReport/STOCK_DAY?response=json&date=20250601&stockNo=1240",
                "/www/zh-tw/afterTrading/tradingStock?code=1240&date=2025/06/01&response=json",
            ], "TWSE first, then TPEx, once each")
        #expect(screen.title == "1240 茂生農經", "named by TPEx's answer")
        #expect(screen.headerLines.first == "1240 茂生農經 · 上櫃 (TPEx)")
        #expect(screen.count == 4)
    }

    @Test func aCodeTheCachedListsKnowGoesStraightToItsExchange() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let companies = try CompaniesDataset().makeRootScreen(context: context(harness))
        await companies.load(force: false, progress: ProgressReporter())
        let before = harness.requests.count
        let otc = try stock(["1240"], context(harness))
        #expect(otc.title == "1240 茂生農經")
        await otc.load(force: false, progress: ProgressReporter())
        #expect(
            Array(harness.requests.dropFirst(before))
                == ["/www/zh-tw/afterTrading/tradingStock?code=1240&date=2025/06/01&response=json"])
        #expect(otc.headerLines.first?.hasPrefix("1240 茂生農經 · 茂生農經股份有限公司 · 上櫃") == true)
        // 興櫃 has no daily prices: said at once, with no request.
        let error = try #require(throws: StockCommandError.self) { try stock(["6999"], context(harness)) }
        #expect(error.description.hasPrefix("6999 is a 興櫃 (emerging) security: no daily prices are published"))
    }

    @Test func aCodeTheListsLearnedThisRunGoesStraightToItsExchange() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        // A first security's screen, before any company list was downloaded.
        let first = try stock(["2330"], context(harness))
        await first.load(force: false, progress: ProgressReporter())
        let companies = try CompaniesDataset().makeRootScreen(context: context(harness))
        await companies.load(force: false, progress: ProgressReporter())
        let before = harness.requests.count
        let otc = try stock(["1240"], context(harness))
        #expect(otc.title == "1240 茂生農經", "named by the list downloaded in this run")
        await otc.load(force: false, progress: ProgressReporter())
        #expect(
            Array(harness.requests.dropFirst(before))
                == ["/www/zh-tw/afterTrading/tradingStock?code=1240&date=2025/06/01&response=json"],
            "no TWSE request: the lists know 1240 is 上櫃")
    }

    @Test func theScreenIsMadeWithoutReadingAFileAndItsLoadLearnsTheCompany() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let companies = try CompaniesDataset().makeRootScreen(context: context(harness))
        await companies.load(force: false, progress: ProgressReporter())
        _ = try await harness.store().month(YearMonth(year: 2025, month: 6)!, of: StockCode("2330")!, request: load().0)
        let before = harness.requests.count
        // Another run: the lists are on disk, and nothing has read them.
        let later = ExchangeHarness.context(
            exchange: harness.exchange, cache: harness.cacheFolder, now: harness.clock.now, offline: true)
        let screen = try stock(["2330"], later)
        #expect(screen.title == "2330", "the factory read no list")
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.title == "2330 台積電")
        #expect(screen.headerLines.first == "2330 台積電 · 台灣積體電路製造股份有限公司 · 上市 · 半導體業")
        #expect(harness.requests.count == before)
        // Once a load has read the lists, a 興櫃 code is refused at once; before, its screen
        // fails when it loads, saying why.
        #expect(throws: StockCommandError.self) { try stock(["6999"], later) }
        let fresh = ExchangeHarness.context(
            exchange: harness.exchange, cache: harness.cacheFolder, now: harness.clock.now, offline: true)
        let emerging = try stock(["6999"], fresh)
        await emerging.load(force: false, progress: ProgressReporter())
        guard case .failed(let reason) = emerging.state else {
            Issue.record("a 興櫃 security has no daily prices to load")
            return
        }
        #expect(reason.description.contains("6999 is a 興櫃 (emerging) security: no daily prices are published"))
        #expect(harness.requests.count == before)
    }

    @Test func aDamagedCopyOfAMonthIsSaidOnce() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let june = try #require(YearMonth(year: 2025, month: 6))
        _ = try await harness.store().month(june, of: StockCode("2330")!, request: load().0)
        let folder = harness.cacheFolder.appendingPathComponent("twse/STOCK_DAY/2330")
        let body = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first {
                $0.hasPrefix("202506.") && $0.hasSuffix(".body")
            })
        let path = folder.appendingPathComponent(body)
        var bytes = try Data(contentsOf: path)
        bytes[bytes.startIndex] ^= 0xFF
        try bytes.write(to: path)
        // Offline, its month's source reads the copy; the days on disk leave that month to it.
        let screen = SecurityScreen.make(
            Security(code: StockCode("2330")!, market: .listed), store: try harness.store(offline: true),
            context: context(harness, offline: true))
        let progress = ProgressReporter()
        await screen.load(force: false, progress: progress)
        let damaged = progress.takeNotes().filter { $0.hasPrefix("ignoring the cached") }
        #expect(damaged.count == 1, "\(damaged)")
    }

    @Test func aCodeNobodyKnowsFailsWithTheReason() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try stock(["9999"], context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        guard case .failed(let reason) = screen.state else {
            Issue.record("a code no exchange knows does not load")
            return
        }
        #expect(
            reason.description.contains(
                "neither TWSE nor TPEx has daily prices of 9999 in 2025-06 or 2025-05; check the code"))
        #expect(harness.requests.count == 4, "two exchanges, this month and the one before")
    }

    @Test func wrongArgumentsAreUsageErrors() throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let ctx = context(harness)
        #expect(throws: StockCommandError.code(nil)) { try stock([], ctx) }
        #expect(throws: StockCommandError.code("2317")) { try stock(["2330", "2317"], ctx) }
        #expect(throws: StockCommandError.notACode("台積電")) { try stock(["台積電"], ctx) }
        let months = try #require(throws: DatasetOptionError.self) { try stock(["2330"], months: "0", ctx) }
        #expect(months.description == "--months 0: give a number of months from 1 to 120")
        #expect(StockCommandError.code(nil).exitCode == .usage)
        #expect(throws: OlderCountError.self) { try SecurityScreen.olderCount("twelve") }
        #expect(try SecurityScreen.olderCount(" 12 ") == 12)
        #expect(try SecurityScreen.olderCount("") == 1)
    }

    @Test func manyMonthsComeOneRequestAtATimeNewestFirstWithinTheThrottle() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try stock(["2330"], months: "4", context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(
            harness.requests.map { $0.split(separator: "&").dropFirst().first ?? "" } == [
                "date=20250601", "date=20250501", "date=20250401", "date=20250301",
            ])
        #expect(harness.exchange.mostRequests(within: 5) <= 3, "the server never saw 4 requests in 5 seconds")
        #expect(screen.loadedSources.count == 5, "four months and the cached days")
        #expect(screen.column("date").first == "2025-06-16")
        #expect(screen.column("date").last == "2025-05-02", "May's day is there too")
    }

    @Test func theProgressLineSaysWhichMonthOfHowMany() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let loader = SecurityLoader(
            Security(code: StockCode("2330")!, market: .listed), store: store, current: YearMonth(year: 2025, month: 6)!
        )
        let months = loader.months.start(12)
        let source = loader.source(for: months[3])
        let progress = ProgressReporter()
        _ = try await source.load(
            LoadRequest(progress: progress, refresh: false, batch: months.map(SecurityScreen.sourceID) + ["cached"]))
        #expect(progress.current.step == "month 4 of 12 · 2025-03")
    }

    @Test func ctrlCKeepsWhatArrivedAndOlderFetchesTheRestFirst() async throws {
        let harness = try ExchangeHarness(holdsRequests: true)
        defer { harness.cleanUp() }
        let screen = try stock(["2330"], context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        let older = try #require(screen.commands.first { $0.name == "older" })
        // May and April answer at once; March is held back, and Ctrl-C comes while it is asked.
        harness.exchange.hold(true, requestsContaining: "date=20250301")
        // `older` adds the months and leaves their load to the front end, which is played here:
        // it loads the screen, Ctrl-C cancels the load, and the command is told.
        guard case .load(let then) = try await older.run("4", ProgressReporter()) else {
            Issue.record("older has the front end load the months")
            return
        }
        let load = Task { @MainActor in await screen.load(force: false, progress: ProgressReporter()) }
        // Generous: in a full run beside the database suites' servers starting, this request has
        // come more than 60 s late on a loaded 2-core machine.
        try await harness.exchange.server.waitUntil("the request for March", timeout: .seconds(240)) {
            $0.contains { $0.target.contains("date=20250301") }
        }
        load.cancel()
        await load.value
        let progress = ProgressReporter()
        _ = try then(.interrupted, progress)
        #expect(progress.takeNotes().contains("2 of 4 months arrived before Ctrl-C; older fetches the rest first"))
        #expect(screen.column("date").contains("2025-05-02"), "May arrived and is shown")
        #expect(!harness.requests.contains { $0.contains("date=20250201") }, "February was never asked for")
        harness.exchange.hold(false, requestsContaining: "date=20250301")
        let before = harness.requests.count
        _ = try await older.run("1", ProgressReporter())
        await screen.load(force: false, progress: ProgressReporter())
        #expect(
            harness.requests.dropFirst(before).map { $0.split(separator: "&").dropFirst().first ?? "" } == [
                "date=20250301", "date=20250201", "date=20250101",
            ], "the months Ctrl-C stopped, then one more")
    }

    @Test func aMonthThatFailedIsNamedWhileTheRestShow() async throws {
        var files = ExchangeHarness.files
        files["STOCK_DAY_2330_202504"] = Fixture.url("STOCK_DAY_2330_title_month_differs.json")
        let exchange = try FakeExchange(files: files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-failed-month-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let ctx = ExchangeHarness.context(
            exchange: exchange, cache: cache, now: { Date(timeIntervalSince1970: 1_751_256_000) })
        let screen = try stock(["2330"], months: "3", ctx)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.state == .loaded)
        #expect(screen.sourceFailures.map(\.source) == ["month 2025-04"])
        #expect(screen.sourceFailures.first?.reason.contains("asked for 2025-04 but TWSE answered for 2025-06") == true)
        #expect(screen.column("date").contains("2025-06-16") && screen.column("date").contains("2025-05-02"))
    }

    @Test func olderWhoseMonthFailsFailsTheCommandSayingItOnceAndKeepsTheScreen() async throws {
        var files = ExchangeHarness.files
        files["STOCK_DAY_2330_202505"] = Fixture.url("STOCK_DAY_2330_title_month_differs.json")
        let exchange = try FakeExchange(files: files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-older-fails-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let context = ExchangeHarness.context(
            exchange: exchange, cache: cache, now: { Date(timeIntervalSince1970: 1_751_256_000) })
        let driver = ScreenDriver(try stock(["2330"], context), width: 100, context: context)
        _ = await driver.start()
        let older = await driver.run("older")
        #expect(older.failed, "no month arrived: the command failed")
        let said = older.messages.filter { $0.contains("month 2025-05 did not load") }
        #expect(said.count == 1, "\(older.messages)")
        #expect(said.first?.hasPrefix("2330 台積電: month 2025-05 did not load: ") == true, "\(said)")
        #expect(older.screen.contains("2025-06-16"), "June is still shown")
    }

    @Test func aPastMonthIsCachedForGoodAndTheCurrentOneFollowsFreshness() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let code = try #require(StockCode("2330"))
        let may = try #require(YearMonth(year: 2025, month: 5))
        let june = try #require(YearMonth(year: 2025, month: 6))
        _ = try await store.month(may, of: code, request: load().0)
        _ = try await store.month(june, of: code, request: load().0)
        #expect(harness.requests.count == 2)
        harness.clock.advance(hours: 24 * 40)
        let past = try await store.month(may, of: code, request: load(refresh: true).0)
        #expect(past.provenance.fromCache, "a month fetched after it ended never changes, even for r")
        _ = try await store.month(june, of: code, request: load().0)
        #expect(harness.requests.count == 3, "the month that was current is asked again once it may have changed")
    }

    /// The words a screen's commands take are reserved from what the datasets declare, so each
    /// command a screen adds must be among its datasets' declarations.
    @Test func everyCommandAScreenAddsIsDeclaredByTheDatasetsThatOpenIt() throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let security = Set(try stock(["2330"], context(harness)).commands.map(\.name))
        let companies = Set(try CompaniesDataset().makeRootScreen(context: context(harness)).commands.map(\.name))
        #expect(
            security == ["older", "info", "flows", "margin", "valuation", "dividends", "revenue", "adjusted", "watch"])
        #expect(companies == ["market", "watch"])
        #expect(security.isSubset(of: TicksDataset().screenCommands.map(\.name)))
        #expect(security.union(companies).isSubset(of: CompaniesDataset().screenCommands.map(\.name)))
    }
}
