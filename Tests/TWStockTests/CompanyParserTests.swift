import BrowseSupport
import ListKit
import Tabular
import Testing

@testable import TWStock

@Suite struct CompanyParserTests {
    private func date(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
        CalendarDate(year: year, month: month, day: day)
    }

    @Test func byteOrderMarkCRLFAndPaddingAreCleaned() throws {
        let result = try CompanyListParser.parse(Fixture.bytes("t187ap03_L_bom_crlf.csv"), market: .listed)
        #expect(result.records.map(\.code.rawValue) == ["2330", "910322"])

        let tsmc = try #require(result.records.first)
        #expect(tsmc.name == "台灣積體電路製造股份有限公司")  // the header's first column is found despite the BOM
        #expect(tsmc.reportDate == date(2024, 10, 29))
        #expect(tsmc.paidInCapital == 259_327_332_420)
        #expect(tsmc.industryName == "半導體業")
        #expect(tsmc.parValue == "新台幣 10.0000元")
        #expect(tsmc.foreignRegistration == nil)  // "－ "
        #expect(tsmc.website == "https://www.tsmc.com")  // the last column, before CRLF

        let tdr = try #require(result.records.last)
        #expect(tdr.foreignRegistration == "KY 開曼群島")
        #expect(tdr.englishShortName == "Tingyi")  // "Tingyi\u{3000}\u{3000}"
        #expect(tdr.englishAddress == "Block A, No.1688, WuZhong Rd. MinHang District")
        #expect(tdr.deputySpokesperson == nil)  // "-"
        #expect(tdr.website == nil)  // "--"
        #expect(tdr.auditors == ["陳志明", "不適用"])
        #expect(tdr.isForeign)
    }

    /// The fields a list does not show stay in the file until read: they read as written
    /// (quotes undone, a comma and a line break kept) in any column order, from UTF-8 and Big5
    /// alike, and two companies read from the two encodings are equal.
    @Test func fieldsLeftInTheFileReadAsWritten() throws {
        var values = Dictionary(uniqueKeysWithValues: CompanyField.allCases.map { ($0, "") })
        values[.code] = "2330"
        values[.name] = "台灣積體電路製造股份有限公司"
        values[.shortName] = "台積電"
        values[.foundedDate] = "19870221"
        values[.chairman] = #"魏 "哲" 家"#
        values[.address] = "新竹市,力行六路8號\n3樓"
        values[.website] = "https://www.tsmc.com　"
        // Columns in reverse order, with one the parser does not know among them.
        var headers = CompanyField.allCases.reversed().map { $0.headers[0] }
        var row = CompanyField.allCases.reversed().map { "\"" + values[$0]!.replacing("\"", with: "\"\"") + "\"" }
        headers.insert("備註", at: 5)
        row.insert("\"x\"", at: 5)
        let text = headers.joined(separator: ",") + "\r\n" + row.joined(separator: ",") + "\r\n"
        let utf8 = try CompanyListParser.parse(Array(text.utf8), market: .listed)
        let big5 = try CompanyListParser.parse(try TextDecoding.encodeBig5(text), market: .listed)
        #expect(utf8.issues.isEmpty && big5.issues.isEmpty)
        for company in [utf8.records, big5.records].compactMap(\.first) {
            for (field, written) in values {
                #expect(company.sourceText(field) == written, "\(field)")
            }
            #expect(company.chairman == #"魏 "哲" 家"#)
            #expect(company.address == "新竹市,力行六路8號 3樓", "the line break cleaned to a space")
            #expect(company.website == "https://www.tsmc.com", "cleaned of its U+3000")
            #expect(company.foundedDate == date(1987, 2, 21))
        }
        #expect(utf8.records == big5.records && utf8.records.count == 1)
        #expect(Set(utf8.records + big5.records).count == 1, "equal companies hash alike")
    }

    @Test func badRowsAreSkippedAndReportedWithTheirLines() throws {
        let result = try CompanyListParser.parse(Fixture.bytes("t187ap03_L_bom_crlf.csv"), market: .listed)
        #expect(result.issues.map(\.line) == [4, 5])
        #expect(
            result.issues.first?.description
                == "t187ap03 company CSV, line 4: skipped row: 2303: 實收資本額 (paid-in capital) \"12,5a\" is not a whole number"
        )
        #expect(result.issues.last?.message == "skipped row: 4 fields where the header has 33")
    }

    @Test func emergingFileHasTheSameColumns() throws {
        // No real t187ap03_R file exists; this fixture is written in the documented 33-column shape.
        let bytes = try Fixture.bytes("t187ap03_R_sample.csv")
        let result = try CompanyListParser.parse(bytes, market: .emerging)
        #expect(result.issues.isEmpty)
        let company = try #require(result.records.first)
        #expect(company.market == .emerging)
        #expect(company.market.title == "興櫃")
        #expect(company.code.rawValue == "6999")
        #expect(company.industryName == "生技醫療業")
        #expect(company.listingDate == date(2023, 6, 1))
        #expect(company.paidInCapital == 350_000_000)
        #expect(
            TWSEFileRecognizer.recognize(data: bytes, fileName: "t187ap03_R.csv") == .companyListCSV(market: .emerging))
    }

    @Test func anotherKindOfFileIsAnError() throws {
        let bytes = try Fixture.bytes("STOCK_DAY_ALL_20250304_sample.csv")
        let error = try #require(throws: TWSEParseError.self) {
            try CompanyListParser.parse(bytes, market: .listed)
        }
        guard case .wrongKind(.companyListCSV, line: 1, _) = error else {
            Issue.record("expected wrongKind, got \(error)")
            return
        }
        #expect(error.description.hasPrefix("t187ap03 company CSV, line 1: this is not a t187ap03 company CSV file"))
    }

    @Test func tpexJSONWithEnglishKeys() throws {
        let result = try TPExCompanyJSONParser.parse(Fixture.bytes("tpex_company_sample.json"))
        #expect(result.records.map(\.code.rawValue) == ["1240"])
        let company = try #require(result.records.first)
        #expect(company.market == .otc)
        #expect(company.paidInCapital == 442_323_730)  // "Paidin.Capital.NTDollars"
        #expect(company.taxID == "18795706")  // "UnifiedBusinessNo."
        #expect(company.englishShortName == "MORNSUN")
        #expect(company.website == "https://www.morn-sun.com.tw/")
        #expect(company.auditors == ["陳重成", "洪偉倫"])
        #expect(company.reportDate == date(2026, 7, 8))

        #expect(result.issues.map(\.line) == [3, 4])
        #expect(result.issues.map(\.row) == [2, 3])
        #expect(
            result.issues.first?.description
                == "TPEx company JSON, line 3, row 2: skipped row: Paidin.Capital.NTDollars is not a string")
        #expect(result.issues.last?.message.contains("成立日期 (founded) \"1992/06/16\" is not a yyyyMMdd date") == true)
    }

    @Test func securityCodeList() throws {
        let result = try SecurityListParser.parse(Fixture.bytes("tpex_equities_sample.csv"))
        #expect(result.records.map(\.code.rawValue) == ["700001", "1240", "00679B"])
        let share = result.records[1]
        #expect(share.type == "股票")
        #expect(share.industry == "農業科技業")
        #expect(share.market == .otc)
        #expect(share.listingDate == date(2018, 8, 8))
        #expect(result.records[0].industry == nil)
        #expect(result.issues.map(\.line) == [5])
        #expect(result.issues.first?.message == "skipped row: the code \"12\" is not 4–6 letters or digits")
    }
}
