import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import Testing

@testable import TWStock

/// 本益比 殖利率 股價淨值比: BWIBBU_d in both layouts (JSON and the CSV download) and TPEx's
/// peQryDate, by the fields' names, held value by value to the files; the CSV by `import`.
@Suite struct ValuationTests {
    static let day2023 = CalendarDate(year: 2023, month: 1, day: 30)!
    static let day2025 = CalendarDate(year: 2025, month: 1, day: 15)!

    /// The columns each field name goes to, spelt out apart from the parser's own.
    static let names: [String: String] = [
        "證券代號": "code", "股票代號": "code", "證券名稱": "name", "公司名稱": "name", "收盤價": "close",
        "殖利率(%)": "yield", "股利年度": "dividend_year", "本益比": "pe", "股價淨值比": "pb", "財報年/季": "fiscal_quarter",
        "每股股利": "dividend",
    ]

    /// What the export writes for a field: numbers without grouping, `-` missing, an ROC
    /// year as Gregorian, `111/3` as `2022Q3`.
    static func expected(_ column: String, _ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        if trimmed == "-" || trimmed == "N/A" { return "" }
        switch column {
        case "dividend_year": return String((Int(trimmed) ?? 0) + 1911)
        case "fiscal_quarter":
            let parts = trimmed.split(separator: "/")
            guard parts.count == 2 else { return "not a year/quarter: \(trimmed)" }
            return "\((Int(parts[0]) ?? 0) + 1911)Q\(parts[1])"
        case "name": return text
        default: return RawReport.number(text)
        }
    }

    static func expectRows(_ report: DayReport<Valuation>, fields: [String], rows: [[String]], market: String) {
        let columns = ValuationDataset.columns
        let all = Set(columns.map(\.name)).subtracting(["date", "code", "name", "market"])
        for (row, raw) in zip(report.rows, rows) {
            let exported = columns.exported(row)
            #expect(exported["date"] == report.date.description)
            #expect(exported["market"] == market)
            var filled = Set<String>()
            for (index, field) in fields.enumerated() where !field.isEmpty {
                guard let column = names[field] else {
                    Issue.record("no column for \(field)")
                    continue
                }
                #expect(exported[column] == expected(column, raw[index]), "\(raw[0]) \(column)")
                filled.insert(column)
            }
            for column in all.subtracting(filled) {
                #expect(exported[column] == "", "\(column) is not in this layout: missing")
            }
        }
    }

    /// The CSV download's rows, read apart from the package's reader: quoted fields, a
    /// trailing comma.
    static func csvRows(_ bytes: [UInt8]) -> (fields: [String], rows: [[String]]) {
        let lines = String(decoding: bytes, as: UTF8.self).components(separatedBy: "\r\n").filter { !$0.isEmpty }
        let split = lines.map { line in
            line.components(separatedBy: "\",\"").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: "\",")) }
        }
        let header = split.firstIndex { $0.first == "證券代號" } ?? 0
        return (split[header], Array(split[(header + 1)...]).filter { $0.count > 2 })
    }

    @Test func theLayoutWithoutTheCloseReadsItsYearAndQuarter() throws {
        let bytes = try Fixture.bytes("BWIBBU_d_20230130_sample.json")
        let report = try ValuationParser.parseTWSE(bytes, day: Self.day2023)
        let raw = try RawReport.rows(bytes)
        Self.expectRows(report, fields: raw.fields, rows: raw.rows, market: "上市")
        #expect(try report.row(0).dividendYear == 2021)
        #expect(try report.row(0).fiscalQuarter == FiscalQuarter(year: 2022, quarter: 3))
        #expect(try report.row(1).priceEarnings == nil, "- is missing, not zero")
        #expect(try report.row(0).close == nil)
    }

    @Test func theCSVLayoutWithTheCloseReads() throws {
        let bytes = try Fixture.bytes("BWIBBU_d_20250115_sample.csv")
        #expect(ValuationParser.csvDay(bytes) == Self.day2025)
        let report = try ValuationParser.parseTWSE(bytes, day: Self.day2025)
        let raw = Self.csvRows(bytes)
        #expect(report.rows.count == 3)
        Self.expectRows(report, fields: raw.fields, rows: raw.rows, market: "上市")
        #expect(try report.row(1).close?.description == "1075.00")
        #expect(report.issues.isEmpty)
    }

    @Test func tpexNamesArePaddedAndItsYearIsANumber() throws {
        let bytes = try Fixture.bytes("tpex_peQryDate_20230130_sample.json")
        let report = try ValuationParser.parseTPEx(bytes, day: Self.day2023)
        let raw = try RawReport.rows(bytes)
        Self.expectRows(report, fields: raw.fields, rows: raw.rows, market: "上櫃")
        #expect(try report.row(0).name.shown == "茂生農經")
        #expect(try report.row(0).dividend?.description == "1.20")
        #expect(try report.row(1).priceEarnings == nil, "N/A is missing")
    }

    @Test func anEmptyCSVIsADayWithoutData() throws {
        let report = try ValuationParser.parseTWSE(Array("\r\n".utf8), day: Self.day2025)
        #expect(report.noData == "TWSE's CSV holds no rows")
    }

    @Test func theCSVIsImportedAndAnswersOffline() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        let store = try harness.store()
        let outcomes = Importer(store: store).importFiles(
            [Fixture.url("BWIBBU_d_20250115_sample.csv").path], date: nil)
        guard case .imported(_, let kind, let records, _) = outcomes.first else {
            Issue.record("not imported: \(outcomes)")
            return
        }
        #expect(kind == "BWIBBU_d CSV (2025-01-15)")
        #expect(records == 3)
        let offline = try harness.store(offline: true)
        let answer = try await offline.dayReport(.valuation, market: .listed, day: Self.day2025, request: load().0) {
            bytes throws(TWSEParseError) in try ValuationParser.parseTWSE(bytes, day: Self.day2025)
        }
        #expect(answer.value.rows.map(\.code.rawValue) == ["1101", "2330", "9955"])
        #expect(harness.requests.isEmpty)
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealFilesAreExportedValueByValue() throws {
        let json = try SharedData.bytes("BWIBBU_d_ALL_20230130.json")
        let report = try ValuationParser.parseTWSE(json, day: Self.day2023)
        let raw = try RawReport.rows(json)
        #expect(report.rows.count == 968)
        Self.expectRows(report, fields: raw.fields, rows: raw.rows, market: "上市")
        let csv = try SharedData.bytes("BWIBBU_d_ALL_20250115_csv_utf8.csv")
        let fromCSV = try ValuationParser.parseTWSE(csv, day: Self.day2025)
        let rawCSV = Self.csvRows(csv)
        #expect(fromCSV.rows.count == rawCSV.rows.count)
        #expect(fromCSV.issues.isEmpty)
        Self.expectRows(fromCSV, fields: rawCSV.fields, rows: rawCSV.rows, market: "上市")
        let tpex = try SharedData.bytes("tpex_peQryDate_20230130.json")
        let fromTPEx = try ValuationParser.parseTPEx(tpex, day: Self.day2023)
        let rawTPEx = try RawReport.rows(tpex)
        #expect(fromTPEx.rows.count == 808)
        Self.expectRows(fromTPEx, fields: rawTPEx.fields, rows: rawTPEx.rows, market: "上櫃")
        let sunday = try #require(CalendarDate(year: 2024, month: 12, day: 22))
        let none = try ValuationParser.parseTWSE(
            try SharedData.bytes("BWIBBU_d_ALL_20241222_csv_nodata_sunday.csv"), day: sunday)
        #expect(none.noData != nil)
    }
}
