import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Testing

@testable import TWStock

/// The shared pieces of the day reports: the ROC reader's forms, the no-data answers, and the
/// one fetch every day report goes through.
@Suite struct DayReportFetchTests {
    @Test func everyROCFormIsReadByTheOneReader() {
        #expect(ROCCalendar.date("112年01月30日") == CalendarDate(year: 2023, month: 1, day: 30))
        #expect(ROCCalendar.date("112/01/30") == CalendarDate(year: 2023, month: 1, day: 30))
        #expect(ROCCalendar.date("1130205") == CalendarDate(year: 2024, month: 2, day: 5))
        #expect(ROCCalendar.month("113/3") == YearMonth(year: 2024, month: 3))
        #expect(ROCCalendar.quarter("113/3") == FiscalQuarter(year: 2024, quarter: 3))
        #expect(ROCCalendar.quarter("113Q3") == FiscalQuarter(year: 2024, quarter: 3))
        #expect(ROCCalendar.quarter(" 111/3 ")?.description == "2022Q3")
        #expect(ROCCalendar.quarter("113年第3季") == FiscalQuarter(year: 2024, quarter: 3))
        #expect(ROCCalendar.quarter("113/5") == nil, "a year has four quarters")
        #expect(ROCCalendar.quarter("113/03/01") == nil)
        #expect(ROCCalendar.quarter("Q3") == nil)
    }

    @Test(arguments: [
        #"{"stat":"很抱歉，沒有符合條件的資料!","total":0}"#,
        #"{"stat":"很抱歉，沒有符合條件的資料"}"#,
        #"{"stat":"查詢日期大於今日，請重新查詢!"}"#,
    ])
    func everyTWSENoDataAnswerIsNoDataNotAnError(_ body: String) throws {
        guard case .noData(let words) = try DayAnswer.read(Array(body.utf8), format: .institutionalJSON) else {
            Issue.record("\(body) was read as a report")
            return
        }
        #expect(body.contains(words), "the exchange's own words are kept")
    }

    @Test func tpexsOkWithoutRowsIsNoData() throws {
        let body = #"{"tables":[{"date":"112/01/01","fields":["代號"],"data":[]},{}],"stat":"ok"}"#
        let day = try #require(CalendarDate(year: 2023, month: 1, day: 1))
        guard case .noData(let words) = try DayAnswer.table(Array(body.utf8), format: .tpexMarginJSON, day: day) else {
            Issue.record("an empty TPEx table was read as a report")
            return
        }
        #expect(words == "TPEx answered with no rows")
    }

    @Test func anAnswerForAnotherDayIsRefused() throws {
        let body = #"{"stat":"OK","date":"20230131","fields":["代號"],"data":[["2330"]]}"#
        let day = try #require(CalendarDate(year: 2023, month: 1, day: 30))
        #expect(
            throws: TWSEParseError.wrongDay(
                .marginJSON, requested: day, received: CalendarDate(year: 2023, month: 1, day: 31)!)
        ) {
            try DayAnswer.table(Array(body.utf8), format: .marginJSON, day: day)
        }
    }

    @Test func anotherStatIsTheExchangesMessage() {
        #expect(throws: TWSEParseError.exchangeMessage(.institutionalJSON, message: "查詢日期小於93年12月17日")) {
            try DayAnswer.read(Array(#"{"stat":"查詢日期小於93年12月17日"}"#.utf8), format: .institutionalJSON)
        }
    }

    /// A day's report of one number per row: enough to watch the fetch.
    static func counting(_ day: CalendarDate, _ market: Market)
        -> @Sendable ([UInt8]) throws(TWSEParseError) ->
        DayReport<Int>
    {
        { bytes throws(TWSEParseError) in
            switch try DayAnswer.table(bytes, format: .institutionalJSON, day: day) {
            case .noData(let words): return .empty(day, market: market, saying: words)
            case .table: return DayReport(date: day, market: market, rows: [1])
            }
        }
    }

    @Test func aPastDayWithoutDataIsAskedOnceAndKeptForGood() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let friday = try #require(CalendarDate(year: 2025, month: 6, day: 27))
        let first = try await store.dayReport(
            .institutional, market: .listed, day: friday, request: load().0, parse: Self.counting(friday, .listed))
        #expect(first.value.noData == "很抱歉，沒有符合條件的資料!")
        #expect(first.value.rows.isEmpty)
        harness.clock.advance(hours: 24 * 30)
        let again = try await store.dayReport(
            .institutional, market: .listed, day: friday, request: load(refresh: true).0,
            parse: Self.counting(friday, .listed))
        #expect(again.provenance.fromCache, "a past day's answer is final, even when refreshed")
        #expect(harness.requests == ["/rwd/zh/fund/T86?date=20250627&selectType=ALLBUT0999&response=json"])
    }

    @Test func todayWithoutDataIsNeverCachedAsTheDaysAnswer() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let today = try #require(CalendarDate(year: 2025, month: 6, day: 30))
        for _ in 0..<2 {
            let answer = try await store.dayReport(
                .institutional, market: .otc, day: today, request: load().0, parse: Self.counting(today, .otc))
            #expect(answer.value.noData != nil)
            #expect(!answer.provenance.fromCache)
        }
        #expect(harness.requests.count == 2, "today's no-data answer is asked again, not kept")
        #expect(
            harness.requests.first == "/www/zh-tw/insti/dailyTrade?type=Daily&sect=EW&date=2025/06/30&response=json")
    }

    @Test func aDayStillToComeIsNotAsked() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let tomorrow = try #require(CalendarDate(year: 2025, month: 7, day: 1))
        let answer = try await store.dayReport(
            .margin, market: .listed, day: tomorrow, request: load().0, parse: Self.counting(tomorrow, .listed))
        #expect(answer.value.noData?.contains("has not come yet") == true)
        #expect(harness.requests.isEmpty)
    }

    @Test func aBlockPageOnADayReportIsABlock() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        harness.exchange.set(.blockPage)
        let store = try harness.store()
        let day = try #require(CalendarDate(year: 2025, month: 6, day: 27))
        for kind in [DayReportKind.institutional, .institutionalTotals, .margin, .valuation] {
            do {
                _ = try await store.dayReport(
                    kind, market: .listed, day: day, request: load().0, parse: Self.counting(day, .listed))
                Issue.record("\(kind) read a block page as data")
            } catch let error as FetchError {
                #expect(String(describing: error).contains("FOR SECURITY REASONS"))
            }
        }
        #expect(harness.requests.count == 1, "a host that blocked gets no more requests")
    }

    /// TWT49U, TPEx's exDailyQ (by POST), TWT49UDetail, MOPS's revenue page, FMTQIK and MI_INDEX:
    /// the block page is a block on each, never data, and the host is asked no more.
    @Test func aBlockPageOnEveryNewEndpointIsABlock() async throws {
        let day = try #require(CalendarDate(year: 2025, month: 6, day: 27))
        let month = try #require(YearMonth(year: 2025, month: 4))
        let code = try #require(StockCode("2330"))
        let asks: [(String, @Sendable (MarketDataStore) async throws -> Void)] = [
            ("TWT49U", { _ = try await $0.exRights(.listed, from: day, to: day, request: load().0) }),
            ("exDailyQ", { _ = try await $0.exRights(.otc, from: day, to: day, request: load().0) }),
            ("TWT49UDetail", { _ = try await $0.exRightsDetail(code, day: day, request: load().0) }),
            ("t21sc03", { _ = try await $0.monthlyRevenue(.listed, month: month, request: load().0) }),
            ("FMTQIK", { _ = try await $0.marketMonth(month, request: load().0) }),
            ("MI_INDEX", { _ = try await $0.marketDay(day, request: load().0) }),
        ]
        for (name, ask) in asks {
            let harness = try ExchangeHarness()
            defer { harness.cleanUp() }
            harness.exchange.set(.blockPage)
            let store = try harness.store()
            do {
                try await ask(store)
                Issue.record("\(name) read a block page as data")
            } catch let error as FetchError {
                #expect(String(describing: error).contains("FOR SECURITY REASONS"), "\(name): \(error)")
            }
            do {
                try await ask(store)
                Issue.record("\(name) was answered after a block")
            } catch let error as FetchError {
                guard error.code == .blocked else {
                    Issue.record("\(name): \(error)")
                    continue
                }
            }
            #expect(harness.requests.count == 1, "\(name): a host that blocked gets no more requests")
        }
    }

    @Test func theDefaultDayIsTheLatestTradingDayTicksFinds() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let day = ReportDay(chosen: nil)
        #expect(try await day.resolve(store: store, request: load().0) == CalendarDate(year: 2025, month: 3, day: 4))
        #expect(harness.requests == ["/exchangeReport/STOCK_DAY_ALL?response=open_data"])
        let chosen = ReportDay(chosen: CalendarDate(year: 2023, month: 1, day: 30))
        #expect(
            try await chosen.resolve(store: store, request: load().0) == CalendarDate(year: 2023, month: 1, day: 30))
        #expect(harness.requests.count == 1, "--date needs no look for the latest day")
    }
}
