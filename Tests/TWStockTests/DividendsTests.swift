import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

/// 除權息: TWSE's TWT49U and TPEx's exDailyQ held value by value to the files they were read
/// from, TWT49UDetail's values with their units, and the dataset against a loopback exchange
/// that takes TPEx's form by POST.
@MainActor
@Suite struct DividendsTests {
    static func day(_ year: Int, _ month: Int, _ day: Int) throws -> CalendarDate {
        try #require(CalendarDate(year: year, month: month, day: day))
    }

    /// Field names, both exchanges', to the export's columns, written out apart from the parser's.
    static let names: [String: String] = [
        "資料日期": "date", "除權息日期": "date", "股票代號": "code", "代號": "code", "股票名稱": "name", "名稱": "name",
        "除權息前收盤價": "close_before", "除權息參考價": "reference", "權值": "rights_value", "息值": "dividend_value",
        "權值+息值": "value", "權/息": "kind", "漲停價格": "limit_up", "漲停價": "limit_up", "跌停價格": "limit_down",
        "跌停價": "limit_down", "開盤競價基準": "opening_reference", "開始交易基準價": "opening_reference",
        "減除股利參考價": "reference_ex_dividend", "現金股利": "cash_dividend", "每仟股無償配股": "bonus_per_thousand",
        "現金增資股數": "rights_issue_shares", "現金增資認購價": "subscription_price", "公開承銷股數": "public_offering_shares",
        "員工認購股數": "employee_shares", "原股東認購股數": "shareholder_shares", "按持股比例仟股認購": "subscription_per_thousand",
        "詳細資料": "detail", "最近一次申報資料 季別/日期": "latest_report", "最近一次申報每股 (單位)淨值": "nav_per_share",
        "最近一次申報每股 (單位)盈餘": "eps",
    ]

    /// What the export writes for a field: the date as yyyy-mm-dd, the kind as 權, 息 or 權息,
    /// numbers without grouping, `N/A` missing, text as sent.
    static func expected(_ column: String, _ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch column {
        case "date": return ROCCalendar.date(trimmed)?.description ?? "not a date: \(trimmed)"
        case "kind": return trimmed.hasPrefix("除") ? String(trimmed.dropFirst()) : trimmed
        case "name", "detail", "latest_report": return column == "name" ? text : trimmed
        default: return trimmed == "N/A" ? "" : RawReport.number(text)
        }
    }

    /// Holds every exported value of a report to the file's rows, and every column the layout
    /// lacks to missing.
    static func expectRows(_ report: ExRightsReport, _ raw: (fields: [String], rows: [[String]]), market: String) {
        let columns = ExRightsPresentation.columns
        let all = Set(columns.map(\.name)).subtracting(["market"])
        for (row, fields) in zip(report.rows, raw.rows) {
            let exported = columns.exported(row)
            #expect(exported["market"] == market)
            var filled = Set<String>()
            for (index, field) in raw.fields.enumerated() {
                guard let column = names[field], fields.indices.contains(index) else {
                    Issue.record("no column for \(field)")
                    continue
                }
                #expect(exported[column] == expected(column, fields[index]), "\(fields.first ?? "") \(column)")
                filled.insert(column)
            }
            for column in all.subtracting(filled) {
                #expect(exported[column] == "", "\(column) is not in this layout: missing")
            }
        }
    }

    // MARK: - The real files

    @Test(.enabled(if: SharedData.isAvailable)) func theRealTWT49UIsExportedValueByValue() throws {
        let bytes = try SharedData.bytes("TWT49U_20240304_20240305.json")
        let report = try ExRightsParser.parseTWSE(bytes, from: try Self.day(2024, 3, 4), to: try Self.day(2024, 3, 5))
        #expect(report.rows.count == 2)
        #expect(report.issues.isEmpty)
        Self.expectRows(report, try RawReport.rows(bytes), market: "上市")
        #expect(try report.row(1)[.value]?.description == "0.460000", "the source's six digits")
        #expect(try report.row(1)[.eps] == nil, "an ETF's N/A earnings are missing")
        let none = try ExRightsParser.parseTWSE(
            try SharedData.bytes("TWT49U_nodata_20240208_20240214.json"), from: try Self.day(2024, 2, 8),
            to: try Self.day(2024, 2, 14))
        #expect(none.noData == "很抱歉，沒有符合條件的資料!")
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealExDailyQIsExportedValueByValue() throws {
        let bytes = try SharedData.bytes("tpex_bulletin_exDailyQ_20240322_20240323.json")
        let report = try ExRightsParser.parseTPEx(
            bytes, from: try Self.day(2024, 3, 22), to: try Self.day(2024, 3, 23))
        #expect(report.rows.count == 3)
        Self.expectRows(report, try RawReport.rows(bytes), market: "上櫃")
        #expect(try report.row(0).name.shown == "世豐")
        #expect(try report.row(0)[.cashDividend]?.description == "2.86203464")
        let none = try ExRightsParser.parseTPEx(
            try SharedData.bytes("tpex_bulletin_exDailyQ_nodata_20240101.json"), from: try Self.day(2024, 1, 1),
            to: try Self.day(2024, 1, 1))
        #expect(none.noData == "TPEx answered with no rows")
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealDetailReadsNumbersAndKeepsTheText() throws {
        let bytes = try SharedData.bytes("TWT49UDetail_00913_20240304.json")
        let code = try #require(StockCode("00913"))
        let detail = try #require(try ExRightsDetailParser.parse(bytes, code: code, day: try Self.day(2024, 3, 4)))
        #expect(detail.name.shown == "兆豐台灣晶圓製造")
        let raw = try RawReport.rows(bytes)
        let values = try #require(raw.rows.first)
        #expect(detail.items.map(\.text) == Array(values.dropFirst(2)), "every value's text as sent")
        #expect(detail.items.map(\.name) == raw.fields.dropFirst(2).map { $0.trimmingCharacters(in: .whitespaces) })
        let cash = try #require(detail.item("(每股配發現金股利)除息"))
        #expect(cash.amount == ExactDecimal(units: 46, scale: 2))
        #expect(cash.unit == "元／股")
        #expect(detail.item("(增資配股) 除權")?.amount == nil, "an empty value has no number")
        #expect(detail.item("c. 原股東認購")?.unit == "股", "a name's padding is not part of it")
        #expect(detail.item("按股東持股比例每千股認購")?.amount?.description == "0.00000000")
    }

    // MARK: - Fixtures of each quirk

    @Test func everyKindReadsAsRightsDividendOrBoth() throws {
        #expect(ExRightsKind(source: "息") == .dividend)
        #expect(ExRightsKind(source: "除息") == .dividend)
        #expect(ExRightsKind(source: "除權") == .rights)
        #expect(ExRightsKind(source: "權息") == .both)
        #expect(ExRightsKind(source: " 除權息 ") == .both)
        #expect(ExRightsKind(source: "減資") == nil)
    }

    @Test func twseRowsReadByNameAndABadRowIsSkippedAndSaid() throws {
        let bytes = try Fixture.bytes("TWT49U_202403_sample.json")
        let report = try ExRightsParser.parseTWSE(bytes, from: try Self.day(2024, 3, 1), to: try Self.day(2024, 3, 31))
        #expect(report.rows.map(\.code.rawValue) == ["00913", "1101", "2884"])
        #expect(report.rows.map(\.kind) == [.dividend, .both, .rights])
        #expect(try report.row(1)[.eps]?.description == "-0.58", "negative earnings read")
        #expect(
            report.issues.map(\.description) == [
                "TWT49U JSON, line 1, row 3: skipped row 9999: 除權息前收盤價 \"abc\" is not a number"
            ])
        var raw = try RawReport.rows(bytes)
        raw.rows.remove(at: 2)
        Self.expectRows(report, raw, market: "上市")
    }

    @Test func tpexKindsAndGroupedShareCountsRead() throws {
        let bytes = try Fixture.bytes("tpex_exDailyQ_202403_sample.json")
        let report = try ExRightsParser.parseTPEx(bytes, from: try Self.day(2024, 3, 1), to: try Self.day(2024, 3, 31))
        #expect(report.rows.map(\.kind) == [.dividend, .rights, .both])
        #expect(try report.row(2)[.rightsIssueShares] == ExactDecimal(1_000_000))
        #expect(try report.row(2).name.shown == "元太", "U+3000 padding is not part of the name")
        Self.expectRows(report, try RawReport.rows(bytes), market: "上櫃")
        let cell = try #require(
            ExRightsPresentation.columns.first { $0.name == "rights_issue_shares" }?.cell(try report.row(2)))
        #expect(cell.text == "1,000,000")
        #expect(cell.exportText == "1000000")
    }

    @Test func anAnswerForAnotherRangeIsRefused() throws {
        let bytes = try Fixture.bytes("TWT49U_202403_sample.json")
        #expect(throws: TWSEParseError.self) {
            try ExRightsParser.parseTWSE(bytes, from: try Self.day(2024, 3, 2), to: try Self.day(2024, 3, 31))
        }
        let tpex = try Fixture.bytes("tpex_exDailyQ_202403_sample.json")
        #expect(throws: TWSEParseError.self) {
            try ExRightsParser.parseTPEx(tpex, from: try Self.day(2024, 3, 1), to: try Self.day(2024, 3, 30))
        }
    }

    @Test func aDetailOfAnotherSecurityIsRefused() throws {
        let bytes = try Fixture.bytes("TWT49UDetail_1101_20240320_sample.json")
        let other = try #require(StockCode("2330"))
        #expect(throws: TWSEParseError.self) {
            try ExRightsDetailParser.parse(bytes, code: other, day: try Self.day(2024, 3, 20))
        }
    }

    // MARK: - Against a loopback exchange

    static let files: [String: URL] = ExchangeHarness.files.merging([
        "TWT49U_20240301": Fixture.url("TWT49U_202403_sample.json"),
        "TPEX_EXDAILY_20240301": Fixture.url("tpex_exDailyQ_202403_sample.json"),
        "TWT49UDetail_1101_20240320": Fixture.url("TWT49UDetail_1101_20240320_sample.json"),
    ]) { first, _ in first }

    @Test func theDatasetOpensBothMarketsAndDrillsIntoTWSEsDetail() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-dividends-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        var context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        context.options = OptionValues(["from": "2024-03-01", "to": "2024-03-31"])
        let screen = try DividendsDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.column("code") == ["00913", "1101", "2065", "6488", "8069", "2884"])
        #expect(screen.headerLines.first == "除權息 2024-03-01 – 2024-03-31 · 6 ex-dates (上市 3 · 上櫃 3)")
        let post = try #require(exchange.server.requests.first { $0.path == "/www/zh-tw/bulletin/exDailyQ" })
        #expect(post.method == "POST")
        #expect(post.form("startDate") == "2024/03/01")
        #expect(post.form("endDate") == "2024/03/31")
        #expect(post.form("response") == "json")
        #expect(
            exchange.server.requests.map(\.target).contains(
                "/rwd/zh/exRight/TWT49U?startDate=20240301&endDate=20240331&response=json"))

        // A 上市 row opens TWSE's detail; its values read with their units.
        try screen.applyFilter("1101")
        guard case .pending(_, let resolve) = try screen.select(at: 0) else {
            Issue.record("a 上市 row fetches its detail")
            return
        }
        guard case .push(let detail) = try await resolve(ProgressReporter()) else {
            Issue.record("the detail opens as a list")
            return
        }
        #expect(detail.title == "1101 台泥 2024-03-20 除權息")
        #expect(detail.column("amount") == ["2.2", "100", "100", "0", "0", "0", "0", "0", "0", "0.00000000"])
        #expect(detail.column("unit").first == "元／股")
        let asked = exchange.server.requests.count
        #expect(asked == 3)

        // A past range is asked once: a second screen reads the cache.
        let again = try DividendsDataset().makeRootScreen(context: context)
        await again.load(force: true, progress: ProgressReporter())
        #expect(again.count == 6)
        #expect(exchange.server.requests.count == asked, "a past range is kept for good")
        #expect(exchange.mostRequests(within: 5) <= 3)
    }

    @Test func aRangeWithoutExDatesIsSaidNotAnError() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-dividends-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        var context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        context.options = OptionValues(["from": "2024-02-08", "to": "2024-02-14"])
        let screen = try DividendsDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.sourceFailures.isEmpty)
        #expect(screen.headerLines.contains("上市: none in 2024-02-08 – 2024-02-14 (TWSE: 很抱歉，沒有符合條件的資料!)"))
        #expect(screen.headerLines.contains("上櫃: none in 2024-02-08 – 2024-02-14 (TPEx answered with no rows)"))
        context.options = OptionValues(["from": "2024-03-02", "to": "2024-03-01"])
        #expect(throws: DatasetOptionError.self) { try DividendsDataset().makeRootScreen(context: context) }
    }

    @Test func theDefaultRangeIsTheLast30DaysUpToToday() throws {
        let context = DatasetContext(
            cacheDirectory: FileManager.default.temporaryDirectory, now: { Date(timeIntervalSince1970: 1_751_256_000) },
            program: .tests)
        let (from, to) = try DividendsDataset.range(context)
        #expect(to == CalendarDate(year: 2025, month: 6, day: 30))
        #expect(from == CalendarDate(year: 2025, month: 6, day: 1))
    }
}
