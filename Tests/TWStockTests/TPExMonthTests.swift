import Foundation
import ListKit
import Tabular
import Testing

@testable import TWStock

/// TPEx's per-stock months (tradingStock): lots and NT$ thousands made into shares and NT$,
/// exactly; the quirks of its answers, each in a fixture of our own.
@Suite struct TPExMonthTests {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
        CalendarDate(year: year, month: month, day: day)
    }

    private let june = YearMonth(year: 2025, month: 6)

    @Test(.enabled(if: SharedData.isAvailable, "needs ../shared/twse"))
    func theRealAnswerInSharesAndDollarsExactly() throws {
        let bytes = try SharedData.bytes("tpex_tradingStock_2926_202505.json")
        let month = try TPExStockMonthParser.parse(bytes, requestedMonth: YearMonth(year: 2025, month: 5))
        #expect(month.code.rawValue == "2926")
        #expect(month.name == "誠品生活")
        #expect(month.market == .otc)
        #expect(month.ticks.count == 11)
        #expect(month.issues.isEmpty)
        #expect(month.notes.first == "以上資料不含上櫃股票鉅額交易")
        let first = try #require(month.ticks.first)
        #expect(first.date == date(2025, 5, 2))
        #expect(first.volume == 10_000, "10 lots of 1,000 shares")
        #expect(first.value == 475_000, "475 thousand NT$")
        #expect(first.close == ExactDecimal("47.20"))
        #expect(first.change == .unchanged)
        #expect(month.ticks[2].value == 1_330_000, "\"1,330\" thousand")
        #expect(month.ticks[1].change == .up(ExactDecimal("0.80") ?? ExactDecimal(0)), "no + sign")
        #expect(month.ticks[6].change.signedAmount == ExactDecimal("-0.40"))
        // Every row, against the file's own text read apart from the parser: ×1,000, nothing lost.
        let root = try JSONReader.parse(bytes)
        let rows = try #require(root["tables"]?.array?.first?["data"]?.array)
        for (row, tick) in zip(rows, month.ticks) {
            let text = (row.array ?? []).map { $0.string ?? "" }
            #expect(tick.volume == (ExactDecimal(text[1])?.units).map { $0 * 1000 })
            #expect(tick.value == (ExactDecimal(text[2])?.units).map { $0 * 1000 })
            #expect([tick.open, tick.high, tick.low, tick.close] == text[3...6].map { ExactDecimal($0) })
            #expect(tick.change.signedAmount == ExactDecimal(text[7]))
            #expect(tick.transactions == Int64(text[8]))
        }
    }

    @Test func aStarOnADateIsKeptAsTheNoteAndADashPriceIsNoTrade() throws {
        let month = try TPExStockMonthParser.parse(
            Fixture.bytes("tpex_tradingStock_1240_202506.json"), requestedMonth: june, code: StockCode("1240"))
        #expect(month.ticks.map(\.date) == [date(2025, 6, 2), date(2025, 6, 3), date(2025, 6, 4), date(2025, 6, 5)])
        #expect(month.ticks.map(\.note) == [nil, "*", nil, "＊"], "the mark leaves the date and is kept as written")
        #expect(month.ticks[0].value == 1_234_000)
        #expect(month.ticks[3].volume == 1_000_000, "\"1,000\" lots")
        let quiet = month.ticks[2]
        #expect(quiet.close == nil && quiet.open == nil, "-- is no price")
        #expect(quiet.change == .absent, "a zero change without a close means nothing")
        #expect(quiet.volume == 0)
        #expect(month.issues.map(\.row) == [5], "a day outside the month is skipped and named")
        #expect(month.issues.first?.message == "skipped row: the date 114/05/30 is not in 2025-06")
    }

    @Test func anEmptyMonthHasNoDaysAndNoProblems() throws {
        let month = try TPExStockMonthParser.parse(
            Fixture.bytes("tpex_tradingStock_1240_202505_empty.json"), requestedMonth: YearMonth(year: 2025, month: 5),
            code: StockCode("1240"))
        #expect(month.ticks.isEmpty)
        #expect(month.issues.isEmpty)
        #expect(month.month == YearMonth(year: 2025, month: 5))
    }

    @Test func answersToAnotherRequestAndTPExsOwnErrorsAreNamed() throws {
        let bytes = try Fixture.bytes("tpex_tradingStock_1240_202506.json")
        let wrongMonth = try #require(throws: TWSEParseError.self) {
            try TPExStockMonthParser.parse(bytes, requestedMonth: YearMonth(year: 2025, month: 7))
        }
        #expect(
            wrongMonth.description
                == "TPEx tradingStock JSON: asked for 2025-07 but TPEx answered for 2025-06; ask again later")
        let wrongStock = try #require(throws: TWSEParseError.self) {
            try TPExStockMonthParser.parse(bytes, requestedMonth: june, code: StockCode("2926"))
        }
        #expect(
            wrongStock == .wrongStock(.tpexStockMonthJSON, requested: StockCode("2926")!, received: StockCode("1240")!))
        let refused = Array(#"{"tables":[],"stat":"查詢日期大於今日"}"#.utf8)
        let message = try #require(throws: TWSEParseError.self) {
            try TPExStockMonthParser.parse(refused, requestedMonth: june)
        }
        #expect(message.description == "TPEx tradingStock JSON: TPEx says \"查詢日期大於今日\"")
        let huge = Array(
            #"{"tables":[{"fields":["日 期","成交張數","成交仟元","開盤","最高","最低","收盤","漲跌","筆數"],"data":[["114/06/02","9223372036854775807","1","1.00","1.00","1.00","1.00","0.00","1"]]}],"date":"20250601","code":"1240","stat":"ok"}"#
                .utf8)
        let overflow = try TPExStockMonthParser.parse(huge, requestedMonth: june)
        #expect(overflow.ticks.isEmpty)
        #expect(
            overflow.issues.first?.message.hasSuffix("成交張數 (volume in lots) \"9223372036854775807\" is too large")
                == true)
    }

    @Test func theURLIsTPExsOwnAndAMirrorReplacesItsHost() throws {
        let code = try #require(StockCode("2926"))
        let hosts = TWSEHosts.exchanges
        #expect(try TWSEHosts(environment: [:]) == hosts, "without mirror variables, the exchanges themselves")
        #expect(
            hosts.tpexStockMonth(code, month: YearMonth(year: 2025, month: 5)!).absoluteString
                == "https://www.tpex.org.tw/www/zh-tw/afterTrading/tradingStock?code=2926&date=2025/05/01&response=json"
        )
        let mirror = try TWSEHosts(environment: ["BROWSE_TPEX_URL": "http://127.0.0.1:8080/"])
        #expect(
            mirror.month(YearMonth(year: 2024, month: 12)!, of: code, market: .otc)?.absoluteString
                == "http://127.0.0.1:8080/www/zh-tw/afterTrading/tradingStock?code=2926&date=2024/12/01&response=json")
        #expect(mirror.month(YearMonth(year: 2024, month: 12)!, of: code, market: .emerging) == nil)
        #expect(throws: TWSEHostsError.badURL(variable: "BROWSE_TPEX_URL", value: "ftp://x")) {
            try TWSEHosts(environment: ["BROWSE_TPEX_URL": "ftp://x"])
        }
    }
}
