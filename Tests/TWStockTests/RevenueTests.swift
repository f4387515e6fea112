import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Tabular
import Testing

@testable import TWStock

/// 月營收: MOPS's t21sc03 page held value by value to the page itself (read apart from the
/// package's HTML reader), its no-data page, a page of our own with each quirk, and the dataset
/// against a loopback MOPS.
@MainActor
@Suite struct RevenueTests {
    static let january2023 = YearMonth(year: 2023, month: 1)!
    static let april2025 = YearMonth(year: 2025, month: 4)!

    /// Each company row of a MOPS page, read with a regular expression apart from the
    /// package's reader: its eleven cells' texts, in order.
    static func rawRows(_ page: String) throws -> [[String]] {
        let cell = try NSRegularExpression(pattern: "<[Tt][Dd][^>]*>(.*?)</[Tt][Dd]>")
        return page.components(separatedBy: "<tr align=right>").dropFirst().filter { $0.hasPrefix("<td align=center>") }
            .map { chunk in
                let row = chunk.components(separatedBy: "</tr>").first ?? ""
                let range = NSRange(row.startIndex..., in: row)
                return cell.matches(in: row, range: range).compactMap { match in
                    Range(match.range(at: 1), in: row).map { String(row[$0]) }
                }
            }
    }

    static let columns = [
        "code", "name", "revenue", "last_month", "last_year", "month_change", "year_change", "cumulative",
        "cumulative_last_year", "cumulative_change", "note",
    ]

    /// What the export writes for a cell: numbers without grouping or padding, `-` missing.
    static func expected(_ column: String, _ text: String) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        switch column {
        case "name": return text
        case "note": return trimmed == "-" ? "" : text
        default: return trimmed == "&nbsp;" ? "" : trimmed.replacingOccurrences(of: ",", with: "")
        }
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealPageIsExportedValueByValue() throws {
        let bytes = try SharedData.bytes("MOPS_t21sc03_sii_112_1_big5.html")
        let report = try MonthlyRevenueParser.parse(bytes, month: Self.january2023, market: .listed)
        let raw = try Self.rawRows(try TextDecoding.decodeBig5(bytes))
        #expect(raw.count == 916)
        #expect(report.rows.count == 916)
        #expect(report.issues.isEmpty)
        let columns = RevenuePresentation.columns
        for (row, cells) in zip(report.rows, raw) {
            let exported = columns.exported(row)
            #expect(exported["month"] == "2023-01")
            #expect(exported["market"] == "上市")
            for (column, text) in zip(Self.columns, cells) {
                #expect(exported[column] == Self.expected(column, text), "\(cells.first ?? "") \(column)")
            }
        }
        #expect(Set(report.rows.map(\.industry)).count == 32, "a table per industry (存託憑證 lists none)")
        #expect(report.rows.first { $0.code.rawValue == "1101" }?.industry == "水泥工業")
        #expect(report.total?.label == "全部國內上市公司合計")
        #expect(report.total?.revenue == 2_953_677_879)
        #expect(report.total?.yearChange?.description == "-9.85")
        #expect(report.issuedOn == CalendarDate(year: 2023, month: 12, day: 24))
        #expect(
            throws: TWSEParseError.wrongMonth(
                .monthlyRevenueHTML, requested: Self.april2025, received: Self.january2023)
        ) {
            try MonthlyRevenueParser.parse(bytes, month: Self.april2025, market: .listed)
        }
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealPageWithoutTablesIsNotPublishedYet() throws {
        let bytes = try SharedData.bytes("MOPS_t21sc03_sii_113_1_nodata_big5.html")
        let month = try #require(YearMonth(year: 2024, month: 1))
        let report = try MonthlyRevenueParser.parse(bytes, month: month, market: .listed)
        #expect(report.rows.isEmpty)
        #expect(report.noData == "查無資料: not published yet")
    }

    @Test func aPageOfEachQuirkReads() throws {
        let bytes = try Fixture.bytes("MOPS_t21sc03_sii_114_4_sample_big5.html")
        let report = try MonthlyRevenueParser.parse(bytes, month: Self.april2025, market: .listed)
        #expect(
            report.rows.map(\.code.rawValue) == ["1101", "1102", "2330", "2303"], "no code from a script or comment")
        #expect(report.rows.map(\.industry) == ["水泥工業", "水泥工業", "半導體業", "半導體業"])
        #expect(report.rows[1].note == "本月&上月\n合併計算", "an entity and a line break in a note")
        let note = try #require(RevenuePresentation.columns.first { $0.name == "note" }?.cell(report.rows[1]))
        #expect(note.text == "本月&上月 合併計算", "shown on one line")
        #expect(note.exportText == "本月&上月\n合併計算", "exported as sent")
        #expect(report.rows[0].note == nil, "- is no note")
        #expect(report.rows[2].revenue == 349_566_969, "cells left open, tags in capitals")
        #expect(report.rows[2].cumulativeChange?.description == "43.47")
        #expect(report.rows[3].monthChange == nil, "&nbsp; is missing")
        #expect(
            report.issues.map(\.description) == [
                "MOPS t21sc03 HTML, line 1, row 3: skipped row 2999 of 半導體業: 當月營收 \"   abc\" is not a whole number"
            ])
        #expect(report.total?.label == "全部國內上市公司合計")
        #expect(report.total?.revenue == 381_279_896)
        #expect(report.issuedOn == CalendarDate(year: 2025, month: 5, day: 12))
    }

    @Test func aPageThatIsNotARevenuePageIsRefused() throws {
        #expect(throws: TWSEParseError.self) {
            try MonthlyRevenueParser.parse(
                Array("<html><table><tr><td>1</td></tr></table></html>".utf8),
                month: Self.april2025, market: .listed)
        }
        #expect(throws: TWSEParseError.blockPage(.monthlyRevenueHTML)) {
            try MonthlyRevenueParser.parse(
                Array("<html>FOR SECURITY REASONS, THIS PAGE CAN NOT BE ACCESSED!</html>".utf8), month: Self.april2025,
                market: .listed)
        }
        let deep = Array(String(repeating: "<table><tr><td>", count: 40).utf8)
        #expect(
            throws: TWSEParseError.unreadablePage(
                .monthlyRevenueHTML, detail: "the page has tables nested more than 32 deep")
        ) {
            try MonthlyRevenueParser.parse(deep, month: Self.april2025, market: .listed)
        }
    }

    // MARK: - Against a loopback MOPS

    static let files: [String: URL] = ExchangeHarness.files.merging([
        "MOPS_sii_114_4": Fixture.url("MOPS_t21sc03_sii_114_4_sample_big5.html"),
        "MOPS_otc_114_4": Fixture.url("MOPS_t21sc03_otc_114_4_sample_big5.html"),
    ]) { first, _ in first }

    @Test func theLatestPublishedMonthOpensWithBothMarkets() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-revenue-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        // 2025-06-30: May is not published (no page), so April is the latest.
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        let context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        let screen = try RevenueDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.sourceFailures.isEmpty)
        #expect(screen.column("code") == ["1101", "1102", "1240", "2303", "2330", "4105"])
        #expect(
            screen.headerLines.first
                == "月營收 2025-04 · 6 companies (上市 4 · 上櫃 2) · unit: NT$ thousands (千元)")
        #expect(screen.headerLines.contains("全部國內上市公司合計 381,279,896 (41.12% on a year before) · MOPS 出表日期 2025-05-12"))
        let targets = exchange.server.requests.map(\.target)
        #expect(targets.first == "/nas/t21/sii/t21sc03_114_5_0.html")
        #expect(targets.contains("/nas/t21/sii/t21sc03_114_4_0.html"))
        #expect(targets.contains("/nas/t21/otc/t21sc03_114_4_0.html"))
        #expect(targets.count == 3)

        // May's 查無資料 was not kept: the next look asks again; April's pages are cached.
        let again = try RevenueDataset().makeRootScreen(context: context)
        await again.load(force: false, progress: ProgressReporter())
        #expect(exchange.server.requests.count == 4)
        #expect(exchange.server.requests.last?.target == "/nas/t21/sii/t21sc03_114_5_0.html")
        #expect(exchange.mostRequests(within: 5) <= 3)
    }

    @Test func aMonthNotPublishedIsSaidNotAnError() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-revenue-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        var context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        context.options = OptionValues(["month": "2025-05"])
        let screen = try RevenueDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.sourceFailures.isEmpty)
        #expect(screen.headerLines.contains("上市: no revenue for 2025-05 (MOPS: 查無資料: not published yet)"))
        context.options = OptionValues(["month": "2025-06"])
        let current = try RevenueDataset().makeRootScreen(context: context)
        await current.load(force: false, progress: ProgressReporter())
        #expect(current.headerLines.contains { $0.contains("2025-06 is not over yet") })
        #expect(exchange.server.requests.count == 2, "the month not over is not asked")
    }
}
