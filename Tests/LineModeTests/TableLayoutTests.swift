import ListKit
import Testing

@testable import LineMode

/// The table layout weighs only the columns that can fit, and lays them out exactly as the
/// column-at-a-time rules say.
@Suite struct TableLayoutTests {
    /// 5,000 columns at 80 characters: only the columns that can fit are ever weighed against
    /// each other (each after the first costs at least the gap), not all 5,000, once per column
    /// left out, a character at a time.
    @Test func aWideTableWeighsOnlyTheColumnsThatCanFit() {
        let count = 5_000
        let columns = (0..<count).map { Column("column\($0)", kind: $0 % 3 == 0 ? .integer : .text) }
        let headers = columns.map(\.name)
        let rows = (0..<3).map { row in (0..<count).map { String($0 * row) } }
        let sizes = TableLayout.ColumnSizes(
            columns: columns, content: rows[2].map(DisplayWidth.of), natural: headers.map(DisplayWidth.of),
            distinct: TableLayout.distinctWidths(headers))
        let kept = TableLayout.keptColumns(sizes, width: 80)
        #expect(kept.count <= 80 / TableLayout.gap + 1)
        #expect(kept.first == 0)
        let layout = TableLayout(columns: columns, headers: headers, rows: rows, width: 80)
        #expect(layout.placed.map(\.index) == kept)
        #expect(layout.leftOut == count - kept.count)
        #expect(layout.headerLine.count <= 80)
    }

    /// A number column narrower than its name shows its declared short header, whole, rather
    /// than the name cut with `…`; with room for the name it shows the name.
    @Test func aDeclaredShortHeaderStandsInForACutOne() {
        let columns = [
            Column("code", kind: .code), Column("trust_net", kind: .integer, short: "投信"),
            Column("change", kind: .decimal, short: "chg"),
        ]
        let rows = [["2330", "5,000", "1.5"]]
        let narrow = TableLayout(columns: columns, headers: columns.map(\.name), rows: rows, width: 17)
        #expect(narrow.headerLine == "code   投信  chg", "\(narrow.headerLine)")
        #expect(narrow.placed.map(\.header) == ["code", "投信", "chg"])
        #expect(narrow.headerLine.contains("…") == false)
        let wide = TableLayout(columns: columns, headers: columns.map(\.name), rows: rows, width: 80)
        #expect(wide.placed.map(\.header) == ["code", "trust_net", "change"])
        let undeclared = columns.map { Column($0.name, kind: $0.kind) }
        let cut = TableLayout(columns: undeclared, headers: columns.map(\.name), rows: rows, width: 17)
        #expect(cut.placed.map(\.header).contains { $0.hasSuffix("…") }, "without a short header the name is cut")
    }

    /// The fast layout places the same columns at the same widths as the plain rules applied one
    /// column and one character at a time, over many random tables.
    @Test func theLayoutIsTheSameAsTheRulesAppliedOneStepAtATime() {
        var generator = SeededGenerator(seed: 21)
        let words = ["a", "ab", "abc", "code", "codes", "name", "名稱", "名稱二", "x", "", "close", "closing"]
        let kinds: [ColumnKind] = [.text, .text, .integer, .decimal, .date, .code]
        for round in 0..<2_000 {
            let count = Int.random(in: 1...12, using: &generator)
            let columns = (0..<count).map { index in
                Column(
                    "c\(index)", kind: kinds.randomElement(using: &generator) ?? .text,
                    priority: Int.random(in: 0...3, using: &generator),
                    minimumWidth: Int.random(in: 1...10, using: &generator))
            }
            let headers = (0..<count).map { _ in
                (words.randomElement(using: &generator) ?? "")
                    + (Bool.random(using: &generator) ? "" : String(Int.random(in: 0...20, using: &generator)))
            }
            let rows = (0..<Int.random(in: 0...3, using: &generator)).map { _ in
                (0..<count).map { _ in
                    String(repeating: "w", count: Int.random(in: 0...30, using: &generator))
                }
            }
            let width = Int.random(in: 1...120, using: &generator)
            let layout = TableLayout(columns: columns, headers: headers, rows: rows, width: width)
            let reference = ReferenceLayout(columns: columns, headers: headers, rows: rows, width: width)
            #expect(layout.placed.map(\.index) == reference.kept, "round \(round)")
            #expect(layout.placed.map(\.width) == reference.widths, "round \(round)")
            #expect(TableLayout.distinctWidths(headers) == ReferenceLayout.distinctWidths(headers), "round \(round)")
        }
    }

    /// Headers that begin with each other, repeat, or share long prefixes are told apart by
    /// the narrowest cut, as comparing every pair would.
    @Test func distinctWidthsAreThoseOfComparingEveryPair() {
        var generator = SeededGenerator(seed: 7)
        let pieces = ["a", "b", "台", "é", "e\u{301}", "1"]
        for _ in 0..<500 {
            let headers = (0..<Int.random(in: 0...30, using: &generator)).map { _ in
                (0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? ""
                }
                .joined()
            }
            #expect(TableLayout.distinctWidths(headers) == ReferenceLayout.distinctWidths(headers), "\(headers)")
        }
    }
}

/// The layout's rules applied plainly: every column weighed, one left out at a time, a
/// character squeezed at a time. Too slow for wide tables, but plainly right.
private struct ReferenceLayout {
    var kept: [Int] = []
    var widths: [Int] = []

    init(columns: [Column], headers: [String], rows: [[String]], width: Int) {
        let content: [Int] = columns.indices.map { index in
            rows.reduce(0) { max($0, index < $1.count ? DisplayWidth.of($1[index]) : 0) }
        }
        let natural = columns.indices.map { max(content[$0], DisplayWidth.of(headers[$0])) }
        let distinct = Self.distinctWidths(headers)
        var kept = Array(columns.indices)
        var widths = natural
        func total(_ indices: [Int]) -> Int {
            indices.reduce(0) { $0 + widths[$1] } + TableLayout.gap * max(0, indices.count - 1)
        }
        while true {
            widths = natural
            for index in kept where total(kept) > width && columns[index].kind.isNeverCut {
                widths[index] = min(natural[index], max(content[index], distinct[index], 2))
            }
            func floor(_ index: Int) -> Int {
                max(min(natural[index], columns[index].minimumWidth), min(natural[index], distinct[index]))
            }
            while total(kept) > width {
                let squeezable = kept.filter { !columns[$0].kind.isNeverCut && widths[$0] > floor($0) }
                guard
                    let next = squeezable.min(by: { a, b in
                        columns[a].priority != columns[b].priority
                            ? columns[a].priority < columns[b].priority : widths[a] > widths[b]
                    })
                else { break }
                widths[next] -= 1
            }
            if total(kept) <= width || kept.count <= 1 { break }
            guard
                let victim = kept.dropFirst().min(by: { a, b in
                    columns[a].priority != columns[b].priority ? columns[a].priority < columns[b].priority : a > b
                })
            else { break }
            kept.removeAll { $0 == victim }
        }
        if kept.count == 1, let only = kept.first, widths[only] > width, !columns[only].kind.isNeverCut {
            widths[only] = max(1, width)
        }
        self.kept = kept
        self.widths = kept.map { widths[$0] }
    }

    static func distinctWidths(_ headers: [String]) -> [Int] {
        let characters = headers.map(Array.init)
        return characters.indices.map { index in
            let own = characters[index]
            var needed = 0
            for other in characters.indices where other != index {
                var shared = 0
                var sharedWidth = 0
                while shared < own.count, shared < characters[other].count, own[shared] == characters[other][shared] {
                    sharedWidth += DisplayWidth.of(own[shared])
                    shared += 1
                }
                guard shared < own.count else { continue }
                needed = max(needed, sharedWidth + DisplayWidth.of(own[shared]) + 1)
            }
            return min(needed, DisplayWidth.of(headers[index]))
        }
    }
}
