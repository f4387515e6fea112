import BrowseSupport
import Foundation
import ListKit
import Testing

@testable import TWStock

@Suite struct StockCodeTests {
    @Test(arguments: ["2330", "0050", "00632R", "910322", "00625K", "006208"])
    func validCodesStayText(_ text: String) throws {
        let code = try #require(StockCode(text))
        #expect(code.rawValue == text)
        #expect(code.description == text)
    }

    @Test(arguments: ["233", "1234567", "23 30", " 23 30 ", "２３３０", "23-0", "", "    ", "\t2330", "2330.TW", "2 330"])
    func invalidCodesAreRejected(_ text: String) {
        #expect(StockCode(text) == nil)
    }

    @Test func paddingIsTrimmedAndLettersUpperCased() {
        #expect(StockCode(" 00632r ")?.rawValue == "00632R")
        #expect(StockCode("2330  ")?.rawValue == "2330")
        #expect(StockCode("  2330")?.rawValue == "2330")
        #expect(StockCode("00625k")?.rawValue == "00625K")
        #expect(StockCode("ABCD"[...])?.rawValue == "ABCD")
    }

    @Test func leadingZerosMatter() throws {
        let etf = try #require(StockCode("0050"))
        let other = try #require(StockCode("00050"))
        #expect(etf != other)
        #expect(etf < (try #require(StockCode("2330"))))
    }

    @Test func codableAsAString() throws {
        let code = try #require(StockCode("00632R"))
        let data = try JSONEncoder().encode([code])
        #expect(String(decoding: data, as: UTF8.self) == "[\"00632R\"]")
        #expect(try JSONDecoder().decode([StockCode].self, from: data) == [code])
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([StockCode].self, from: Data("[\"50\"]".utf8)) }
    }
}

@Suite struct ROCCalendarTests {
    @Test func slashAndCompactDates() {
        #expect(ROCCalendar.date("114/06/02") == CalendarDate(year: 2025, month: 6, day: 2))
        #expect(ROCCalendar.date("1131029") == CalendarDate(year: 2024, month: 10, day: 29))
        #expect(ROCCalendar.date("99/12/31") == CalendarDate(year: 2010, month: 12, day: 31))
        #expect(ROCCalendar.date("991231") == CalendarDate(year: 2010, month: 12, day: 31))
        #expect(ROCCalendar.date("114年06月02日") == CalendarDate(year: 2025, month: 6, day: 2))
        #expect(ROCCalendar.date(" 110/07/01 ") == CalendarDate(year: 2021, month: 7, day: 1))
    }

    @Test func impossibleOrGregorianDatesAreRejected() {
        #expect(ROCCalendar.date("114/02/30") == nil)
        #expect(ROCCalendar.date("2025/06/02") == nil)
        #expect(ROCCalendar.date("20250602") == nil)
        #expect(ROCCalendar.date("114/6") == nil)
        #expect(ROCCalendar.date("--") == nil)
    }

    @Test func months() {
        #expect(ROCCalendar.month("114年06月") == YearMonth(year: 2025, month: 6))
        #expect(ROCCalendar.month("110/07") == YearMonth(year: 2021, month: 7))
        #expect(ROCCalendar.month("114年13月") == nil)
        #expect(YearMonth(year: 2025, month: 6)?.description == "2025-06")
        #expect(YearMonth(year: 2025, month: 6)?.rocYear == 114)
        #expect(YearMonth(year: 2025, month: 6)?.firstDay?.compact == "20250601")
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(YearMonth.self, from: Data("{\"year\":2025,\"month\":13}".utf8))
        }
    }
}

@Suite struct PriceChangeTests {
    @Test func everyExchangeSpelling() {
        #expect(PriceChange(exchangeText: "+0.30") == .up(ExactDecimal(units: 30, scale: 2)))
        #expect(PriceChange(exchangeText: "-3.50") == .down(ExactDecimal(units: 350, scale: 2)))
        #expect(PriceChange(exchangeText: " 0.00") == .unchanged)
        #expect(PriceChange(exchangeText: "0.0000") == .unchanged)
        #expect(PriceChange(exchangeText: "1.3000") == .up(ExactDecimal(units: 13_000, scale: 4)))
        #expect(PriceChange(exchangeText: "-20.0000") == .down(ExactDecimal(units: 200_000, scale: 4)))
        #expect(PriceChange(exchangeText: "X0.00") == .notCompared)
        #expect(PriceChange(exchangeText: "X") == .notCompared)
        #expect(PriceChange(exchangeText: "") == .absent)
        #expect(PriceChange(exchangeText: "--") == .absent)
        #expect(PriceChange(exchangeText: "up") == nil)
        #expect(PriceChange(exchangeText: "X1.2.3") == nil)
    }

    @Test func signedAmountAndText() {
        let down = PriceChange.down(ExactDecimal(units: 2100, scale: 2))
        #expect(down.signedAmount == ExactDecimal("-21.00"))
        #expect(down.description == "-21.00")
        #expect(PriceChange.up(ExactDecimal(units: 40, scale: 2)).description == "+0.40")
        #expect(PriceChange.notCompared.signedAmount == nil)
        #expect(PriceChange.notCompared.description == "X")
        #expect(PriceChange.unchanged.signedAmount == ExactDecimal(0))
    }
}

@Suite struct FieldTextTests {
    @Test func paddingAndPlaceholders() {
        #expect(FieldText.clean("－ ") == nil)
        #expect(FieldText.clean("--") == nil)
        #expect(FieldText.clean("  ") == nil)
        #expect(FieldText.clean("MORNSUN\u{3000}") == "MORNSUN")
        #expect(FieldText.clean("KY 開曼群島      ") == "KY 開曼群島")
        #expect(FieldText.clean("新台幣                 10.0000元") == "新台幣 10.0000元")
        #expect(FieldText.clean("AN-SHIN") == "AN-SHIN")
        #expect(FieldText.clean("康師傅-DR") == "康師傅-DR")
    }

    @Test func numbers() throws {
        #expect(try FieldText.count("14,304,763", column: "v") == 14_304_763)
        #expect(try FieldText.count("", column: "v") == nil)
        #expect(throws: UnreadableRow.self) { try FieldText.count("1.5", column: "v") }
        #expect(throws: UnreadableRow.self) { try FieldText.count("-5", column: "v") }
        #expect(throws: UnreadableRow.self) { try FieldText.count("12,34", column: "v") }
        #expect(try FieldText.price("1,045.00", column: "p") == ExactDecimal("1045.00"))
        #expect(try FieldText.price("0.00", column: "p") == nil)
        #expect(try FieldText.price("--", column: "p") == nil)
        #expect(throws: UnreadableRow.self) { try FieldText.price("-1.00", column: "p") }
    }
}

@Suite struct CatalogTests {
    @Test func industryNames() {
        #expect(TWSEIndustry.name(forCode: "24") == "半導體業")
        #expect(TWSEIndustry.name(forCode: "01") == "水泥工業")
        #expect(TWSEIndustry.name(forCode: "1") == "水泥工業")
        #expect(TWSEIndustry.name(forCode: "91") == "存託憑證")
        #expect(TWSEIndustry.name(forCode: "38") == "居家生活")
        #expect(TWSEIndustry.name(forCode: "99") == nil)
        // Padded codes read the same as bare ones; three digits, letters or nothing name none.
        for (code, name) in TWSEIndustry.names {
            #expect(TWSEIndustry.name(forCode: code) == name)
            #expect(TWSEIndustry.name(forCode: " \(code)\u{3000}") == name)
        }
        #expect(TWSEIndustry.name(forCode: "5 ") == "電機機械")
        for code in ["024", "240", "2a", "", " ", "\u{3000}"] {
            #expect(TWSEIndustry.name(forCode: code) == nil, "\(code)")
        }
    }

    @Test func markets() {
        #expect(Market(title: "上市") == .listed)
        #expect(Market(title: "上櫃") == .otc)
        #expect(Market(title: "興櫃一般板") == .emerging)
        #expect(Market(title: "OTC") == nil)
        #expect(Market.allCases.map(\.title) == ["上市", "上櫃", "興櫃"])
        #expect(Market.allCases.map(\.fileSuffix) == ["L", "O", "R"])
    }
}

@Suite struct TradingDateHintTests {
    private let day = CalendarDate(year: 2025, month: 3, day: 4)

    @Test(arguments: [
        "attachment; filename=STOCK_DAY_ALL_20250304.csv",
        "attachment; filename=\"STOCK_DAY_ALL_20250304.csv\"",
        "attachment;filename*=UTF-8''STOCK_DAY_ALL_20250304.csv",
        "attachment; filename=\"x.csv\"; filename*=UTF-8''STOCK%5FDAY%5FALL%5F20250304.csv",
    ])
    func contentDisposition(_ header: String) {
        #expect(TradingDateHint.date(fromContentDisposition: header) == day)
    }

    @Test func contentDispositionWithoutADate() {
        #expect(TradingDateHint.date(fromContentDisposition: "inline") == nil)
        #expect(TradingDateHint.date(fromContentDisposition: "attachment; filename=STOCK_DAY_ALL.csv") == nil)
    }

    @Test func fileNames() {
        #expect(TradingDateHint.date(fromFileName: "/home/me/Downloads/STOCK_DAY_ALL_20250304 (1).csv") == day)
        #expect(TradingDateHint.date(fromFileName: "ticks 2025-03-04.csv") == day)
        #expect(TradingDateHint.date(fromFileName: "STOCK_DAY_ALL_2019-05_oldformat.csv") == nil)
        #expect(TradingDateHint.date(fromFileName: "STOCK_DAY_ALL.csv") == nil)
        #expect(TradingDateHint.date(fromFileName: "STOCK_DAY_ALL_20251332.csv") == nil)
        #expect(TradingDateHint.date(fromFileName: "t187ap03_L_1131029.csv") == nil)
    }
}

@Suite struct ErrorTextTests {
    @Test func everyErrorIsOneLineNamingTheFile() throws {
        let june = try #require(YearMonth(year: 2025, month: 6))
        let may = try #require(YearMonth(year: 2025, month: 5))
        let code = try #require(StockCode("2330"))
        let errors: [TWSEParseError] = [
            .blockPage(.stockDayJSON), .wrongKind(.stockDayAllCSV, line: 1, found: String(repeating: "x", count: 100)),
            .missingColumns(.companyListCSV, line: 1, ["公司名稱"]), .undecodable(.stockDayCSV, detail: "d"),
            .invalidJSON(.stockDayAllJSON, detail: "d"), .exchangeMessage(.stockDayJSON, message: "m"),
            .wrongMonth(.stockDayJSON, requested: june, received: may),
            .wrongStock(.stockDayCSV, requested: code, received: code), .empty(.securityListCSV),
        ]
        for error in errors {
            #expect(!error.description.contains("\n"))
            #expect(error.description.hasPrefix(error.format.description))
        }
        #expect(errors[1].description.count < 140)
    }
}
