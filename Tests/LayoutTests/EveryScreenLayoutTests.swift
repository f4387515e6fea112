import DemoDatasets
import FakeExchange
import FileDatasets
import Foundation
import LineMode
import ListKit
import ListKitNetworking
import ListKitTesting
import TWStock
import Testing

/// The first page of every dataset, and of a 33-column company file, laid out at every width
/// from 40 to 200: no number, date or code is ever cut, no two headers read the same, and no
/// line runs past the width.
@MainActor
@Suite struct EveryScreenLayoutTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("TWStockTests/Fixtures")

    /// Every screen to try, loaded: the dataset list, the demos, companies, ticks, a company's
    /// days (from a loopback exchange), and files.
    func screens() async throws -> [(String, any ListScreen)] {
        let files: [String: URL] = [
            "companies_L": Self.fixtures.appendingPathComponent("t187ap03_L_bom_crlf.csv"),
            "companies_O": Self.fixtures.appendingPathComponent("tpex_company_sample.json"),
            "companies_R": Self.fixtures.appendingPathComponent("t187ap03_R_sample.csv"),
            "STOCK_DAY_ALL_20250304": Self.fixtures.appendingPathComponent("STOCK_DAY_ALL_20250304_sample.csv"),
            "STOCK_DAY_2330_202506": Self.fixtures.appendingPathComponent("STOCK_DAY_2330_202506_sample.json"),
        ].merging(Self.dayReportFiles) { first, _ in first }
        let exchange = try FakeExchange(files: files)
        defer { exchange.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-layout-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let program = ProgramIdentity(name: "layout-tests", version: "1.0.0", summary: "every screen's layout")
        var services = DatasetServices()
        services.exchangeHosts = exchange.hosts
        services.httpClient = HTTPClient(throttle: HostThrottle.shared, userAgent: program.userAgent)
        let context = DatasetContext(
            cacheDirectory: cache, now: { Date(timeIntervalSince1970: 1_751_256_000) }, program: program,
            services: services)
        let registry = try DatasetRegistry([CompaniesDataset(), TicksDataset()] + DemoDatasets.all)
        var screens: [(String, any ListScreen)] = [("datasets", registry.rootScreen(context: context))]
        for dataset in registry.datasets {
            screens.append((dataset.id, try dataset.makeRootScreen(context: context)))
        }
        var dayContext = context
        dayContext.options = OptionValues([
            "date": "2023-01-30", "from": "2024-03-01", "to": "2024-03-31", "month": "2025-04",
        ])
        var monthContext = context
        monthContext.options = OptionValues(["month": "2023-01"])
        screens.append(("taiex", try TaiexDataset().makeRootScreen(context: monthContext)))
        for dataset in Self.dayReports {
            screens.append((dataset.id, try dataset.makeRootScreen(context: dayContext)))
        }
        let opener = FileOpener()
        for name in ["t187ap03_L_bom_crlf.csv", "STOCK_DAY_ALL_20250304_sample.csv"] {
            if let screen = try opener.screen(named: Self.fixtures.appendingPathComponent(name).path, context: context)
            {
                screens.append((name, screen))
            }
        }
        for (_, screen) in screens { await screen.load(force: false, progress: ProgressReporter()) }
        let companies = try #require(screens.first { $0.0 == "companies" }?.1)
        try companies.applyFilter("2330")
        guard case .push(let days) = try companies.select(at: 0) else {
            Issue.record("a listed company drills into its days")
            return screens
        }
        await days.load(force: false, progress: ProgressReporter())
        try companies.applyFilter("")
        screens.append(("2330 days", days))
        let taiex = try #require(screens.first { $0.0 == "taiex" }?.1)
        guard case .push(let marketDay) = try taiex.select(at: 0) else {
            Issue.record("a day of the market drills into its closes")
            return screens
        }
        await marketDay.load(force: false, progress: ProgressReporter())
        screens.append(("大盤 2023-01-30", marketDay))
        if case .push(let indices)? = try await marketDay.commands.first(where: { $0.name == "indices" })?.run(
            "", ProgressReporter())
        {
            screens.append(("indices", indices))
        }
        for (name, screen) in screens {
            #expect(screen.state == .loaded, "\(name) loaded")
            #expect(screen.count > 0, "\(name) has rows")
        }
        return screens
    }

    /// The day reports, opened on a day the fixtures hold.
    static let dayReports: [any Dataset] = [
        InstitutionalDataset(), MarginDataset(), ValuationDataset(), DividendsDataset(), RevenueDataset(),
    ]

    static let dayReportFiles: [String: URL] = [
        "T86_20230130": fixtures.appendingPathComponent("T86_19fields_20230130_sample.json"),
        "BFI82U_20230130": fixtures.appendingPathComponent("BFI82U_20230130_sample.json"),
        "TPEX_INSTI_20230130": fixtures.appendingPathComponent("tpex_insti_tables1_20230130_sample.json"),
        "MI_MARGN_20230130": fixtures.appendingPathComponent("MI_MARGN_20230130_sample.json"),
        "TPEX_MARGIN_20230130": fixtures.appendingPathComponent("tpex_margin_20230130_sample.json"),
        "BWIBBU_d_20230130": fixtures.appendingPathComponent("BWIBBU_d_20230130_sample.json"),
        "TPEX_PE_20230130": fixtures.appendingPathComponent("tpex_peQryDate_20230130_sample.json"),
        "TWT49U_20240301": fixtures.appendingPathComponent("TWT49U_202403_sample.json"),
        "TPEX_EXDAILY_20240301": fixtures.appendingPathComponent("tpex_exDailyQ_202403_sample.json"),
        "MOPS_sii_114_4": fixtures.appendingPathComponent("MOPS_t21sc03_sii_114_4_sample_big5.html"),
        "MOPS_otc_114_4": fixtures.appendingPathComponent("MOPS_t21sc03_otc_114_4_sample_big5.html"),
        "FMTQIK_202301": fixtures.appendingPathComponent("FMTQIK_202301_sample.json"),
        "MI_INDEX_20230130": fixtures.appendingPathComponent("MI_INDEX_20230130_sample.json"),
    ]

    /// A row that sets a name no column declares (`row["nmae"] = …`) would leave that column
    /// blank without a word: every cell of every screen's first page is a declared column's.
    @Test func everyCellIsADeclaredColumns() async throws {
        for (name, screen) in try await screens() {
            let declared = Set(screen.columns.map(\.name))
            for row in screen.rows(in: 0..<min(20, screen.count)) {
                let undeclared = row.map(\.name).filter { !declared.contains($0) }
                #expect(undeclared.isEmpty, "\(name) sets \(undeclared), which no column declares")
            }
        }
    }

    @Test func noNumberDateOrCodeIsCutAndNoHeaderRepeatsAtAnyWidth() async throws {
        let screens = try await screens()
        #expect(screens.count == 11 + Self.dayReports.count)
        for (name, screen) in screens {
            let page = screen.rows(in: 0..<min(20, screen.count))
            for width in 40...200 {
                let stack = NavigationStack(root: .list(screen))
                let text = ScreenRenderer(width: width, style: TextStyle(enabled: false)).render(stack, pageSize: 20)
                let lines = text.split(separator: "\n").map(String.init)
                for line in lines {
                    #expect(DisplayWidth.of(line) <= width, "\(name) at \(width): \(line)")
                }
                let headerIndex = try #require(
                    lines.firstIndex { $0.trimmingPrefix(" ").hasPrefix("#  ") }, "\(name) at \(width) has a header")
                let header = lines[headerIndex]
                let headers = header.split(separator: " ", omittingEmptySubsequences: true).dropFirst()
                let cutHeaders = headers.filter { $0.hasSuffix("…") }
                #expect(
                    Set(cutHeaders).count == cutHeaders.count, "\(name) at \(width): a cut header repeats: \(header)")
                let rows = lines[(headerIndex + 1)...].prefix(page.count)
                for (offset, row) in rows.enumerated() {
                    let whole = screen.columns.filter { $0.kind != .text }.compactMap { column in
                        page[offset].first { $0.name == column.name }.map { VisibleText.make($0.cell.text) }
                    }.filter { !$0.isEmpty }
                    let texts = screen.columns.filter { $0.kind == .text }.compactMap { column in
                        page[offset].first { $0.name == column.name }.map { VisibleText.make($0.cell.text) }
                    }
                    // A cut text ends with "…": unless a text cell explains it, it must not be the
                    // start of a number, date or code.
                    for token in row.split(separator: " ") where token.hasSuffix("…") && token.count > 1 {
                        let stem = token.dropLast()
                        guard !texts.contains(where: { $0.contains(stem) }) else { continue }
                        #expect(
                            !whole.contains { $0.hasPrefix(stem) && $0 != String(token) },
                            "\(name) at \(width): \(token) is a cut number, date or code in \(row)")
                    }
                }
            }
        }
    }

    /// The institutional screen's headers are whole or the declared short ones (`投信` for
    /// `trust_net`), never cut, at every width from 40 to 160; its totals lines fit 80 columns.
    @Test func institutionalHeadersAreWholeOrTheirShortFormAtEveryWidth() async throws {
        let screens = try await screens()
        let institutional = try #require(screens.first { $0.0 == "institutional" }?.1)
        let allowed = Set(institutional.columns.flatMap { [$0.name] + ($0.shortName.map { [$0] } ?? []) } + ["#"])
        for width in 40...160 {
            let stack = NavigationStack(root: .list(institutional))
            let text = ScreenRenderer(width: width, style: TextStyle(enabled: false)).render(stack, pageSize: 20)
            let lines = text.split(separator: "\n").map(String.init)
            let header = try #require(lines.first { $0.hasPrefix("#  ") })
            let headers = header.split(separator: " ").map(String.init)
            #expect(headers.allSatisfy(allowed.contains), "at \(width): \(header)")
            if width == 80 {
                #expect(lines.contains("上市 net NT$ 合計 83,133,659,499"))
                #expect(lines.contains("自營商 自行 2,818,671,322 · 外資自營商 -36,789,050"))
            }
        }
    }

    @Test func aWideFileLeavesColumnsOutAndSaysSo() async throws {
        let screens = try await screens()
        let file = try #require(screens.first { $0.0 == "t187ap03_L_bom_crlf.csv" }?.1)
        #expect(file.columns.count == 33)
        let stack = NavigationStack(root: .list(file))
        let text = ScreenRenderer(width: 80, style: TextStyle(enabled: false)).render(stack, pageSize: 20)
        #expect(text.contains("more columns · scroll with > · cols lists them"))
        #expect(!text.contains("公司… "), "headers are not cut to the same text")
    }
}
