import BrowseSupport
import ListKit
import Testing

@testable import TWStock

@Suite struct StockDayAllParserTests {
    private func ticks(_ day: MarketDay) -> [String: DailyTick] {
        Dictionary(uniqueKeysWithValues: day.ticks.map { ($0.code.rawValue, $0) })
    }

    @Test func currentFormat() throws {
        let name = "STOCK_DAY_ALL_20250304_sample.csv"
        let date = TradingDateHint.date(fromFileName: name)
        #expect(date == CalendarDate(year: 2025, month: 3, day: 4))
        let day = try StockDayAllCSVParser.parse(Fixture.bytes(name), tradingDate: date)
        #expect(day.ticks.count == 6)  // 7 rows, one malformed
        #expect(day.ticks.allSatisfy { $0.date == date })
        let ticks = ticks(day)

        let tsmc = try #require(ticks["2330"])
        #expect(tsmc.close == ExactDecimal("1000.00"))
        #expect(tsmc.change == .down(ExactDecimal(units: 200_000, scale: 4)))
        #expect(tsmc.change.signedAmount == ExactDecimal("-20"))
        #expect(ticks["910322"]?.change == .up(ExactDecimal(units: 13_000, scale: 4)))  // "1.3000", no "+"

        let noTrade = try #require(ticks["00643K"])
        #expect(noTrade.volume == nil && noTrade.close == nil && noTrade.high == nil && noTrade.change == .absent)
        let oddLot = try #require(ticks["2901"])
        #expect(oddLot.volume == 1123 && oddLot.transactions == 29 && oddLot.close == nil)
    }

    @Test func malformedRowIsSkippedWithItsLine() throws {
        let day = try StockDayAllCSVParser.parse(Fixture.bytes("STOCK_DAY_ALL_20250304_sample.csv"), tradingDate: nil)
        #expect(day.ticks.contains { $0.code.rawValue == "2303" } == false)
        #expect(
            day.issues.map(\.description) == [
                "STOCK_DAY_ALL CSV, line 7: skipped row 2303: 成交股數 (volume) \"abc\" is not a whole number"
            ])
        #expect(day.dateOrigin == .unknown)
    }

    @Test func oldFormat() throws {
        let day = try StockDayAllCSVParser.parse(Fixture.bytes("STOCK_DAY_ALL_oldformat_sample.csv"), tradingDate: nil)
        #expect(day.issues.isEmpty)
        #expect(day.ticks.count == 7)
        let ticks = ticks(day)
        #expect(ticks["0050"]?.volume == 14_304_763)
        #expect(ticks["0050"]?.value == 1_121_570_149)
        #expect(ticks["0050"]?.transactions == 6896)
        #expect(ticks["00632R"]?.change == .unchanged)  // " 0.00"
        #expect(ticks["006204"]?.change == .notCompared)  // "X0.00"
        #expect(ticks["2498"]?.change == .up(ExactDecimal(units: 30, scale: 2)))  // "+0.30"
        #expect(ticks["2498"]?.change.description == "+0.30")
        let noTrade = try #require(ticks["00643K"])
        #expect(noTrade.volume == 0 && noTrade.open == nil && noTrade.close == nil && noTrade.change == .absent)
        let oddLot = try #require(ticks["1726"])
        #expect(oddLot.volume == 279 && oddLot.close == nil && oddLot.low == nil)
    }

    @Test func truncatedDownloadIsReported() throws {
        let day = try StockDayAllCSVParser.parse(Fixture.bytes("STOCK_DAY_ALL_unterminated.csv"), tradingDate: nil)
        #expect(day.ticks.map(\.code.rawValue) == ["0050"])
        #expect(day.issues.map(\.line) == [3, 3])
        #expect(day.issues.first?.message.contains("never closed") == true)
        #expect(day.issues.last?.message == "skipped row: 3 fields where the header has 10")
    }

    @Test func openapiJSONWithDates() throws {
        let supplied = CalendarDate(year: 2000, month: 1, day: 3)
        let day = try StockDayAllJSONParser.parse(
            Fixture.bytes("openapi_STOCK_DAY_ALL_dated.json"), tradingDate: supplied)
        let fileDate = CalendarDate(year: 2025, month: 11, day: 26)
        #expect(day.date == fileDate)
        #expect(day.dateOrigin == .file)
        #expect(day.ticks.map(\.code.rawValue) == ["0050", "00643K", "2330"])
        #expect(day.ticks.allSatisfy { $0.date == fileDate })
        let ticks = ticks(day)
        #expect(ticks["2330"]?.close == ExactDecimal("1390.00"))
        #expect(ticks["2330"]?.change == .up(ExactDecimal(units: 250_000, scale: 4)))
        #expect(ticks["00643K"]?.close == nil)
        #expect(ticks["00643K"]?.change == .absent)
        #expect(
            day.issues.map(\.description) == [
                "STOCK_DAY_ALL JSON, line 4, row 3: skipped row 23X: the code \"23X\" is not 4–6 letters or digits",
                "STOCK_DAY_ALL JSON, line 6, row 5: skipped row: TradeVolume is not a string",
            ])
    }

    @Test func blockPageIsNeverData() throws {
        let page = try Fixture.bytes("twse_block_page.html")
        #expect(throws: TWSEParseError.blockPage(.stockDayAllCSV)) {
            try StockDayAllCSVParser.parse(page, tradingDate: nil)
        }
        #expect(throws: TWSEParseError.blockPage(.stockDayAllJSON)) {
            try StockDayAllJSONParser.parse(page, tradingDate: nil)
        }
        #expect(throws: TWSEParseError.blockPage(.companyListCSV)) {
            try CompanyListParser.parse(page, market: .listed)
        }
        #expect(TWSEParseError.blockPage(.stockDayJSON).description.contains("FOR SECURITY REASONS"))
    }

    @Test func jsonThatIsNotJSON() {
        #expect(throws: TWSEParseError.self) {
            try StockDayAllJSONParser.parse(Array("[{\"Code\":".utf8), tradingDate: nil)
        }
        #expect(throws: TWSEParseError.empty(.stockDayAllJSON)) {
            try StockDayAllJSONParser.parse(Array(" \n".utf8), tradingDate: nil)
        }
    }
}
