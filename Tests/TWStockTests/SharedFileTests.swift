import BrowseSupport
import ListKit
import Testing

@testable import TWStock

/// Every real file in `../shared/twse`, parsed with the counts SOURCES.md gives and values
/// checked field by field.
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/twse"))
struct SharedFileTests {
    private func decimal(_ text: String) -> ExactDecimal? { ExactDecimal(text) }

    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
        CalendarDate(year: year, month: month, day: day)
    }

    // MARK: t187ap03

    @Test func listedCompanies() throws {
        let result = try CompanyListParser.parse(SharedData.bytes("t187ap03_L_1131029.csv"), market: .listed)
        #expect(result.records.count == 1036)
        #expect(result.issues.isEmpty)

        let tsmc = try #require(result.records.first { $0.code.rawValue == "2330" })
        #expect(tsmc.name == "台灣積體電路製造股份有限公司")
        #expect(tsmc.shortName == "台積電")
        #expect(tsmc.market == .listed)
        #expect(tsmc.paidInCapital == 259_327_332_420)
        #expect(tsmc.industryCode == "24")
        #expect(tsmc.industryName == "半導體業")
        #expect(tsmc.listingDate == date(1994, 9, 5))
        #expect(tsmc.foundedDate == date(1987, 2, 21))
        #expect(tsmc.reportDate == date(2024, 10, 29))
        #expect(tsmc.chairman == "魏哲家")
        #expect(tsmc.generalManager == "總裁: 魏哲家")
        #expect(tsmc.englishShortName == "TSMC")
        #expect(tsmc.parValue == "新台幣 10.0000元")
        #expect(tsmc.foreignRegistration == nil)
        #expect(tsmc.issuedShares == 25_932_733_242)
        #expect(tsmc.website == "https://www.tsmc.com")
        #expect(tsmc.phone == "03-5636688")

        let cement = try #require(result.records.first)
        #expect(cement.code.rawValue == "1101")
        #expect(cement.industryName == "水泥工業")
        #expect(cement.preferredShares == 200_000_000)

        let tdr = try #require(result.records.first { $0.code.rawValue == "910322" })
        #expect(tdr.shortName == "康師傅-DR")
        #expect(tdr.foreignRegistration == "KY 開曼群島")
        #expect(tdr.industryName == "存託憑證")
        #expect(tdr.parValue == "美金0.0050元")
        #expect(tdr.auditors == ["陳志明", "不適用"])
        #expect(result.records.filter(\.isForeign).count == 93)
    }

    @Test func otcCompanies() throws {
        let result = try CompanyListParser.parse(SharedData.bytes("t187ap03_O_1131029.csv"), market: .otc)
        #expect(result.records.count == 831)
        #expect(result.issues.isEmpty)
        #expect(result.records.allSatisfy { $0.market == .otc })

        let sas = try #require(result.records.first { $0.code.rawValue == "5483" })
        #expect(sas.englishShortName == "SAS")  // written "SAS\u{3000}\u{3000}"
        #expect(
            sas.englishAddress
                == "4F, No. 8. Industrial East Road 2, Hsinchu Science Park, Taiwan, R.O.C. Hsinchu, Taiwan, R.O.C.")
        #expect(sas.paidInCapital == 6_412_216_510)
        #expect(sas.listingDate == date(2001, 3, 2))
        let mornsun = try #require(result.records.first { $0.code.rawValue == "1240" })
        #expect(mornsun.englishShortName == "MORNSUN")
        #expect(mornsun.industryName == "農業科技業")
        #expect(Set(result.records.compactMap(\.industryCode)).allSatisfy { TWSEIndustry.name(forCode: $0) != nil })
    }

    @Test func tpexCompanyJSON() throws {
        let result = try TPExCompanyJSONParser.parse(SharedData.bytes("tpex_openapi_mopsfin_t187ap03_O_1150708.json"))
        #expect(result.records.count == 891)
        #expect(result.issues.isEmpty)
        let mornsun = try #require(result.records.first)
        #expect(mornsun.code.rawValue == "1240")
        #expect(mornsun.name == "茂生農經股份有限公司")
        #expect(mornsun.paidInCapital == 442_323_730)
        #expect(mornsun.englishShortName == "MORNSUN")
        #expect(mornsun.website == "https://www.morn-sun.com.tw/")
        #expect(mornsun.reportDate == date(2026, 7, 8))
        #expect(mornsun.listingDate == date(2018, 8, 8))
        #expect(mornsun.taxID == "18795706")
        #expect(mornsun.auditors == ["陳重成", "洪偉倫"])
        #expect(mornsun.industryName == "農業科技業")
        #expect(mornsun.address == nil)
        #expect(mornsun.englishAddress?.hasPrefix("2F.,No.30,Sec. 1,Heping W.Rd.") == true)
    }

    @Test func twstockCodeList() throws {
        let result = try SecurityListParser.parse(SharedData.bytes("twstock_tpex_equities_2026-03-26.csv"))
        #expect(result.records.count == 11484)
        #expect(result.issues.isEmpty)
        #expect(result.records.filter { $0.type == "上櫃認購(售)權證" }.count == 10475)
        #expect(result.records.filter { $0.type == "股票" }.count == 880)
        #expect(result.records.filter { $0.type == "ETF" }.count == 113)
        #expect(result.records.allSatisfy { $0.market == .otc })
        let mornsun = try #require(result.records.first { $0.code.rawValue == "1240" })
        #expect(mornsun.name == "茂生農經")
        #expect(mornsun.isin == "TW0001240000")
        #expect(mornsun.listingDate == date(2018, 8, 8))
        #expect(mornsun.industry == "農業科技業")
        #expect(mornsun.cfi == "ESVUFR")
        let etf = try #require(result.records.first { $0.code.rawValue == "00679B" })
        #expect(etf.industry == nil)
    }

    // MARK: STOCK_DAY_ALL

    @Test func stockDayAllCurrentFormat() throws {
        let day = try StockDayAllCSVParser.parse(
            SharedData.bytes("STOCK_DAY_ALL_20250304.csv"), tradingDate: date(2025, 3, 4))
        #expect(day.ticks.count == 1281)
        #expect(day.issues.isEmpty)
        #expect(day.date == date(2025, 3, 4))
        #expect(day.dateOrigin == .supplied)
        let ticks = Dictionary(uniqueKeysWithValues: day.ticks.map { ($0.code.rawValue, $0) })

        let tsmc = try #require(ticks["2330"])
        #expect(tsmc.date == date(2025, 3, 4))
        #expect(tsmc.name == "台積電")
        #expect(tsmc.volume == 69_307_417)
        #expect(tsmc.value == 69_455_264_475)
        #expect(tsmc.open == decimal("996.00"))
        #expect(tsmc.high == decimal("1010.00"))
        #expect(tsmc.low == decimal("996.00"))
        #expect(tsmc.close == decimal("1000.00"))
        #expect(tsmc.change == .down(ExactDecimal(units: 200_000, scale: 4)))
        #expect(tsmc.transactions == 184_223)

        // No trade: empty strings, no prices (not zeros), change "0.0000" means nothing.
        let noTrade = try #require(ticks["00643K"])
        #expect(noTrade.volume == nil && noTrade.value == nil && noTrade.transactions == nil)
        #expect(noTrade.open == nil && noTrade.high == nil && noTrade.low == nil && noTrade.close == nil)
        #expect(noTrade.change == .absent)
        #expect(!noTrade.hasTrades)

        // Odd lots only: volume and trades, but no prices.
        let oddLot = try #require(ticks["2901"])
        #expect(oddLot.volume == 1123 && oddLot.value == 30584 && oddLot.transactions == 29)
        #expect(oddLot.close == nil && oddLot.open == nil)
        #expect(ticks["5906"]?.volume == 37 && ticks["5906"]?.close == nil)

        let inverse = try #require(ticks["00632R"])
        #expect(inverse.change == .up(ExactDecimal(units: 1400, scale: 4)))
        #expect(inverse.close == decimal("23.36"))
        #expect(ticks["00625K"]?.close == decimal("7.37"))
        #expect(day.ticks.filter { $0.close == nil }.count == 13)
        #expect(day.ticks.contains { $0.code.rawValue.count == 6 })
    }

    @Test func stockDayAllOldFormat() throws {
        let day = try StockDayAllCSVParser.parse(
            SharedData.bytes("STOCK_DAY_ALL_2019-05_oldformat.csv"), tradingDate: nil)
        #expect(day.ticks.count == 1099)
        #expect(day.issues.isEmpty)
        #expect(day.date == nil && day.dateOrigin == .unknown)
        let ticks = Dictionary(uniqueKeysWithValues: day.ticks.map { ($0.code.rawValue, $0) })

        let etf = try #require(ticks["0050"])
        #expect(etf.volume == 14_304_763)  // "14,304,763"
        #expect(etf.value == 1_121_570_149)
        #expect(etf.transactions == 6896)
        #expect(etf.change == .down(ExactDecimal(units: 5, scale: 2)))
        #expect(ticks["2330"]?.close == decimal("238.00"))
        #expect(ticks["2330"]?.change.signedAmount == decimal("-3.50"))

        // " 0.00" with a close is unchanged.
        let flat = try #require(ticks["00632R"])
        #expect(flat.change == .unchanged)
        #expect(flat.close == decimal("12.22"))

        // X0.00: not compared.
        #expect(ticks["006204"]?.change == .notCompared)
        #expect(ticks["2540"]?.change == .notCompared)
        #expect(day.ticks.filter { $0.change == .notCompared }.count == 8)

        // "0.00" prices mean no trade.
        let noTrade = try #require(ticks["00643K"])
        #expect(noTrade.volume == 0 && noTrade.close == nil && noTrade.open == nil && noTrade.change == .absent)
        for code in ["1726", "2008", "2440"] {
            let oddLot = try #require(ticks[code])
            #expect(oddLot.volume ?? 0 > 0)
            #expect(oddLot.close == nil && oddLot.high == nil)
        }
        #expect(ticks["1726"]?.volume == 279)
        #expect(day.ticks.filter { $0.close == nil }.count == 17)
    }

    @Test func openapiStockDayAllWithoutDate() throws {
        let bytes = try SharedData.bytes("openapi_STOCK_DAY_ALL_2025-03or04_nodate.json")
        let undated = try StockDayAllJSONParser.parse(bytes, tradingDate: nil)
        #expect(undated.ticks.count == 1286)
        #expect(undated.issues.isEmpty)
        #expect(undated.date == nil && undated.dateOrigin == .unknown)
        #expect(undated.ticks.allSatisfy { $0.date == nil })

        let dated = try StockDayAllJSONParser.parse(bytes, tradingDate: date(2025, 3, 31))
        #expect(dated.dateOrigin == .supplied)
        let tsmc = try #require(dated.ticks.first { $0.code.rawValue == "2330" })
        #expect(tsmc.date == date(2025, 3, 31))
        #expect(tsmc.close == decimal("910.00"))
        #expect(tsmc.change == .down(ExactDecimal(units: 420_000, scale: 4)))
        #expect(tsmc.volume == 59_733_510)
        #expect(tsmc.transactions == 301_446)
        #expect(dated.ticks.first?.close == decimal("172.75"))
        #expect(dated.ticks.filter { $0.close == nil }.map(\.code.rawValue) == ["00625K", "00707R", "020011", "2321"])
        #expect(dated.ticks.first { $0.code.rawValue == "2321" }?.volume == 489)
    }

    // MARK: STOCK_DAY

    @Test func stockDayJSON() throws {
        let bytes = try SharedData.bytes("STOCK_DAY_2330_202506.json")
        let june = try #require(YearMonth(year: 2025, month: 6))
        let month = try StockDayJSONParser.parse(bytes, requestedMonth: june, code: StockCode("2330"))
        #expect(month.ticks.count == 21)
        #expect(month.issues.isEmpty)
        #expect(month.code.rawValue == "2330")
        #expect(month.name == "台積電")
        #expect(month.title == "114年06月 2330 台積電 各日成交資訊")
        #expect(month.notes.count == 5)
        #expect(month.notes.first == "符號說明:+/-/X表示漲/跌/不比價")

        let first = try #require(month.ticks.first)
        #expect(first.date == date(2025, 6, 2))
        #expect(first.volume == 40_608_468)
        #expect(first.value == 38_643_155_297)
        #expect(first.close == decimal("946.00"))
        #expect(first.change == .down(decimal("21.00") ?? ExactDecimal(0)))
        #expect(first.transactions == 125_245)
        #expect(first.note == nil)

        let exDividend = try #require(month.ticks.first { $0.date == date(2025, 6, 12) })
        #expect(exDividend.change == .notCompared)
        #expect(exDividend.open == decimal("1055.00"))  // "1,055.00"
        #expect(exDividend.high == decimal("1060.00"))
        #expect(exDividend.low == decimal("1045.00"))
        #expect(exDividend.close == decimal("1045.00"))
        #expect(exDividend.open?.description == "1055.00")
        #expect(month.ticks.last?.date == date(2025, 6, 30))

        let may = try #require(YearMonth(year: 2025, month: 5))
        #expect(throws: TWSEParseError.wrongMonth(.stockDayJSON, requested: may, received: june)) {
            try StockDayJSONParser.parse(bytes, requestedMonth: may)
        }
    }

    @Test func stockDayBig5CSV() throws {
        let month = try StockDayCSVParser.parse(SharedData.bytes("STOCK_DAY_2330_202107_big5.csv"))
        #expect(month.ticks.count == 12)
        #expect(month.issues.isEmpty)
        #expect(month.title == "110年07月 2330 台積電 各日成交資訊")
        #expect(month.code.rawValue == "2330")
        #expect(month.name == "台積電")
        #expect(month.month == YearMonth(year: 2021, month: 7))
        #expect(
            month.notes == [
                "說明:", "符號說明:+/-/X表示漲/跌/不比價", "當日統計資訊含一般、零股、盤後定價、鉅額交易，不含拍賣、標購。",
                "ETF證券代號第六碼為K、M、S、C者，表示該ETF以外幣交易。",
            ])
        let first = try #require(month.ticks.first)
        #expect(first.date == date(2021, 7, 1))
        #expect(first.volume == 18_719_706)
        #expect(first.value == 11_116_195_742)
        #expect(first.open == decimal("596.00"))
        #expect(first.close == decimal("593.00"))
        #expect(first.change == .down(ExactDecimal(units: 200, scale: 2)))
        #expect(first.transactions == 20565)
        let last = try #require(month.ticks.last)
        #expect(last.date == date(2021, 7, 16))
        #expect(last.change.signedAmount == decimal("-25.00"))
        #expect(month.ticks[2].change == .up(ExactDecimal(units: 300, scale: 2)))
    }

    // MARK: recognition

    @Test func everySharedFileIsRecognised() throws {
        let expected: [(String, TWSEFileKind)] = [
            ("STOCK_DAY_ALL_20250304.csv", .stockDayAllCSV(tradingDate: date(2025, 3, 4))),
            ("STOCK_DAY_ALL_2019-05_oldformat.csv", .stockDayAllCSV(tradingDate: nil)),
            ("openapi_STOCK_DAY_ALL_2025-03or04_nodate.json", .stockDayAllJSON),
            ("t187ap03_L_1131029.csv", .companyListCSV(market: .listed)),
            ("t187ap03_O_1131029.csv", .companyListCSV(market: .otc)),
            ("tpex_openapi_mopsfin_t187ap03_O_1150708.json", .tpexCompanyJSON),
            ("twstock_tpex_equities_2026-03-26.csv", .securityListCSV),
            ("STOCK_DAY_2330_202107_big5.csv", .stockDayCSV(.chinese)),
            ("STOCK_DAY_2330_202506.json", .stockDayJSON),
            ("tpex_tradingStock_2926_202505.json", .tpexStockMonthJSON),
        ]
        for (name, kind) in expected {
            #expect(TWSEFileRecognizer.recognize(data: try SharedData.bytes(name), fileName: name) == kind, "\(name)")
        }
        #expect(TWSEFileRecognizer.recognize(data: try SharedData.bytes("SOURCES.md"), fileName: "SOURCES.md") == nil)
    }
}
