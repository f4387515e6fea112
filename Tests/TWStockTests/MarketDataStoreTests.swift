import FakeExchange
import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

@testable import TWStock

@Suite struct MarketDataStoreTests {
    @Test func companiesAreDownloadedCachedAndNotAskedForAgainWhileFresh() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let first = try await store.companies(.listed, request: load().0)
        #expect(first.value.records.contains { $0.code.rawValue == "2330" && $0.paidInCapital == 259_327_332_420 })
        #expect(!first.provenance.fromCache)
        let again = try await store.companies(.listed, request: load().0)
        #expect(again.provenance.fromCache)
        #expect(harness.requests == ["/opendata/t187ap03_L.csv"])
        _ = try await store.companies(.listed, request: load(refresh: true).0)
        #expect(harness.requests.count == 2, "r asks again even when fresh")
        harness.clock.advance(hours: 25)
        _ = try await store.companies(.listed, request: load().0)
        #expect(harness.requests.count == 3, "a day later the list is downloaded again")
    }

    @Test func theTradingDateComesFromContentDisposition() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let day = try await store.latestMarketDay(request: load().0)
        #expect(day.value.date == CalendarDate(year: 2025, month: 3, day: 4))
        let quiet = try #require(day.value.ticks.first { $0.code.rawValue == "00643K" })
        #expect(quiet.close == nil, "no trade shows no price, not zero")
        let cached = store.cachedMarketDays(progress: ProgressReporter())
        #expect(cached.map(\.date) == [CalendarDate(year: 2025, month: 3, day: 4)])
    }

    @Test func aBlockPageStopsRequestsToThatHostAndCachedDataStillShows() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        _ = try await store.companies(.listed, request: load().0)
        harness.exchange.set(.blockPage)
        let (request, progress) = load(refresh: true)
        let fallback = try await store.companies(.listed, request: request)
        #expect(fallback.provenance.fromCache)
        #expect(progress.takeNotes().first?.contains("is blocking this client") == true)
        let before = harness.requests.count
        await #expect(throws: FetchError.self) { try await store.companies(.otc, request: load().0) }
        #expect(harness.requests.count == before, "no more requests to a host that blocked us")
    }

    @Test func aDroppedConnectionIsABlockToo() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        harness.exchange.set(.drop)
        let store = try harness.store()
        do {
            _ = try await store.latestMarketDay(request: load().0)
            Issue.record("a dropped connection gives no data")
        } catch let error as FetchError {
            guard case .blocked(_, let reason) = error else {
                Issue.record("expected a block, got \(error); requests: \(harness.requests)")
                return
            }
            #expect(reason == "it dropped the connection")
        }
    }

    @Test func aFailedRefreshNeverReplacesGoodData() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let good = try await store.month(YearMonth(year: 2025, month: 6)!, of: StockCode("2330")!, request: load().0)
        for fault in [FakeExchangeFault.serverError, .cutShort, .wrongMonth] {
            harness.exchange.set(fault.mode)
            let (request, progress) = load(refresh: true)
            let kept = try await store.month(YearMonth(year: 2025, month: 6)!, of: StockCode("2330")!, request: request)
            #expect(kept.value.ticks == good.value.ticks, "\(fault): the cached month is kept")
            #expect(progress.takeNotes().first?.hasPrefix("could not refresh 2330 for 2025-06") == true)
        }
        harness.exchange.set(.normal)
        let fresh = try harness.store(cache: harness.cacheFolder)
        let reread = try await fresh.month(YearMonth(year: 2025, month: 6)!, of: StockCode("2330")!, request: load().0)
        #expect(reread.provenance.fromCache, "the cache still holds the good copy")
        #expect(reread.value.ticks == good.value.ticks)
    }

    @Test func aMonthOtherThanTheOneAskedForIsAnError() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        harness.exchange.set(.wrongMonth)
        let store = try harness.store()
        await #expect(throws: TWSEParseError.self) {
            try await store.month(YearMonth(year: 2025, month: 6)!, of: StockCode("2330")!, request: load().0)
        }
        #expect(try CacheStore(folder: harness.cacheFolder).read("twse/STOCK_DAY/2330/202506") == nil)
    }

    @Test func aSilentServerTimesOut() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let slow = try LoopbackServer { _ in .silent }
        defer { slow.stop() }
        let store = MarketDataStore(
            hosts: TWSEHosts(everyExchangeAt: slow.baseURL),
            client: HTTPClient(throttle: nil, idleTimeout: 1, deadline: 5, userAgent: ProgramIdentity.tests.userAgent),
            cache: CacheStore(folder: harness.cacheFolder), offline: false, now: harness.clock.now)
        await #expect(throws: FetchError.timeout(host: "127.0.0.1", seconds: 1)) {
            try await store.companies(.listed, request: load().0)
        }
    }

    @Test func offlineNeverTouchesTheNetworkAndSaysWhatIsMissing() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store(offline: true)
        await #expect(throws: FetchError.offline("the 上市 company list")) {
            try await store.companies(.listed, request: load().0)
        }
        #expect(harness.requests.isEmpty)
    }

    @Test func aMonthWithoutTradingDaysIsEmptyNotAnError() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let month = try await harness.store().month(
            YearMonth(year: 2025, month: 1)!, of: StockCode("2330")!, request: load().0)
        #expect(month.value.ticks.isEmpty)
    }

    @Test func aCorruptCacheIsReportedAndDownloadedAgain() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        _ = try await store.companies(.listed, request: load().0)
        let meta = harness.cacheFolder.appendingPathComponent("mops/t187ap03_L.meta.json")
        try Data("garbage".utf8).write(to: meta)
        let (request, progress) = load()
        let again = try await store.companies(.listed, request: request)
        #expect(!again.provenance.fromCache)
        #expect(progress.takeNotes().contains { $0.hasPrefix("ignoring the cached") })
    }

    @Test func anUnwritableCacheIsReportedOnceAndTheDataStillShows() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store(cache: URL(fileURLWithPath: "/dev/null/cache"))
        let (request, progress) = load()
        let companies = try await store.companies(.listed, request: request)
        #expect(!companies.value.records.isEmpty)
        let (second, laterProgress) = load()
        _ = try await store.companies(.otc, request: second)
        #expect(progress.takeNotes().filter { $0.hasPrefix("cannot write the cache") }.count == 1)
        #expect(!laterProgress.takeNotes().contains { $0.hasPrefix("cannot write the cache") }, "reported once")
    }
}

enum FakeExchangeFault: CustomStringConvertible {
    case serverError, cutShort, wrongMonth
    var mode: FakeExchange.Mode {
        switch self {
        case .serverError: return .serverError
        case .cutShort: return .cutShort
        case .wrongMonth: return .wrongMonth
        }
    }
    var description: String { "\(mode)" }
}
