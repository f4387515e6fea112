import Foundation
import ListKit
import Testing

@testable import TWStock

/// Files a person downloaded by hand: the dates they carry win over `--date`, and a month
/// without a title line takes its code from `--code` or its file name.
@MainActor
@Suite struct ImportTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-import-\(UUID())")

    /// A fixture copied under another name.
    func copy(_ fixture: String, as name: String) throws -> String {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let target = folder.appendingPathComponent(name)
        try? FileManager.default.removeItem(at: target)
        try FileManager.default.copyItem(at: Fixture.url(fixture), to: target)
        return target.path
    }

    func importer(_ harness: ExchangeHarness) throws -> Importer {
        Importer(store: try harness.store(offline: true))
    }

    func reason(_ outcome: Importer.Outcome?) -> String? {
        if case .refused(_, let reason) = outcome { return reason }
        return nil
    }

    func kind(_ outcome: Importer.Outcome?) -> String? {
        if case .imported(_, let kind, _, _) = outcome { return kind }
        return nil
    }

    private let march4 = CalendarDate(year: 2025, month: 3, day: 4)
    private let march5 = CalendarDate(year: 2025, month: 3, day: 5)

    @Test func aDateTheFileCarriesWinsAndADifferentDateIsRefusedNamingBoth() throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        defer { try? FileManager.default.removeItem(at: folder) }
        let importer = try importer(harness)
        let named = try copy("STOCK_DAY_ALL_20250304_sample.csv", as: "STOCK_DAY_ALL_20250304.csv")
        #expect(
            reason(importer.importFiles([named], date: march5).first)
                == "its own trading date is 2025-03-04 (from its file name), not --date 2025-03-05; "
                + "import it without --date")
        #expect(kind(importer.importFiles([named], date: march4).first) == "STOCK_DAY_ALL CSV (2025-03-04)")
        let dated = try copy("openapi_STOCK_DAY_ALL_dated.json", as: "day.json")
        let refused = reason(importer.importFiles([dated], date: march5).first)
        #expect(refused?.hasPrefix("its own trading date is ") == true)
        #expect(refused?.contains("(from its Date field), not --date 2025-03-05") == true)
        let month = try copy("STOCK_DAY_2330_202506_sample.json", as: "m.json")
        #expect(
            reason(importer.importFiles([month], date: march4).first)
                == "it holds 2025-06, and --date 2025-03-04 is not in that month; import it without --date")
        #expect(kind(importer.importFiles([month], date: CalendarDate(year: 2025, month: 6, day: 10)).first) != nil)
    }

    @Test func aMonthWithoutATitleTakesItsCodeFromItsNameOrCode() throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        defer { try? FileManager.default.removeItem(at: folder) }
        let importer = try importer(harness)
        let byName = try copy("STOCK_DAY_2330_202109_resaved.csv", as: "STOCK_DAY_2330_202109.csv")
        #expect(
            kind(importer.importFiles([byName], date: nil).first)
                == "STOCK_DAY English CSV (2330 2021-09, the code from its file name)")
        let anonymous = try copy("STOCK_DAY_2330_202109_resaved.csv", as: "prices.csv")
        #expect(
            reason(importer.importFiles([anonymous], date: nil).first)
                == "prices.csv does not name its security (it has no title line) and neither does its file name; "
                + "give it with --code CODE")
        #expect(
            kind(importer.importFiles([anonymous], date: nil, code: StockCode("0050")).first)
                == "STOCK_DAY English CSV (0050 2021-09)")
        let titled = try copy("STOCK_DAY_2330_202506_sample.json", as: "STOCK_DAY_2317_202506.json")
        #expect(
            reason(importer.importFiles([titled], date: nil, code: StockCode("2317")).first)
                == "it is a month of 2330, not of --code 2317", "the title wins over --code and the name")
        #expect(kind(importer.importFiles([titled], date: nil).first) == "STOCK_DAY JSON (2330 2025-06)")
    }

    @Test func importedMonthsOfAnySecurityOpenByTheirCode() async throws {
        let harness = try ExchangeHarness()
        defer { harness.cleanUp() }
        defer { try? FileManager.default.removeItem(at: folder) }
        let importer = try importer(harness)
        let tpex = try copy("tpex_tradingStock_1240_202506.json", as: "1240.json")
        #expect(kind(importer.importFiles([tpex], date: nil).first) == "TPEx tradingStock JSON (1240 2025-06)")
        let etf = try copy("STOCK_DAY_2330_202109_resaved.csv", as: "0050_2021-09.csv")
        #expect(kind(importer.importFiles([etf], date: nil).first)?.contains("0050 2021-09") == true)
        let context = harness.context(offline: true)
        let otc = try StockCommand.make(DatasetCommand.Arguments(positionals: ["1240"]), context: context)
        await otc.load(force: false, progress: ProgressReporter())
        #expect(otc.count == 4, "the imported TPEx month, offline")
        #expect(otc.title == "1240 茂生農經")
        let fund = try StockCommand.make(DatasetCommand.Arguments(positionals: ["0050"]), context: context)
        await fund.load(force: false, progress: ProgressReporter())
        #expect(fund.column("date") == ["2021-09-02", "2021-09-01"], "an ETF's imported month")
        #expect(harness.requests.isEmpty)
    }

    @Test func theCodeInAFileName() {
        let cases: [(String, String?)] = [
            ("STOCK_DAY_2330_202107.csv", "2330"),
            ("/downloads/0050 2025-06.csv", "0050"),
            ("2926.json", "2926"),
            ("STOCK_DAY_00632R_202506.csv", "00632R"),
            ("2002_2021.csv", nil),
            ("prices.csv", nil),
            ("2330_vs_2317.csv", nil),
        ]
        for (name, code) in cases {
            #expect(SecurityCodeHint.code(fromFileName: name)?.rawValue == code, "\(name)")
        }
    }
}
