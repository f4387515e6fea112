import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// The day reports through the built binary against a loopback exchange, pointed at it by the
/// mirror variables: a day's export with both markets, each by its Chinese name too, the
/// second run answered by the cache, and a day without data said, never an error.
@Suite struct DayReportProcessTests {
    static let files: [String: URL] = ExchangeSandbox.files.merging([
        "T86_20230130": ExchangeSandbox.fixtures.appendingPathComponent("T86_19fields_20230130_sample.json"),
        "BFI82U_20230130": ExchangeSandbox.fixtures.appendingPathComponent("BFI82U_20230130_sample.json"),
        "TPEX_INSTI_20230130": ExchangeSandbox.fixtures.appendingPathComponent(
            "tpex_insti_tables1_20230130_sample.json"),
        "MI_MARGN_20230130": ExchangeSandbox.fixtures.appendingPathComponent("MI_MARGN_20230130_sample.json"),
        "TPEX_MARGIN_20230130": ExchangeSandbox.fixtures.appendingPathComponent(
            "tpex_margin_20230130_sample.json"),
        "BWIBBU_d_20230130": ExchangeSandbox.fixtures.appendingPathComponent("BWIBBU_d_20230130_sample.json"),
        "TPEX_PE_20230130": ExchangeSandbox.fixtures.appendingPathComponent(
            "tpex_peQryDate_20230130_sample.json"),
        "TWT49U_20240301": ExchangeSandbox.fixtures.appendingPathComponent("TWT49U_202403_sample.json"),
        "FMTQIK_202301": ExchangeSandbox.fixtures.appendingPathComponent("FMTQIK_202301_sample.json"),
        "MI_INDEX_20230130": ExchangeSandbox.fixtures.appendingPathComponent("MI_INDEX_20230130_sample.json"),
        "MOPS_sii_114_4": ExchangeSandbox.fixtures.appendingPathComponent(
            "MOPS_t21sc03_sii_114_4_sample_big5.html"),
        "MOPS_otc_114_4": ExchangeSandbox.fixtures.appendingPathComponent(
            "MOPS_t21sc03_otc_114_4_sample_big5.html"),
        "TPEX_EXDAILY_20240301": ExchangeSandbox.fixtures.appendingPathComponent(
            "tpex_exDailyQ_202403_sample.json"),
    ]) { first, _ in first }

    func environment(_ exchange: FakeExchange) -> [String: String] {
        var environment = exchange.environment
        environment["BROWSE_NOW"] = ExchangeSandbox.now
        return environment
    }

    @Test func institutionalExportsBothMarketsExactlyAndAsksAPastDayOnce() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["institutional", "--date", "2023-01-30", "--format", "csv", "--cache-dir", cache.path]
        let run = try Browse.run(arguments, environment: environment(exchange))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first?.hasPrefix("date,code,name,market,foreign_buy,foreign_sell,foreign_net,") == true)
        #expect(lines.count == 5)
        #expect(
            lines.contains(
                "2023-01-30,2610,華航            ,上市,4105000,42528300,-38423300,0,0,0,,,,0,0,0,,,-372000,"
                    + "0,372000,-372000,0,0,0,-38795300"),
            "\(lines)")
        #expect(
            lines.contains(
                "2023-01-30,00679B,元大美債20年,上櫃,425061,282000,143061,0,0,0,425061,282000,143061,0,0,0,"
                    + "2124000,9422229,-7298229,250000,0,250000,1874000,9422229,-7548229,-7155168"))
        let asked = exchange.server.requests.count
        #expect(asked == 3, "T86, BFI82U and TPEx, once each: \(exchange.server.requests.map(\.target))")
        let again = try Browse.run(
            ["三大法人", "--date", "2023-01-30", "--format", "csv", "--cache-dir", cache.path],
            environment: environment(exchange))
        #expect(again.stdout == run.stdout, "the Chinese name opens the same list")
        #expect(exchange.server.requests.count == asked, "a past day is never asked twice")
        #expect(exchange.mostRequests(within: 5) <= 3)
    }

    @Test func marginAndValuationExportTheirDays() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let margin = try Browse.run(
            ["融資融券", "--date", "2023-01-30", "--format", "csv", "--cache-dir", cache.path],
            environment: environment(exchange))
        #expect(margin.status == 0, "\(margin.stderr)")
        #expect(margin.stdout.contains("2023-01-30,1229,聯華,上市,0,0,0,5000,5000,,100000,0,0,0,0,0,,100000,0,,,OX \n"))
        let valuation = try Browse.run(
            ["valuation", "--date", "2023-01-30", "--format", "csv", "--cache-dir", cache.path],
            environment: environment(exchange))
        #expect(valuation.status == 0, "\(valuation.stderr)")
        #expect(valuation.stdout.contains("2023-01-30,1101,台泥,上市,30.79,5.41,1.27,,,2021,2022Q3\n"))
        #expect(valuation.stdout.contains("2023-01-30,1258,其祥-KY         ,上櫃,,0.00,1.32,,0.00,2022,\n"))
        #expect(exchange.mostRequests(within: 5) <= 3, "the server saw more than 3 requests in 5 s")
    }

    @Test func dividendsExportBothMarketsFromTheFormAndTheChineseName() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = [
            "dividends", "--from", "2024-03-01", "--to", "2024-03-31", "--format", "csv", "--cache-dir", cache.path,
        ]
        let run = try Browse.run(arguments, environment: environment(exchange))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 7)
        #expect(lines.first?.hasPrefix("date,code,name,market,kind,close_before,reference,rights_value,") == true)
        #expect(
            lines.contains(
                "2024-03-20,1101,台泥,上市,權息,33.50,31.30,,,2.200000,34.40,28.20,31.30,32.50,,,,,,,,,30.12,-0.58,"
                    + "112年第4季,\"1101,20240320\""), "\(lines)")
        #expect(
            lines.contains(
                "2024-03-27,8069,元太　　,上櫃,權息,200.00,190.00,5.000000,5.000000,10.000000,209.00,171.00,190.00,"
                    + "195.00,5.00000000,26.31578900,1000000,45.00,100000,50000,850000,10.00000000,,,,"))
        #expect(run.stderr.contains("skipped 1 malformed row"), "the bad row is said: \(run.stderr)")
        let asked = exchange.server.requests.count
        #expect(exchange.server.requests.contains { $0.method == "POST" && $0.form("startDate") == "2024/03/01" })
        let again = try Browse.run(
            ["除權息"] + arguments.dropFirst(), environment: environment(exchange))
        #expect(again.stdout == run.stdout, "the Chinese name opens the same list")
        #expect(exchange.server.requests.count == asked, "a past range is never asked twice")
        #expect(exchange.mostRequests(within: 5) <= 3)
    }

    @Test func revenueExportsAMonthOfBothMarketsFromMOPSsBig5Pages() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let arguments = ["revenue", "--month", "2025-04", "--format", "csv", "--cache-dir", cache.path]
        let run = try Browse.run(arguments, environment: environment(exchange))
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(
            lines.first
                == "month,code,name,market,industry,revenue,last_month,last_year,month_change,year_change,cumulative,"
                + "cumulative_last_year,cumulative_change,note")
        #expect(
            lines.contains(
                "2025-04,2330,台積電,上市,半導體業,349566969,285956830,236020839,22.24,48.11,1188931045,828664101,43.47,"))
        #expect(
            run.stdout.contains(
                "2025-04,1102,亞泥,上市,水泥工業,4814494,8340507,7420726,-42.27,-35.12,19257976,29682904,-35.12,\"本月&上月\n合併計算\"\n"
            ))
        #expect(lines.contains { $0.hasPrefix("2025-04,4105,東洋,上櫃,生技醫療業,1000000,") })
        #expect(run.stderr.contains("skipped 1 malformed row"), "\(run.stderr)")
        let asked = exchange.server.requests.count
        #expect(asked == 2)
        let again = try Browse.run(["月營收"] + arguments.dropFirst(), environment: environment(exchange))
        #expect(again.stdout == run.stdout, "the Chinese name opens the same month")
        #expect(exchange.server.requests.count == asked, "a past month's pages are kept")
    }

    @Test func taiexShowsAMonthAndADaysIndicesByItsChineseName() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let month = try Browse.run(
            ["taiex", "--month", "2023-01", "--format", "csv", "--cache-dir", cache.path],
            environment: environment(exchange))
        #expect(month.status == 0, "\(month.stderr)")
        #expect(
            month.stdout
                == "date,taiex,change,volume,value,transactions\n"
                + "2023-01-30,15493.82,560.89,6919326963,354872347181,2330770\n"
                + "2023-01-05,14301.05,101.92,4699844946,174293004472,1434012\n"
                + "2023-01-04,14199.13,-24.99,4516111849,163516306255,1404457\n"
                + "2023-01-03,14224.12,86.43,4427323490,151313914551,1312918\n")
        #expect(month.stderr.contains("skipped 1 malformed row"), "February's day in January is said")
        let session = try Browse.run(
            ["大盤", "--month", "2023-01", "--width", "80", "--cache-dir", cache.path, "-c", "1; indices"],
            input: Data(), environment: environment(exchange))
        #expect(session.status == 0, "\(session.stderr)")
        #expect(session.stdout.contains("大盤 2023-01-30 · 加權 15,493.82 ▲560.89 (3.76%) · 5 securities"))
        #expect(session.stdout.contains("全部 ▲4,916 (漲停 55) ▼2,052 (跌停 69) 平 228 · 未成交 11,438 · 無比價 4,400"))
        #expect(session.stdout.contains("datasets › taiex › 大盤 2023-01-30 › indices 2023-01-30"))
        #expect(session.stdout.contains("金融類日報酬反向一倍指數"))
        #expect(!session.stdout.contains("<p"), "a sign's HTML is never shown")
        #expect(exchange.mostRequests(within: 5) <= 3)
    }

    @Test func aDayWithoutDataIsSaidAndExitsZero() throws {
        let exchange = try FakeExchange(files: Self.files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-day-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(
            ["margin", "--date", "2023-01-01", "--cache-dir", cache.path, "-c", "q"], input: Data(),
            environment: environment(exchange))
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("上市: no data for 2023-01-01 (TWSE: 很抱歉，沒有符合條件的資料!)"), "\(run.stdout)")
        #expect(run.stdout.contains("上櫃: no data for 2023-01-01 (TPEx answered with no rows)"))
    }
}
