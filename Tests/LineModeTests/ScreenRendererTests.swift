import BrowseSupport
import LineMode
import ListKit
import Testing

struct Security: Identifiable, Sendable {
    let id: String
    let name: String
    let close: String
}

@MainActor
func securities(_ rows: [(String, String, String)]) -> GenericListController<Security, ColumnsRow> {
    GenericListController(title: "ticks", items: rows.map { Security(id: $0.0, name: $0.1, close: $0.2) }) {
        row, security in
        row["code"] = .text(security.id)
        row["name"] = .text(security.name)
        row["close"] = .decimal(ExactDecimal(security.close))
    } select: { _ in
        .none
    }
}

@MainActor
@Suite struct ScreenRendererTests {
    func render(_ list: any ListScreen, width: Int, pageSize: Int = 20) -> [String] {
        let stack = NavigationStack(root: .list(list))
        let text = ScreenRenderer(width: width, style: TextStyle(enabled: false)).render(stack, pageSize: pageSize)
        return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    @Test func cjkColumnsLineUpAndNumbersAlignRight() {
        let lines = render(
            securities([("2330", "台積電", "1045.00"), ("0050", "元大台灣50", "172.75"), ("2317", "鴻海", "5.1")]),
            width: 80)
        #expect(
            Array(lines[1...4]) == [
                "#  code  name          close",
                "1  2330  台積電      1045.00",
                "2  0050  元大台灣50   172.75",
                "3  2317  鴻海            5.1",
            ])
        // Every data row ends at the same display column: the numbers are right-aligned.
        let widths = lines[2...4].map(DisplayWidth.of)
        #expect(Set(widths).count == 1)
        #expect(lines[2].hasSuffix("1045.00"))
        #expect(lines[4].hasSuffix("    5.1"))
        // The close column starts after the widest name, measured in display columns.

    }

    @Test func aNarrowTerminalCutsWithAnEllipsisAndHidesWhatCannotFit() {
        let list = securities([("2330", "台積電股份有限公司台積電股份有限公司", "1045.00")])
        let lines = render(list, width: 24)
        for line in lines { #expect(DisplayWidth.of(line) <= 24, "\(line) fits") }
        #expect(lines[2].contains("…"))
        let tiny = render(list, width: 20)
        #expect(tiny[1] == "#  code  name")
        #expect(tiny[2] == "1  2330  台積電股份…", "the name takes the room the left-out price leaves")
        let status = tiny.joined(separator: " · ")
        #expect(status.contains("1 more column · scroll with > · cols lists them"), "the user is told: \(tiny)")
    }

    @Test func controlCharactersInDataAreShownNeverSent() {
        let list = securities([("EVIL", "\u{1B}[2J\u{1B}]52;c;aGk=\u{07}bad\u{202E}txt\r", "1")])
        let text = render(list, width: 100).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains { $0.value == 0x1B || $0.value == 0x07 || $0.value == 0x0D })
        #expect(!text.unicodeScalars.contains { $0.value == 0x202E })
        #expect(text.contains("␛[2J"))
    }

    @Test func theStatusLineCountsTheFilterAndWrapsWhenNarrow() throws {
        let list = securities((1...45).map { (String(1000 + $0), "股\($0)", "\($0)") })
        try list.applyFilter("股1")
        let lines = render(list, width: 30, pageSize: 5)
        #expect(lines.contains("rows 1–5 of 11 · page 1/3") || lines.contains { $0.hasPrefix("rows 1–5 of 11") })
        #expect(lines.contains { $0.contains("filter \"股1\" (45 in all)") })
        for line in lines { #expect(DisplayWidth.of(line) <= 30) }
    }
}
