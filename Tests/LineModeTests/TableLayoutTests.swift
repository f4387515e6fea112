import ListKit
import TestSupport
import Testing

@testable import LineMode

/// The table layout weighs only the columns that can fit, and lays them out exactly as the
/// column-at-a-time rules say: headers whole or in their short form, names never narrower
/// than four CJK characters, pinned columns last to leave.
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
            header: headers.map(DisplayWidth.of))
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
    }

    /// The fast layout places the same columns at the same widths as the plain rules applied one
    /// column and one character at a time, over many random tables.
    @Test func theLayoutIsTheSameAsTheRulesAppliedOneStepAtATime() {
        var generator = SeededRandom(seed: 21)
        for round in 0..<3_000 {
            let table = RandomTable(&generator)
            let layout = TableLayout(
                columns: table.columns, headers: table.headers, widest: table.widest, pinned: table.pinned,
                width: table.width)
            let reference = ReferenceLayout(table)
            #expect(layout.placed.map(\.index) == reference.kept, "round \(round)")
            #expect(layout.placed.map(\.width) == reference.widths, "round \(round)")
        }
    }

    /// `stats` at 80 columns showed `mis…  d…  me…  s…`: a header is shown whole or in the
    /// short form its column declares, never cut, whatever the width; only a lone column wider
    /// than the whole screen has its header cut.
    @Test func headersAreWholeOrShortNeverCut() {
        var generator = SeededRandom(seed: 23)
        for round in 0..<3_000 {
            let table = RandomTable(&generator)
            let layout = TableLayout(
                columns: table.columns, headers: table.headers, widest: table.widest, pinned: table.pinned,
                width: table.width)
            for placed in layout.placed {
                let whole = table.headers[placed.index]
                let lone = layout.placed.count == 1 && DisplayWidth.of(whole) > table.width
                #expect(
                    placed.header == whole || placed.header == placed.column.shortName || lone,
                    "round \(round): \(placed.header) for \(whole)")
                #expect(DisplayWidth.of(placed.header) <= placed.width, "round \(round)")
            }
        }
        let stats = [
            Column("column", kind: .text, priority: 10), Column("missing", kind: .integer, short: "miss", priority: 8),
            Column("distinct", kind: .integer, short: "dist", priority: 7), Column("mean", kind: .decimal, priority: 4),
            Column("sum", kind: .decimal, priority: 3),
        ]
        func header(at width: Int) -> String {
            TableLayout(columns: stats, headers: stats.map(\.name), widest: [12, 1, 3, 4, 3], width: width).headerLine
        }
        #expect(header(at: 42) == "column        missing  distinct  mean  sum")
        #expect(header(at: 40) == "column        miss  distinct  mean  sum")
        #expect(header(at: 35) == "column        miss  dist  mean  sum")
        #expect(header(at: 34) == "column       miss  dist  mean  sum", "the text gives way before a column leaves")
    }

    /// At 80 columns `ticks` showed every name as `元大…`: a name keeps eight cells of its text
    /// (four CJK characters) and the `…`, or its whole width when that is less, and columns of
    /// lower priority leave before it is cut further.
    @Test func aNameKeepsFourCharactersAndLowerPrioritiesLeaveFirst() {
        var generator = SeededRandom(seed: 25)
        for round in 0..<3_000 {
            let table = RandomTable(&generator)
            let layout = TableLayout(
                columns: table.columns, headers: table.headers, widest: table.widest, pinned: table.pinned,
                width: table.width)
            guard layout.placed.count > 1 else { continue }
            for placed in layout.placed where placed.column.isName && placed.column.kind == .text {
                let natural = max(table.widest[placed.index], DisplayWidth.of(table.headers[placed.index]))
                #expect(placed.width >= min(natural, Column.nameMinimumWidth + 1), "round \(round)")
            }
        }
        let columns = [
            Column("code", kind: .code, priority: 10, isPinnedByDefault: true),
            Column("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true),
            Column("close", kind: .decimal, priority: 8), Column("volume", kind: .integer, priority: 6),
            Column("open", kind: .decimal, priority: 4),
        ]
        let rows = [["0050", "元大台灣50正2", "186.80", "33,496,023", "185.00"]]
        let layout = TableLayout(columns: columns, headers: columns.map(\.name), rows: rows, pinned: 2, width: 35)
        #expect(layout.placed.map(\.column.name) == ["code", "name", "close", "volume"])
        #expect(layout.line(rows[0]) == "0050  元大台灣…  186.80  33,496,023")
    }

    /// Pinned columns stay at the left while there is room for them, whatever their priority;
    /// the others leave first.
    @Test func pinnedColumnsLeaveLast() {
        let columns = [
            Column("date", kind: .date), Column("note", kind: .text, priority: 0),
            Column("close", kind: .decimal, priority: 9), Column("volume", kind: .integer, priority: 8),
        ]
        let rows = [["2025-03-04", "no trade", "1,000.00", "69,307,417"]]
        let pinned = TableLayout(columns: columns, headers: columns.map(\.name), rows: rows, pinned: 2, width: 34)
        #expect(pinned.placed.map(\.column.name) == ["date", "note", "close"])
        let unpinned = TableLayout(columns: columns, headers: columns.map(\.name), rows: rows, pinned: 1, width: 34)
        #expect(unpinned.placed.map(\.column.name) == ["date", "close", "volume"])
    }
}

/// A random table to lay out: columns of every kind, priority and role, headers that may have
/// short forms, widest values, how many columns are pinned, and a width.
private struct RandomTable {
    var columns: [Column] = []
    var headers: [String] = []
    var widest: [Int] = []
    var pinned = 1
    var width = 80

    init(_ generator: inout SeededRandom) {
        let words = ["a", "ab", "abc", "code", "codes", "name", "名稱", "名稱二", "x", "", "close", "closing"]
        let kinds: [ColumnKind] = [.text, .text, .integer, .decimal, .date, .code]
        let count = Int.random(in: 1...12, using: &generator)
        for index in 0..<count {
            let header =
                (words.randomElement(using: &generator) ?? "")
                + (Bool.random(using: &generator) ? "" : String(Int.random(in: 0...20, using: &generator)))
            let short = Int.random(in: 0...3, using: &generator) == 0 ? String(header.prefix(2)) : nil
            columns.append(
                Column(
                    "c\(index)", kind: kinds.randomElement(using: &generator) ?? .text, short: short,
                    priority: Int.random(in: 0...3, using: &generator),
                    minimumWidth: Int.random(in: 1...10, using: &generator),
                    isName: Int.random(in: 0...3, using: &generator) == 0))
            headers.append(header)
            widest.append(Int.random(in: 0...30, using: &generator))
        }
        pinned = Int.random(in: 0...3, using: &generator)
        width = Int.random(in: 1...120, using: &generator)
    }
}

/// The layout's rules applied plainly: every column weighed, one left out at a time, a
/// character squeezed at a time. Too slow for wide tables, but plainly right.
private struct ReferenceLayout {
    var kept: [Int] = []
    var widths: [Int] = []

    init(_ table: RandomTable) {
        let columns = table.columns
        let content = table.widest
        let whole = table.headers.map(DisplayWidth.of)
        // The narrowest header: the short form when it is shorter than the name.
        let header = columns.indices.map { index in
            min(whole[index], columns[index].shortName.map(DisplayWidth.of) ?? whole[index])
        }
        let natural = columns.indices.map { max(content[$0], whole[$0]) }
        let held = min(columns.count, max(1, table.pinned))
        var kept = Array(columns.indices)
        var widths = natural
        func total(_ indices: [Int]) -> Int {
            indices.reduce(0) { $0 + widths[$1] } + TableLayout.gap * max(0, indices.count - 1)
        }
        func floor(_ index: Int) -> Int {
            let narrowest = columns[index].isName ? max(columns[index].minimumWidth, 9) : columns[index].minimumWidth
            return max(min(natural[index], narrowest), header[index])
        }
        while true {
            widths = natural
            for index in kept where total(kept) > table.width && columns[index].kind.isNeverCut {
                widths[index] = max(content[index], header[index])
            }
            while total(kept) > table.width {
                let squeezable = kept.filter { !columns[$0].kind.isNeverCut && widths[$0] > floor($0) }
                guard
                    let next = squeezable.min(by: { a, b in
                        columns[a].priority != columns[b].priority
                            ? columns[a].priority < columns[b].priority : widths[a] > widths[b]
                    })
                else { break }
                widths[next] -= 1
            }
            if total(kept) <= table.width || kept.count <= 1 { break }
            // The lowest priority leaves first (the rightmost of equals); pinned columns after
            // every other, the rightmost first; the first column never.
            let others = kept.filter { $0 >= held }
            let victim =
                others.min(by: { a, b in
                    columns[a].priority != columns[b].priority ? columns[a].priority < columns[b].priority : a > b
                }) ?? kept.filter { $0 > 0 }.max()
            guard let victim else { break }
            kept.removeAll { $0 == victim }
        }
        if kept.count == 1, let only = kept.first, widths[only] > table.width, !columns[only].kind.isNeverCut {
            widths[only] = max(1, table.width)
        }
        self.kept = kept
        self.widths = kept.map { widths[$0] }
    }
}
