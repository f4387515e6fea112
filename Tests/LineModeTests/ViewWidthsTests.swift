import BrowseSupport
import Foundation
import ListKit
import TestSupport
import Testing

@testable import LineMode

/// A security, by code: a name, a volume, and a price.
struct Quote: Identifiable, Sendable {
    let id: Int
    let name: String
    let volume: Int
    let close: ExactDecimal?
}

/// Widths are a property of the view: measured once over all of its rows, the same on every
/// page, whatever pages were visited, with the page size the same on every page and after `>`.
@MainActor
@Suite struct ViewWidthsTests {
    /// 2,000 quotes whose widest name is on the last page and whose widest volume is in the
    /// middle, as in a file of ticks where `證券名稱` grew from 10 cells on page 1 to 16 on the
    /// last.
    static func quotes() -> GenericListController<Quote, ColumnsRow> {
        let items = (0..<2_000).map { index in
            Quote(
                id: index, name: index == 1_999 ? "三商美邦人壽1999" : ["台泥", "日月光投控"][index % 2],
                volume: index == 1_000 ? 22_875_008_123 : index * 7, close: ExactDecimal(Int64(index * 3)))
        }
        return GenericListController(
            title: "quotes", items: items,
            columns: [
                ListColumn("code", kind: .integer, priority: 10, isPinnedByDefault: true) { .integer($0.id) },
                .text("name", \.name, priority: 9, isName: true, isPinnedByDefault: true),
                .integer("volume", \.volume, grouped: true, priority: 5),
                .decimal("close", \.close, priority: 8),
                .text("note", \.name, priority: 1),
            ])
    }

    /// The drawn screens of a session at 80 × 30 that runs `commands` on the quotes.
    static func screens(_ commands: [String], columns: Int = 80, rows: Int = 30) async throws -> [String] {
        let output = StringSink()
        let session = Session(
            registry: DatasetRegistry(),
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(width: columns), output: output, errors: StringSink())
        session.terminalSize = { (columns, rows) }
        await session.start(with: quotes())
        session.show()
        for command in commands { _ = await session.execute(command) }
        return output.text.components(separatedBy: "datasets › quotes\n").filter { !$0.isEmpty }
    }

    /// The header line and the status line of a screen.
    static func header(_ screen: String) -> String {
        screen.split(separator: "\n").first { $0.hasPrefix("   #") }.map(String.init) ?? ""
    }

    /// `g 1` straight away and `g 70; g 40; g 1` showed the same row at different widths.
    @Test func theSameRowHasTheSameWidthsWhicheverPagesWereVisited() async throws {
        let straight = try await Self.screens(["g 1"])
        let visited = try await Self.screens(["g 70", "g 40", "g 1"])
        #expect(straight.last == visited.last, "page 1 after visiting others is page 1")
        let headers = Set(visited.map(Self.header))
        #expect(headers.count == 1, "one header on every page: \(headers)")
        let first = try #require(straight.last)
        #expect(first.contains("日月光投控      "), "the name column is as wide as the last page's widest name")
    }

    /// `>` changed the page count from 40,000 to 38,462 because the status line stopped
    /// wrapping: the page size is the view's, the same on every page and after scrolling.
    @Test func thePageCountHoldsOnEveryPageAndThroughScrolling() async throws {
        let screens = try await Self.screens(["g 40", ">", "<", "g 1"], columns: 44)
        #expect(screens.count == 5, "every command drew a screen: \(screens)")
        #expect(screens[0].contains("1 more column · scroll with >"), "\(screens[0])")
        #expect(screens[2].contains("1 column scrolled past"), "\(screens[2])")
        let counts = screens.map { screen in
            screen.split(separator: "\n").compactMap { line in
                line.split(separator: " · ").first { $0.hasPrefix("page ") }.map { $0.split(separator: "/").last }
            }.first.flatMap { $0 }.map(String.init)
        }
        #expect(Set(counts).count == 1, "one page count: \(counts)")
        #expect(counts.first != nil)
        let rowCounts = screens.map { screen in
            screen.split(separator: "\n").dropFirst().prefix { !$0.hasPrefix("rows ") }.count
        }
        #expect(Set(rowCounts).count == 1, "as many rows on every page: \(rowCounts)")
    }

    /// The code and the name stay at the left while `>` scrolls the others; `key` alone lets
    /// every column scroll, `key COL` pins another, and `cols` says which are pinned.
    @Test func pinnedColumnsStayWhileTheOthersScroll() async throws {
        let screens = try await Self.screens([">", "key", ">", "key close", "cols"], columns: 40)
        #expect(Self.header(screens[1]).hasPrefix("   #  code  name"), "pinned by default: \(screens[1])")
        #expect(!Self.header(screens[1]).contains("volume"), "scrolled past: \(screens[1])")
        #expect(Self.header(screens[3]).hasPrefix("   #  name"), "nothing pinned: the code scrolls away")
        #expect(Self.header(screens[4]).hasPrefix("   #  close  code"), "key close pins close at the left")
        let columns = try #require(screens.last)
        #expect(columns.contains("close   decimal  pinned"), "\(columns)")
        #expect(columns.contains("code    integer  shown"), "\(columns)")
    }

    /// `>` when every column is on the screen would only take columns away.
    @Test func scrollingStopsOnceEveryColumnIsShown() async throws {
        let output = StringSink()
        let errors = StringSink()
        let session = Session(
            registry: DatasetRegistry(),
            context: DatasetContext(cacheDirectory: FileManager.default.temporaryDirectory, program: .underTest),
            options: SessionOptions(width: 160), output: output, errors: errors)
        await session.start(with: Self.quotes())
        session.show()
        _ = await session.execute(">")
        #expect(errors.text.contains("already at the last column"), "\(errors.text)")
    }

    /// Measuring a view stopped by Ctrl-C leaves widths that follow the pages shown, growing
    /// with them until the view changes; measured, a view's widths hold on every page.
    @Test func aStoppedMeasureFollowsThePages() throws {
        let list = Self.quotes()
        let widths = ViewWidths()
        let stop = StopFlag()
        stop.raise()
        #expect(throws: ListError.interrupted) { try widths.measure(["name"], of: list, stop: stop) }
        #expect(widths.isMeasured(["name"], of: list), "not measured again on every screen")
        #expect(widths.widest(of: ["name"], in: list, page: [["台泥"]]) == [4])
        #expect(widths.widest(of: ["name"], in: list, page: [["日月光投控"]]) == [10])
        #expect(widths.widest(of: ["name"], in: list, page: [["台泥"]]) == [10], "widths only grow")
        try list.applyFilter("1999")
        #expect(!widths.isMeasured(["name"], of: list), "a new view is measured again")
        #expect(widths.widest(of: ["name"], in: list, page: []) == [16])
    }

    /// The terminal's measure of a cell's UTF-8 is the width the table draws it at: the text
    /// made visible, then measured, for every kind of text.
    @Test func theTerminalMeasureIsTheDrawnWidth() {
        var generator = SeededRandom(seed: 0x5EED_0023)
        for _ in 0..<20_000 {
            let text = RandomText.make(using: &generator)
            #expect(TextWidth.terminal.of(text) == DisplayWidth.of(VisibleText.make(text)), "\(text.debugDescription)")
        }
        let invalid: [UInt8] = [0x61, 0xE5, 0x8F, 0xB0, 0xFF, 0xE9]
        let decoded = String(decoding: invalid, as: UTF8.self)
        #expect(invalid.withUnsafeBufferPointer { TextWidth.terminal.of(utf8: $0) } == DisplayWidth.of(decoded))
        // CJK ideographs are counted from their bytes without decoding: every scalar in and
        // around the range so counted, alone, before a combining mark and between ASCII.
        for value in UInt32(0x4000)...0xA0FF {
            let text = String(Character(Unicode.Scalar(value)!))
            for text in [text, text + "\u{301}", "ab" + text + "c"] {
                #expect(
                    TextWidth.terminal.of(text) == DisplayWidth.of(VisibleText.make(text)), "\(text.debugDescription)")
            }
        }
        // ASCII is counted eight bytes at a time: every length of it before every kind of tail.
        let tails: [[UInt8]] = [
            [], Array("台積電".utf8), Array("e\u{301}".utf8), [0x01], [0x7F], [0xFF], Array("👍🏽".utf8), Array("ｱ".utf8),
        ]
        for length in 0...20 {
            for tail in tails {
                let bytes = Array(String(repeating: "x", count: length).utf8) + tail + Array("1,234".utf8)
                let text = String(decoding: bytes, as: UTF8.self)
                #expect(
                    bytes.withUnsafeBufferPointer { TextWidth.terminal.of(utf8: $0) }
                        == DisplayWidth.of(VisibleText.make(text)), "\(text.debugDescription)")
            }
        }
    }
}
