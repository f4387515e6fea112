import BrowseSupport
import Foundation
import ListKit
import Tabular
import Testing

@testable import TWStock

@Suite struct StockDayParserTests {
    private let june2025 = YearMonth(year: 2025, month: 6)
    private let may2025 = YearMonth(year: 2025, month: 5)

    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
        CalendarDate(year: year, month: month, day: day)
    }

    @Test func jsonMonth() throws {
        let june = try #require(june2025)
        let month = try StockDayJSONParser.parse(
            Fixture.bytes("STOCK_DAY_2330_202506_sample.json"), requestedMonth: june)
        #expect(month.code.rawValue == "2330")
        #expect(month.name == "台積電")
        #expect(month.month == june)
        #expect(
            month.ticks.map(\.date) == [date(2025, 6, 10), date(2025, 6, 12), date(2025, 6, 13), date(2025, 6, 16)])

        let rally = month.ticks[0]
        #expect(rally.open == ExactDecimal("1025.00"))  // "1,025.00"
        #expect(rally.close == ExactDecimal("1045.00"))
        #expect(rally.value == 57_406_744_645)
        #expect(rally.change == .up(ExactDecimal(units: 4000, scale: 2)))
        #expect(month.ticks[1].change == .notCompared)  // "X0.00"

        let halted = month.ticks[2]  // "--" prices
        #expect(halted.open == nil && halted.close == nil && halted.change == .absent && halted.volume == 0)
        #expect(month.ticks[3].note == "**")
        #expect(month.notes.count == 2)
    }

    @Test func jsonBadRowsAreSkippedWithTheirRow() throws {
        let june = try #require(june2025)
        let month = try StockDayJSONParser.parse(
            Fixture.bytes("STOCK_DAY_2330_202506_sample.json"), requestedMonth: june)
        #expect(
            month.issues.map(\.description) == [
                "STOCK_DAY JSON, line 1, row 5: skipped row: the date 114/05/30 is not in 2025-06",
                "STOCK_DAY JSON, line 1, row 6: skipped row: 114/06/17: 漲跌價差 (change) \"?20.00\" is not a price change",
            ])
    }

    @Test func answerForAnotherMonthIsAnError() throws {
        let june = try #require(june2025)
        let may = try #require(may2025)
        let error = try #require(throws: TWSEParseError.self) {
            try StockDayJSONParser.parse(Fixture.bytes("STOCK_DAY_2330_wrong_month.json"), requestedMonth: june)
        }
        #expect(error == .wrongMonth(.stockDayJSON, requested: june, received: may))
        #expect(error.description == "STOCK_DAY JSON: asked for 2025-06 but TWSE answered for 2025-05; ask again later")
        // The date says June but the title says May: still another month.
        #expect(throws: TWSEParseError.wrongMonth(.stockDayJSON, requested: june, received: may)) {
            try StockDayJSONParser.parse(Fixture.bytes("STOCK_DAY_2330_title_month_differs.json"), requestedMonth: june)
        }
    }

    @Test func answerForAnotherStockIsAnError() throws {
        let june = try #require(june2025)
        let requested = try #require(StockCode("2317"))
        let received = try #require(StockCode("2330"))
        #expect(throws: TWSEParseError.wrongStock(.stockDayJSON, requested: requested, received: received)) {
            try StockDayJSONParser.parse(
                Fixture.bytes("STOCK_DAY_2330_202506_sample.json"), requestedMonth: june, code: requested)
        }
    }

    @Test func statErrorCarriesTWSEsMessage() throws {
        let june = try #require(june2025)
        let error = try #require(throws: TWSEParseError.self) {
            try StockDayJSONParser.parse(Fixture.bytes("STOCK_DAY_stat_error.json"), requestedMonth: june)
        }
        #expect(error == .exchangeMessage(.stockDayJSON, message: "很抱歉，沒有符合條件的資料!"))
        #expect(error.description == "STOCK_DAY JSON: TWSE says \"很抱歉，沒有符合條件的資料!\"")
    }

    @Test func blockPageIsAnError() throws {
        let june = try #require(june2025)
        let page = try Fixture.bytes("twse_block_page.html")
        #expect(throws: TWSEParseError.blockPage(.stockDayJSON)) {
            try StockDayJSONParser.parse(page, requestedMonth: june)
        }
        #expect(throws: TWSEParseError.blockPage(.stockDayCSV)) {
            try StockDayCSVParser.parse(page)
        }
    }

    @Test func big5CSV() throws {
        let month = try StockDayCSVParser.parse(Fixture.bytes("STOCK_DAY_2330_202107_sample_big5.csv"))
        #expect(month.title == "110年07月 2330 台積電 各日成交資訊")
        #expect(month.code.rawValue == "2330")
        #expect(month.name == "台積電")
        #expect(month.month == YearMonth(year: 2021, month: 7))
        #expect(month.ticks.map(\.date) == [date(2021, 7, 1), date(2021, 7, 5), date(2021, 7, 6)])
        #expect(month.ticks[0].volume == 18_719_706)
        #expect(month.ticks[0].change == .down(ExactDecimal(units: 200, scale: 2)))
        #expect(month.ticks[1].change == .up(ExactDecimal(units: 300, scale: 2)))
        #expect(month.ticks[2].change == .notCompared)
        #expect(month.notes == ["說明:", "符號說明:+/-/X表示漲/跌/不比價"])
        #expect(month.issues.isEmpty)

        let june = try #require(june2025)
        #expect(throws: TWSEParseError.self) {
            try StockDayCSVParser.parse(Fixture.bytes("STOCK_DAY_2330_202107_sample_big5.csv"), requestedMonth: june)
        }
    }

    @Test func englishCSV() throws {
        let bytes = try Fixture.bytes("STOCK_DAY_2330_202109_en.csv")
        let month = try StockDayCSVParser.parse(bytes, requestedMonth: YearMonth(year: 2021, month: 9))
        #expect(month.code.rawValue == "2330")
        #expect(month.name == "Taiwan Semiconductor Manufacturing Co., Ltd.")
        #expect(month.ticks.map(\.date) == [date(2021, 9, 1), date(2021, 9, 2), date(2021, 9, 3)])
        #expect(month.ticks[0].volume == 24_355_016)
        #expect(month.ticks[0].close == ExactDecimal("621.00"))
        #expect(month.ticks[1].change == .down(ExactDecimal(units: 400, scale: 2)))
        #expect(month.ticks[2].change == .unchanged)
        #expect(month.notes.first == "Remarks:")
        #expect(month.issues.isEmpty)
        #expect(TWSEFileRecognizer.recognize(data: bytes, fileName: "x.csv") == .stockDayCSV(.english))
    }

    @Test func notBig5NorUTF8IsReportedWithItsOffset() {
        let bytes: [UInt8] = Array("\"日期\"\n".utf8) + [0xA5, 0x78, 0xFF, 0xFE]
        let error = #expect(throws: TWSEParseError.self) { try StockDayCSVParser.parse(bytes) }
        #expect(error?.description.contains("at byte offset") == true)
        #expect(error?.format == .stockDayCSV)
    }

    @Test func csvBadRowIsSkippedWithItsLine() throws {
        var text = try TextDecoding.decodeBig5(Fixture.bytes("STOCK_DAY_2330_202107_sample_big5.csv"))
        text = text.replacingOccurrences(of: "\"110/07/05\"", with: "\"110/13/05\"")
        let month = try StockDayCSVParser.parse(Array(text.utf8))
        #expect(month.ticks.count == 2)
        #expect(
            month.issues.map(\.description) == [
                "STOCK_DAY CSV, line 4: skipped row: 日期 (date) \"110/13/05\" is not a date"
            ])
    }
}
