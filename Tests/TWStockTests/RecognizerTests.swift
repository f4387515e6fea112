import BrowseSupport
import ListKit
import Testing

@testable import TWStock

@Suite struct RecognizerTests {
    @Test func everyFixtureIsRecognised() throws {
        let expected: [(String, TWSEFileKind)] = [
            ("t187ap03_L_bom_crlf.csv", .companyListCSV(market: .listed)),
            ("t187ap03_R_sample.csv", .companyListCSV(market: .emerging)),
            ("tpex_company_sample.json", .tpexCompanyJSON),
            ("tpex_equities_sample.csv", .securityListCSV),
            (
                "STOCK_DAY_ALL_20250304_sample.csv",
                .stockDayAllCSV(tradingDate: CalendarDate(year: 2025, month: 3, day: 4))
            ),
            ("STOCK_DAY_ALL_oldformat_sample.csv", .stockDayAllCSV(tradingDate: nil)),
            ("openapi_STOCK_DAY_ALL_dated.json", .stockDayAllJSON),
            ("STOCK_DAY_2330_202506_sample.json", .stockDayJSON),
            ("STOCK_DAY_stat_error.json", .stockDayJSON),
            ("STOCK_DAY_2330_202107_sample_big5.csv", .stockDayCSV(.chinese)),
            ("STOCK_DAY_2330_202109_en.csv", .stockDayCSV(.english)),
            ("twse_block_page.html", .blockPage),
            ("tpex_tradingStock_1240_202506.json", .tpexStockMonthJSON),
            ("tpex_tradingStock_1240_202505_empty.json", .tpexStockMonthJSON),
            ("STOCK_DAY_2330_202109_resaved.csv", .stockDayCSV(.english)),
        ]
        for (name, kind) in expected {
            #expect(TWSEFileRecognizer.recognize(data: try Fixture.bytes(name), fileName: name) == kind, "\(name)")
        }
    }

    @Test func blockPageWinsWhateverTheName() throws {
        let page = try Fixture.bytes("twse_block_page.html")
        #expect(TWSEFileRecognizer.recognize(data: page, fileName: "STOCK_DAY_ALL_20250304.csv") == .blockPage)
        #expect(TWSEFileKind.blockPage.format == nil)
        #expect(TWSEFileKind.blockPage.description == "TWSE block page")
    }

    @Test func unknownFilesAreNotGuessed() {
        #expect(TWSEFileRecognizer.recognize(data: [], fileName: "empty.csv") == nil)
        #expect(
            TWSEFileRecognizer.recognize(data: Array("<html><body>hello</body></html>".utf8), fileName: "a.html") == nil
        )
        #expect(TWSEFileRecognizer.recognize(data: Array("name,age\nAda,36\n".utf8), fileName: "people.csv") == nil)
        #expect(TWSEFileRecognizer.recognize(data: Array("[{\"a\":1}]".utf8), fileName: "a.json") == nil)
        #expect(TWSEFileRecognizer.recognize(data: [0xFF, 0xFE, 0x00], fileName: "bin") == nil)
    }

    @Test func marketFromFileName() {
        #expect(TWSEFileRecognizer.market(fromFileName: "t187ap03_L.csv") == .listed)
        #expect(TWSEFileRecognizer.market(fromFileName: "/tmp/T187AP03_O_1131029.csv") == .otc)
        #expect(TWSEFileRecognizer.market(fromFileName: "mopsfin_t187ap03_R.json") == .emerging)
        #expect(TWSEFileRecognizer.market(fromFileName: "companies.csv") == nil)
        #expect(TWSEFileKind.companyListCSV(market: .otc).description == "t187ap03 company CSV (上櫃)")
    }
}

@Suite struct WrongKindTests {
    @Test func eachParserRefusesAnotherKindOfFile() throws {
        let june = try #require(YearMonth(year: 2025, month: 6))
        let companies = try Fixture.bytes("tpex_company_sample.json")
        let marketDay = try Fixture.bytes("openapi_STOCK_DAY_ALL_dated.json")
        let companyCSV = try Fixture.bytes("t187ap03_L_bom_crlf.csv")

        func kind(_ body: () throws -> Void) -> String {
            do {
                try body()
                return "parsed"
            } catch let error as TWSEParseError {
                if case .wrongKind(let format, _, _) = error { return "wrongKind \(format)" }
                return "\(error)"
            } catch {
                return "\(error)"
            }
        }
        #expect(
            kind { _ = try StockDayAllJSONParser.parse(companies, tradingDate: nil) } == "wrongKind STOCK_DAY_ALL JSON")
        #expect(kind { _ = try TPExCompanyJSONParser.parse(marketDay) } == "wrongKind TPEx company JSON")
        #expect(
            kind { _ = try StockDayJSONParser.parse(marketDay, requestedMonth: june) } == "wrongKind STOCK_DAY JSON")
        #expect(kind { _ = try StockDayCSVParser.parse(companyCSV) } == "wrongKind STOCK_DAY CSV")
        #expect(
            kind { _ = try StockDayAllCSVParser.parse(companyCSV, tradingDate: nil) } == "wrongKind STOCK_DAY_ALL CSV")
        #expect(kind { _ = try SecurityListParser.parse(companyCSV) } == "wrongKind security code list CSV")
    }
}
