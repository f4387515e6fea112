import Foundation
import ListKit
import Tabular
import Testing

@testable import TWStock

/// Every real file, imported and exported again the way a person would (`browse import`, then
/// the screen's export offline), against the file's own text read apart from the parsers: no
/// field is lost and no value changes. What is written differently is written down here, as in
/// the README: numbers lose their thousands separators, dates become yyyy-mm-dd, TPEx's lots
/// and NT$ thousands become shares and NT$, an unchanged close's change is `0.00`, and a price
/// of a day without trades (`--`, empty, or the old format's `0.00`) and its change are empty,
/// with the reason in `note`.
@MainActor
@Suite(.enabled(if: SharedData.isAvailable, "needs ../shared/twse"))
struct RoundTripTests {
    /// A cache holding `files` imported, and a context reading it offline in June 2025.
    func imported(_ files: [String], date: CalendarDate? = nil) throws -> (DatasetContext, ExchangeHarness) {
        let harness = try ExchangeHarness()
        let paths = files.map { SharedData.folder.appendingPathComponent($0).path }
        let outcomes = Importer(store: try harness.store(offline: true)).importFiles(paths, date: date)
        for outcome in outcomes {
            if case .refused(let path, let reason) = outcome { Issue.record("\(path) was refused: \(reason)") }
        }
        let context = harness.context(offline: true)
        return (context, harness)
    }

    /// Every row of the view as its export writes it, by column.
    func exported(_ screen: any ListScreen) -> [[String: String]] {
        let columns = screen.columnChoice.exported(screen.columns).map(\.name)
        var rows: [[String: String]] = []
        screen.forEachRow { cells in
            var row: [String: String] = [:]
            for name in columns { row[name] = cells.first { $0.name == name }?.cell.value.exportText ?? "" }
            rows.append(row)
        }
        return rows
    }

    // MARK: Companies

    @Test func companyListsKeepAllThirtyThreeFieldsAsWritten() async throws {
        for (file, market) in [("t187ap03_L_1131029.csv", Market.listed), ("t187ap03_O_1131029.csv", .otc)] {
            let (context, harness) = try imported([file])
            defer { harness.cleanUp() }
            let screen = try CompaniesDataset().makeRootScreen(context: context)
            await screen.load(force: false, progress: ProgressReporter())
            let rows = exported(screen)
            let document = CSVScanner.records(in: try SharedData.bytes(file))
            let header = try #require(document.records.first).fields.map { $0.replacingBOM() }
            let records = document.records.dropFirst()
            #expect(rows.count == records.count, "\(file): every company")
            #expect(Set(CompanyField.allCases.map(\.column)).isSubset(of: Set(rows.first?.keys ?? [:].keys)))
            let byCode = Dictionary(rows.map { ($0["code"] ?? "", $0) }) { first, _ in first }
            for record in records {
                func source(_ field: CompanyField) -> String {
                    guard let index = header.firstIndex(where: { field.headers.contains($0) }) else { return "" }
                    return record.fields[index]
                }
                let code = FieldText.clean(source(.code)) ?? ""
                let row = try #require(byCode[code], "\(file): \(code) is exported")
                for field in CompanyField.allCases {
                    #expect(
                        row[field.column] == Self.expected(source(field), kind: field.kind),
                        "\(file) \(code) \(field.column)")
                }
                #expect(row["market"] == market.title)
            }
        }
    }

    @Test func tpexCompanyJSONMapsOntoTheSameColumns() async throws {
        let file = "tpex_openapi_mopsfin_t187ap03_O_1150708.json"
        let (context, harness) = try imported([file])
        defer { harness.cleanUp() }
        let screen = try CompaniesDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        let byCode = Dictionary(exported(screen).map { ($0["code"] ?? "", $0) }) { first, _ in first }
        let objects = try #require(try JSONReader.parse(SharedData.bytes(file)).array)
        #expect(byCode.count == objects.count)
        for object in objects {
            let code = object["SecuritiesCompanyCode"]?.string ?? ""
            let row = try #require(byCode[code])
            for field in CompanyField.allCases {
                let text = field.tpexKey.flatMap { object[$0]?.string } ?? ""
                #expect(row[field.column] == Self.expected(text, kind: field.kind), "\(code) \(field.column)")
            }
        }
    }

    /// What a company field's source text exports as.
    static func expected(_ text: String, kind: CompanyField.Kind) -> String {
        switch kind {
        case .text: return text
        case .code: return FieldText.clean(text) ?? ""
        case .count: return FieldText.clean(text).flatMap { ExactDecimal($0) }.map(\.description) ?? ""
        case .date: return FieldText.clean(text).flatMap { CalendarDate(iso: $0) }?.description ?? ""
        case .rocDate: return FieldText.clean(text).flatMap { ROCCalendar.date($0) }?.description ?? ""
        }
    }

    // MARK: Ticks

    /// A tick row's source text, in the order 成交股數, 成交金額, 開盤價, 最高價, 最低價, 收盤價,
    /// 漲跌價差, 成交筆數, against its export.
    func expectTick(_ row: [String: String], _ source: [String], unit: Int64 = 1, _ label: String) {
        func clean(_ text: String) -> String? { FieldText.clean(text) }
        func count(_ text: String, times unit: Int64 = 1) -> String {
            clean(text).flatMap { ExactDecimal($0) }.map { String($0.units * unit) } ?? ""
        }
        func price(_ text: String) -> String? {
            guard let value = clean(text).flatMap({ ExactDecimal($0) }), !value.isZero else { return nil }
            return value.description
        }
        #expect(row["volume"] == count(source[0], times: unit), "\(label) volume")
        #expect(row["value"] == count(source[1], times: unit), "\(label) value")
        let names = ["open", "high", "low", "close"]
        for (offset, name) in names.enumerated() {
            #expect(row[name] == price(source[2 + offset]) ?? "", "\(label) \(name)")
        }
        let change = clean(source[6]) ?? ""
        let note = row["note"] ?? ""
        if change.hasPrefix("X") {
            #expect(row["change"] == "" && note.contains("X 不比價"), "\(label) change \(change)")
        } else if price(source[5]) == nil {
            #expect(row["change"] == "" && (note.contains("no trade") || note.contains("odd lots")), "\(label)")
        } else {
            // The same number: an unchanged close is written 0.00 whatever zeros the file had.
            let amount = ExactDecimal(change.hasPrefix("+") ? String(change.dropFirst()) : change)
            let written = row["change"].flatMap { ExactDecimal($0) }
            #expect(written != nil && written == amount, "\(label) change \(change)")
            if amount?.isZero == false { #expect(row["change"] == amount?.description, "\(label) decimals") }
        }
        #expect(row["transactions"] == count(source[7]), "\(label) transactions")
    }

    @Test func allMarketDaysKeepEveryFieldAndTheirDate() async throws {
        let files: [(String, CalendarDate?)] = [
            ("STOCK_DAY_ALL_20250304.csv", nil),
            ("STOCK_DAY_ALL_2019-05_oldformat.csv", CalendarDate(year: 2019, month: 5, day: 21)),
        ]
        for (file, date) in files {
            let (context, harness) = try imported([file], date: date)
            defer { harness.cleanUp() }
            let screen = try TicksDataset().makeRootScreen(context: context)
            await screen.load(force: false, progress: ProgressReporter())
            let rows = exported(screen)
            let records = CSVScanner.records(in: try SharedData.bytes(file)).records.dropFirst()
            #expect(rows.count == records.count, "\(file)")
            let day = (date ?? CalendarDate(year: 2025, month: 3, day: 4))?.description
            for (row, record) in zip(rows, records) {
                let fields = record.fields
                #expect(row["date"] == day, "the trading date, in every row")
                #expect(row["code"] == FieldText.clean(fields[0]))
                #expect(row["name"] == FieldText.clean(fields[1]) ?? "")
                expectTick(row, Array(fields[2...9]), "\(file) \(fields[0])")
            }
        }
        // The openapi copy carries no date: it is given on import.
        let json = "openapi_STOCK_DAY_ALL_2025-03or04_nodate.json"
        let (context, harness) = try imported([json], date: CalendarDate(year: 2025, month: 3, day: 31))
        defer { harness.cleanUp() }
        let screen = try TicksDataset().makeRootScreen(context: context)
        await screen.load(force: false, progress: ProgressReporter())
        let rows = exported(screen)
        let objects = try #require(try JSONReader.parse(SharedData.bytes(json)).array)
        #expect(rows.count == objects.count)
        for (row, object) in zip(rows, objects) {
            let keys = [
                "TradeVolume", "TradeValue", "OpeningPrice", "HighestPrice", "LowestPrice", "ClosingPrice", "Change",
                "Transaction",
            ]
            #expect(row["date"] == "2025-03-31")
            expectTick(row, keys.map { object[$0]?.string ?? "" }, "\(json) \(row["code"] ?? "")")
        }
    }

    @Test func monthsOfEitherExchangeKeepEveryField() async throws {
        let (context, harness) = try imported([
            "STOCK_DAY_2330_202506.json", "STOCK_DAY_2330_202107_big5.csv", "tpex_tradingStock_2926_202505.json",
        ])
        defer { harness.cleanUp() }
        let tsmc = try StockCommand.make(DatasetCommand.Arguments(positionals: ["2330"]), context: context)
        await tsmc.load(force: false, progress: ProgressReporter())
        let rows = Dictionary(exported(tsmc).map { ($0["date"] ?? "", $0) }) { first, _ in first }
        let june = try JSONReader.parse(SharedData.bytes("STOCK_DAY_2330_202506.json"))
        let juneRows = try #require(june["data"]?.array)
        #expect(juneRows.count == 21)
        for data in juneRows {
            let fields = (data.array ?? []).map { $0.string ?? "" }
            let date = try #require(ROCCalendar.date(fields[0]))
            let row = try #require(rows[date.description], "\(date) is exported")
            #expect(row["code"] == "2330" && row["name"] == "台積電" && row["market"] == "上市")
            expectTick(row, Array(fields[1...8]), "2330 \(date)")
        }
        let july = CSVScanner.records(
            in: try SourceText.utf8(SharedData.bytes("STOCK_DAY_2330_202107_big5.csv"), format: .stockDayCSV))
        let julyRows = july.records.filter { ROCCalendar.date($0.fields[0]) != nil }
        #expect(julyRows.count == 12)
        for record in julyRows {
            let date = try #require(ROCCalendar.date(record.fields[0]))
            let row = try #require(rows[date.description], "\(date) is exported")
            expectTick(row, Array(record.fields[1...8]), "2330 \(date)")
        }
        #expect(rows.count == 33, "June's 21 days and July 2021's 12")

        let otc = try StockCommand.make(DatasetCommand.Arguments(positionals: ["2926"]), context: context)
        await otc.load(force: false, progress: ProgressReporter())
        let otcRows = exported(otc)
        let may = try JSONReader.parse(SharedData.bytes("tpex_tradingStock_2926_202505.json"))
        let mayRows = try #require(may["tables"]?.array?.first?["data"]?.array)
        #expect(otcRows.count == mayRows.count)
        for (row, data) in zip(otcRows.reversed(), mayRows) {
            let fields = (data.array ?? []).map { $0.string ?? "" }
            #expect(row["date"] == ROCCalendar.date(fields[0])?.description)
            #expect(row["code"] == "2926" && row["name"] == "誠品生活" && row["market"] == "上櫃")
            expectTick(row, Array(fields[1...8]), unit: 1000, "2926 \(fields[0])")
        }
        #expect(harness.requests.isEmpty, "all of it offline")
    }
}
