import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

@MainActor
@Suite struct DatasetTests {
    func context(_ harness: ExchangeHarness, options: [String: String] = [:], offline: Bool = false) -> DatasetContext {
        DatasetContext(
            cacheDirectory: harness.cacheFolder, offline: offline, now: harness.clock.now,
            environment: harness.exchange.environment, options: options)
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
        #expect(screen.headerLines.last?.hasPrefix("已取得 上市 上櫃 興櫃 資料 - 數量 \(codes.count) 筆") == true)
        screen.applyFilter("台積")
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
            context: DatasetContext(
                cacheDirectory: harness.cacheFolder.appendingPathComponent("partial"), now: harness.clock.now,
                environment: exchange.environment))
        await partial.load(force: false, progress: ProgressReporter())
        #expect(partial.state == .loaded)
        #expect(partial.sourceFailures.map(\.source) == ["興櫃"])
        #expect(partial.sourceFailures.first?.reason.contains("HTTP 404") == true)
        #expect(partial.count > 0)
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
        _ = try await market.run("otc", ProgressReporter())
        #expect(Set(screen.column("market")) == ["上櫃"])
        let progress = ProgressReporter()
        _ = try await market.run("otc", progress)
        #expect(progress.takeNotes().isEmpty, "already loaded is not a warning")
        #expect(screen.headerLines.first?.hasSuffix("already loaded (已經拿過資料); r downloads it again") == true)
        #expect(screen.headerLines.first?.hasPrefix("上櫃 · ") == true, "the subtitle names the market shown")
        #expect(harness.requests.count == 2, "a market already loaded is not fetched again")
        _ = try await market.run("all", ProgressReporter())
        #expect(Set(screen.column("market")) == ["上市", "上櫃", "興櫃"])
        #expect(throws: DatasetOptionError.self) {
            try CompaniesDataset().makeRootScreen(context: context(harness, options: ["market": "nasdaq"]))
        }
        do {
            _ = try await market.run("nasdaq", ProgressReporter())
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
        let store = try MarketDataStore.shared(for: ctx)
        _ = try await store.latestMarketDay(request: load().0)
        let screen = try CompaniesDataset().makeRootScreen(context: ctx)
        await screen.load(force: false, progress: ProgressReporter())
        screen.applyFilter("2330")
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
        let older = try #require(ticks.commands.first { $0.name == "older" })
        _ = try await older.run("", ProgressReporter())
        #expect(harness.requests.last == "/exchangeReport/STOCK_DAY?response=json&date=20250501&stockNo=2330")
        // Six requests went to one host in quick succession: the throttle spread them out.
        let times = harness.exchange.server.requests.map(\.receivedAt.timeIntervalSince1970).sorted()
        #expect(times.count == 6)
        for index in 3..<times.count {
            #expect(times[index] - times[index - 3] >= 4.9, "never more than 3 requests in 5 seconds")
        }
    }

    @Test func otcCompaniesSayPlainlyThatTWSEHasNoPrices() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context(harness, options: ["market": "otc"]))
        await screen.load(force: false, progress: ProgressReporter())
        guard case .detail(let detail) = try screen.select(at: 0) else {
            Issue.record("an OTC company shows its detail")
            return
        }
        #expect(detail.notes.first?.hasPrefix("TWSE publishes daily prices only for 上市") == true)
    }

    @Test func ticksShowTheLatestDayAndNoPriceForNoTrade() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let screen = try TicksDataset().makeRootScreen(context: context(harness))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.headerLines.first?.hasPrefix("STOCK_DAY_ALL 2025-03-04") == true)
        #expect(screen.columnNames.first == "code")
        screen.applyFilter("00643K")
        #expect(screen.column("close") == [""])
        #expect(screen.column("change") == [""])
        screen.applyFilter("0050")
        #expect(screen.column("close") == ["186.80"])
        #expect(screen.column("change") == ["-1.2500"], "the exchange's own decimals")
    }
}

extension ListScreen {
    func column(_ name: String) -> [String] {
        var values: [String] = []
        forEachRow { cells in values.append(cells.first { $0.name == name }?.cell.value.exportText ?? "?") }
        return values
    }
}
