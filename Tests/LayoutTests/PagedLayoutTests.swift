import FileDatasets
import Foundation
import LineMode
import ListKit
import Testing

/// Widths are a property of the view: a million-row file and a 33-column file paged at 80 and
/// 160 columns keep every column as wide on the first, a middle and the last page, no wider
/// than its widest value, and the name never narrower than its minimum.
@MainActor
@Suite struct PagedLayoutTests {
    /// The names of the million-row file: they grow a number past the first 28 rows, and the
    /// widest (20 cells) is the last row's, as in a file of ticks.
    nonisolated static let names = [
        "台泥", "亞泥", "台積電", "日月光投控", "元大台灣50", "KY 開曼", "Ａ股測試", "三商美邦人壽",
    ]

    /// `日期,證券代號,證券名稱,成交股數,收盤價`: a million rows, the widest volume in the
    /// middle, the widest name at the end.
    nonisolated static func millionRows() -> [UInt8] {
        var bytes = Array("日期,證券代號,證券名稱,成交股數,收盤價\n".utf8)
        bytes.reserveCapacity(46_000_000)
        for row in 0..<1_000_000 {
            let name =
                row == 999_999 ? "三商美邦人壽保險1999" : names[row % names.count] + (row < 28 ? "" : String(row / 1_000))
            let volume = row == 500_000 ? "\"22,875,008,123\"" : String(row % 9_973 * 13)
            let line = "2017/01/\(row % 20 + 10),\(1101 + row % 2_000),\"\(name)\",\(volume),\(row % 900 + 10).25\n"
            bytes.append(contentsOf: line.utf8)
        }
        return bytes
    }

    /// The company file's 33 columns over 2,000 companies: a long name on the last page, a
    /// long address in the middle.
    nonisolated static func companies() -> [UInt8] {
        let header =
            "出表日期,公司代號,公司名稱,公司簡稱,外國企業註冊地國,產業別,住址,營利事業統一編號,董事長,總經理,發言人,發言人職稱,"
            + "代理發言人,總機電話,成立日期,上市日期,普通股每股面額,實收資本額,私募股數,特別股,編制財務報表類型,股票過戶機構,"
            + "過戶電話,過戶地址,簽證會計師事務所,簽證會計師1,簽證會計師2,英文簡稱,英文通訊地址,傳真機號碼,電子郵件信箱,網址,"
            + "已發行普通股數或TDR原股發行股數\n"
        var text = header
        for row in 0..<2_000 {
            let name = row == 1_999 ? "台灣積體電路製造股份有限公司國際分公司" : "台泥\(row)股份有限公司"
            let address = row == 1_000 ? "台北市中山區中山北路二段113號十樓之一之二之三" : "台北市\(row)號"
            var fields = ["1131029", "\(1101 + row)", name, "台泥\(row % 10)", "－", "01", address, "1130\(row)"]
            fields += ["張\(row)", "李", "王", "財務長", "陳", "(02)2531-7099", "19501229", "19620209"]
            fields += ["新台幣 10.0000元", "\(row * 1_000_000)", "0", "0", "1", "中國信託", "02-6636-5566"]
            fields += ["台北市重慶南路", "安侯建業", "甲", "乙", "TCC", "No. \(row)", "(02)2531-6529", "ir@x.com.tw"]
            fields += ["www.x.com.tw", "\(row * 1_000)"]
            text += fields.joined(separator: ",") + "\n"
        }
        return Array(text.utf8)
    }

    /// The file at `path`, loaded as `browse PATH` loads it.
    func open(_ path: String) async throws -> any ListScreen {
        let context = DatasetContext(
            cacheDirectory: FileManager.default.temporaryDirectory,
            program: ProgramIdentity(name: "layout-tests", version: "1.0.0", summary: "paged layouts"))
        let screen = try #require(try FileOpener().screen(named: path, context: context))
        await screen.load(force: false, progress: ProgressReporter())
        #expect(screen.state == .loaded)
        return screen
    }

    /// Draws the first, a middle and the last page of `screen` at `width` with one renderer,
    /// as a session does (its widths measured once per view, whatever the terminal's width),
    /// and holds every page's column widths equal.
    func expectWidthsHold(
        _ screen: any ListScreen, width: Int, pageSize: Int, name: String, widths viewWidths: ViewWidths,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let renderer = ScreenRenderer(width: width, style: TextStyle(enabled: false), widths: viewWidths)
        let stack = NavigationStack(root: .list(screen))
        var widths: [[String: Int]] = []
        var headers: Set<String> = []
        for position in [0, screen.count / 2, screen.count - 1] {
            screen.move(to: position)
            let drawn = renderer.screen(stack, pageSize: pageSize)
            widths.append(drawn.columnWidths)
            headers.insert(drawn.lines.first { $0.hasPrefix(" ") && $0.contains("#") } ?? "")
            for line in drawn.lines {
                #expect(DisplayWidth.of(line) <= width, "\(width): \(line)", sourceLocation: sourceLocation)
            }
        }
        screen.move(to: 0)
        #expect(Set(widths).count == 1, "\(width): one width per column on every page: \(widths)")
        #expect(headers.count == 1, "\(width): one header on every page: \(headers)", sourceLocation: sourceLocation)
        let measured = Dictionary(
            uniqueKeysWithValues: zip(
                screen.columnNames,
                try screen.widestTexts(of: screen.columnNames, width: .terminal, stop: .never)))
        for (column, shown) in widths[0] {
            let widest = max(measured[column] ?? 0, DisplayWidth.of(column))
            #expect(
                shown <= widest, "\(width): \(column) is no wider than its widest value", sourceLocation: sourceLocation
            )
        }
        let named = try #require(widths[0][name], "\(width): \(name) is shown", sourceLocation: sourceLocation)
        #expect(
            named >= min(measured[name] ?? 0, 8), "\(width): \(name) keeps its minimum",
            sourceLocation: sourceLocation)
    }

    @Test func aMillionRowFileIsAsWideOnItsFirstMiddleAndLastPage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("ticks.csv").path
        try Data(Self.millionRows()).write(to: URL(fileURLWithPath: path))
        let screen = try await open(path)
        #expect(screen.count == 1_000_000)
        let widths = ViewWidths()
        for width in [80, 160] {
            try expectWidthsHold(screen, width: width, pageSize: 25, name: "證券名稱", widths: widths)
        }
        // The widest name is on the last page only; every page makes room for it at 160.
        let renderer = ScreenRenderer(width: 160, style: TextStyle(enabled: false), widths: widths)
        let first = renderer.screen(NavigationStack(root: .list(screen)), pageSize: 25)
        #expect(first.columnWidths["證券名稱"] == 20, "\(first.columnWidths)")
        #expect(first.columnWidths["成交股數"] == 14, "the middle's volume sets the width of the first page's")
    }

    @Test func aThirtyThreeColumnFileIsAsWideOnEveryPage() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("t187ap03_L.csv").path
        try Data(Self.companies()).write(to: URL(fileURLWithPath: path))
        let screen = try await open(path)
        #expect(screen.columns.count == 33)
        let widths = ViewWidths()
        for width in [80, 160] {
            try expectWidthsHold(screen, width: width, pageSize: 20, name: "公司代號", widths: widths)
            var scrolled = screen.columnChoice
            scrolled.scrollOffset = 3
            screen.columnChoice = scrolled
            try expectWidthsHold(screen, width: width, pageSize: 20, name: "公司簡稱", widths: widths)
            screen.columnChoice = ColumnChoice()
        }
    }
}
