import BrowseSupport
import FakeExchange
import Foundation
import ListKit
import ListKitTesting
import Testing

@testable import TWStock

/// 大盤 (`taiex`): FMTQIK's month and MI_INDEX's day held value by value to the files, the
/// change's sign read from its HTML in both spacings and never shown, `4,916(55)` as a count and
/// its limit part, and the screens against a loopback exchange.
@MainActor
@Suite struct TaiexTests {
    static let january2023 = YearMonth(year: 2023, month: 1)!
    static let day = CalendarDate(year: 2023, month: 1, day: 30)!

    /// The sign MI_INDEX writes, read apart from the parser: the text between the tags.
    static func sign(_ html: String) -> String {
        html.replacingOccurrences(of: "<[^>]*>", with: "", options: .regularExpression)
            .trimmingCharacters(in: .whitespaces)
    }

    /// The signed change an export writes for a sign and its points.
    static func signed(_ html: String, _ points: String, traded: Bool) -> String {
        let amount = RawReport.number(points)
        switch sign(html) {
        case "+": return amount
        case "-": return "-" + amount
        case "X": return ""
        default: return traded ? amount : ""
        }
    }

    @Test func everySpellingOfTheSignIsReadAndTheTagsDropped() {
        #expect(ChangeSign(html: "<p style= color:red>+</p>") == .rise)
        #expect(ChangeSign(html: "<p style ='color:red'>+</p>") == .rise)
        #expect(ChangeSign(html: "<p style= color:green>-</p>") == .fall)
        #expect(ChangeSign(html: "<p style ='color:green'>-</p>") == .fall)
        #expect(ChangeSign(html: "<p>X</p>") == .notCompared)
        #expect(ChangeSign(html: "<p> </p>") == ChangeSign.none)
        #expect(ChangeSign(html: "+") == .rise, "a sign without tags")
        #expect(ChangeSign(html: "<p>?</p>") == nil)
    }

    @Test func breadthCountsReadTheirLimitPart() {
        #expect(BreadthCount("4,916(55)") == BreadthCount(count: 4_916, limit: 55))
        #expect(BreadthCount("132(0)") == BreadthCount(count: 132, limit: 0))
        #expect(BreadthCount("11,438") == BreadthCount(count: 11_438))
        #expect(BreadthCount("4,916(55") == nil)
        #expect(BreadthCount("-1") == nil)
        #expect(BreadthCount("4,916(55)")?.description == "4,916 (55)")
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealMonthIsExportedValueByValue() throws {
        let bytes = try SharedData.bytes("FMTQIK_202301.json")
        let month = try MarketMonthParser.parse(bytes, month: Self.january2023)
        let raw = try RawReport.rows(bytes)
        #expect(month.days.count == 13)
        let columns = MarketPresentation.dayColumns
        let names = ["date", "volume", "value", "transactions", "taiex", "change"]
        for (day, fields) in zip(month.days, raw.rows) {
            let exported = columns.exported(day)
            #expect(exported["date"] == ROCCalendar.date(fields[0])?.description)
            for (name, field) in zip(names, fields).dropFirst() {
                #expect(exported[name] == RawReport.number(field), "\(fields[0]) \(name)")
            }
        }
        let future = try MarketMonthParser.parse(
            try SharedData.bytes("FMTQIK_nodata_future_date.json"), month: Self.january2023)
        #expect(future.noData == "查詢日期大於今日，請重新查詢!")
    }

    @Test(.enabled(if: SharedData.isAvailable)) func theRealDayIsExportedValueByValue() throws {
        let bytes = try SharedData.bytes("MI_INDEX_ALLBUT0999_20230130.json")
        let report = try MarketDayParser.parse(bytes, day: Self.day)
        #expect(report.issues.isEmpty)
        let quotes = try RawReport.rows(bytes, table: 8)
        #expect(report.quotes.count == 1182)
        let columns = MarketPresentation.quoteColumns
        for (quote, fields) in zip(report.quotes, quotes.rows) {
            let exported = columns.exported(quote)
            let traded = fields[8] != "--"
            #expect(exported["code"] == fields[0])
            #expect(exported["name"] == fields[1])
            #expect(exported["date"] == "2023-01-30")
            for (name, index) in [
                ("volume", 2), ("transactions", 3), ("value", 4), ("bid_volume", 12), ("ask_volume", 14),
            ] {
                #expect(exported[name] == RawReport.number(fields[index]), "\(fields[0]) \(name)")
            }
            for (name, index) in [
                ("open", 5), ("high", 6), ("low", 7), ("close", 8), ("bid", 11), ("ask", 13), ("pe", 15),
            ] {
                let expected = fields[index] == "--" ? "" : RawReport.number(fields[index])
                #expect(exported[name] == expected, "\(fields[0]) \(name)")
            }
            #expect(exported["change"] == Self.signed(fields[9], fields[10], traded: traded), "\(fields[0]) change")
            #expect(exported.values.allSatisfy { !$0.contains("<") }, "never a tag")
        }
        var indices: [[String]] = []
        for table in 0..<6 { indices += try RawReport.rows(bytes, table: table).rows }
        #expect(report.indices.count == indices.count)
        for (index, fields) in zip(report.indices, indices) {
            let exported = MarketPresentation.indexColumns.exported(index)
            #expect(exported["name"] == fields[0])
            #expect(exported["close"] == RawReport.number(fields[1]))
            #expect(exported["change"] == Self.signed(fields[2], fields[3], traded: true), "\(fields[0])")
            #expect(exported["change_percent"] == fields[4])
        }
        #expect(report.taiex?.close?.description == "15493.82")
        #expect(report.indices.first?.group == "價格指數(臺灣證券交易所)")
        let breadth = try RawReport.rows(bytes, table: 7)
        #expect(report.breadth.map(\.label) == breadth.rows.map { $0[0] })
        #expect(report.breadth.first?.market == BreadthCount(count: 4_916, limit: 55))
        #expect(report.breadth.first?.stocks == BreadthCount(count: 764, limit: 14))
        #expect(report.breadth.map { $0.market?.count } == [4_916, 2_052, 228, 11_438, 4_400])
        #expect(report.turnover.count == 17)
        #expect(report.turnover.last?.value == 354_872_347_181)
    }

    @Test func aDayOfEachQuirkReads() throws {
        let report = try MarketDayParser.parse(try Fixture.bytes("MI_INDEX_20230130_sample.json"), day: Self.day)
        #expect(report.quotes.map(\.tick.code.rawValue) == ["0050", "0051", "1101", "00625K", "2330"])
        #expect(
            report.quotes.map(\.tick.change) == [
                .notCompared, .up(ExactDecimal(units: 135, scale: 2)), .down(ExactDecimal(units: 20, scale: 2)),
                .absent,
                .up(ExactDecimal(units: 4200, scale: 2)),
            ])
        #expect(report.quotes[3].tick.close == nil, "-- is no trade")
        #expect(
            report.issues.map(\.description) == [
                "MI_INDEX JSON, line 1, row 6: skipped row 9999: 漲跌(+/-) \"<p>?</p>\" is not +, - or X"
            ])
        #expect(report.indices[1].change == .down(ExactDecimal(units: 7779, scale: 2)))
        let header = MarketPresentation.dayHeader(report, day: Self.day, count: 5)
        #expect(
            header == [
                "大盤 2023-01-30 · 加權 15,493.82 ▲560.89 (3.76%) · 5 securities",
                "全部 ▲4,916 (漲停 55) ▼2,052 (跌停 69) 平 228 · 未成交 11,438 · 無比價 4,400",
                "股票 ▲764 (漲停 14) ▼132 (跌停 0) 平 67 · 未成交 1 · 無比價 4",
                "總計(1~15) NT$ 354,872,347,181 · 6,919,326,963 shares · 2,330,770 trades",
            ])
        #expect(
            throws: TWSEParseError.wrongDay(
                .marketDayJSON, requested: CalendarDate(year: 2023, month: 1, day: 31)!, received: Self.day)
        ) {
            try MarketDayParser.parse(
                try Fixture.bytes("MI_INDEX_20230130_sample.json"), day: CalendarDate(year: 2023, month: 1, day: 31)!)
        }
    }

    @Test func aMonthSkipsADayOfAnotherMonth() throws {
        let month = try MarketMonthParser.parse(try Fixture.bytes("FMTQIK_202301_sample.json"), month: Self.january2023)
        #expect(month.days.count == 4)
        #expect(
            month.issues.map(\.description) == [
                "FMTQIK JSON, line 1, row 5: skipped row 112/02/01: 日期 2023-02-01 is not in 2023-01"
            ])
        #expect(throws: TWSEParseError.self) {
            try MarketMonthParser.parse(
                try Fixture.bytes("FMTQIK_202301_sample.json"), month: YearMonth(year: 2023, month: 2)!)
        }
    }

    // MARK: - Against a loopback exchange

    static let files: [String: URL] = ExchangeHarness.files.merging([
        "FMTQIK_202301": Fixture.url("FMTQIK_202301_sample.json"),
        "MI_INDEX_20230130": Fixture.url("MI_INDEX_20230130_sample.json"),
    ]) { first, _ in first }

    @Test func aMonthDrillsIntoADayAndItsIndices() async throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-taiex-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        var context = ExchangeHarness.context(exchange: exchange, cache: cache, now: clock.now)
        context.options = OptionValues(["month": "2023-01"])
        let screen = try TaiexDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.column("date") == ["2023-01-30", "2023-01-05", "2023-01-04", "2023-01-03"], "newest first")
        #expect(screen.column("change") == ["560.89", "101.92", "-24.99", "86.43"], "exported signed")
        let shown = screen.rows(in: 0..<4).compactMap { $0.first { $0.name == "change" }?.cell.text }
        #expect(shown == ["▲560.89", "▲101.92", "▼24.99", "▲86.43"], "shown with the rise's and fall's marks")
        #expect(screen.headerLines.first == "大盤 2023-01 · 4 trading days · 加權 ▁▁▂█ 14,224.12 → 15,493.82")
        #expect(screen.chartRequest?.y.name == "taiex")

        // A day's MI_INDEX: every close, and `indices`.
        let day = MarketPresentation.dayScreen(Self.day, store: try context.marketData(), context: context)
        await day.load(force: false, progress: ProgressReporter())
        #expect(day.count == 5)
        #expect(day.headerLines.first == "大盤 2023-01-30 · 加權 15,493.82 ▲560.89 (3.76%) · 5 securities")
        let indices = try #require(day.commands.first { $0.name == "indices" })
        guard case .push(let list) = try await indices.run("", ProgressReporter()) else {
            Issue.record("indices opens a list")
            return
        }
        #expect(list.column("name") == ["發行量加權股價指數", "金融類日報酬反向一倍指數"])
        #expect(list.column("change") == ["560.89", "-77.79"])
        #expect(
            exchange.server.requests.map(\.target) == [
                "/rwd/zh/afterTrading/FMTQIK?date=20230101&response=json",
                "/rwd/zh/afterTrading/MI_INDEX?date=20230130&type=ALLBUT0999&response=json",
            ])
        let again = MarketPresentation.dayScreen(Self.day, store: try context.marketData(), context: context)
        await again.load(force: true, progress: ProgressReporter())
        #expect(exchange.server.requests.count == 2, "a past day is kept for good")
    }

    @Test func theDatasetIsNotShadowedByTheCompaniesScreensCommand() {
        let reserved = Set((CompaniesDataset().screenCommands + TicksDataset().screenCommands).map(\.name))
        let dataset = TaiexDataset()
        #expect(!reserved.contains(dataset.id))
        #expect(dataset.aliases.allSatisfy { !reserved.contains($0) })
        #expect(dataset.aliases == ["大盤"])
    }
}
