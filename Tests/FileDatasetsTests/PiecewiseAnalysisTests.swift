import BrowseSupport
import Foundation
import LineMode
import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// `freq` and `stats` over a large file read its rows in pieces on every core, texts counted by
/// their bytes: they must answer exactly as one pass over the rows' cells does.
@MainActor
@Suite struct PiecewiseAnalysisTests {
    struct Numbered: Identifiable {
        let id: Int
    }

    /// Enough rows that the file is read in more than one piece on a machine of two cores.
    static let rows = 150_000

    /// Texts whose bytes differ where their `String`s are equal (é composed and decomposed),
    /// that fold alike (ÉCOLE, école), with quotes and a line break inside quotes; numbers
    /// with the same value written several ways; date-times that are one instant at different
    /// offsets, some finer than a microsecond; times written with and without seconds; and a
    /// column whose values tie in count.
    static func file(_ random: inout SeededRandom) -> String {
        let names = [
            "\u{E9}cole", "e\u{301}cole", "ÉCOLE", "台積電", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "--", "",
            "Zebra", "zebra",
        ]
        let prices = ["\"1,234.50\"", "1234.5", "1234.50", "-0.25", "--", "12", "12.0", "n/a", "7"]
        let instants = [
            "2024-03-01T10:00:00+08:00", "2024-03-01T02:00:00Z", "2024-03-01 10:00:00.000000001+08:00",
            "2024-03-01T02:00:00.000000001Z", "2024-03-01T02:00:00.000001Z", "",
        ]
        let times = ["13:30", "13:30:00", "09:05:00.5", "09:05:00.500", "", "23:59:59.999999999"]
        let volumes = ["\"3,383\"", "3383", "0", "-7", "", "9223372036854775807"]
        var lines = ["名稱,收盤價,組,日期,代號,時刻,時間,量"]
        for row in 0..<rows {
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let price = prices[Int.random(in: 0..<prices.count, using: &random)]
            let day = Int.random(in: 1...28, using: &random)
            let date = Int.random(in: 0..<20, using: &random) == 0 ? "" : "2024-03-\(day < 10 ? "0" : "")\(day)"
            // Ties: every group is held by as many rows.
            // Codes mostly held by one row each: more distinct values than one core lists alone.
            let code = String(Int.random(in: 0..<1_000_000, using: &random))
            let instant = instants[Int.random(in: 0..<instants.count, using: &random)]
            let time = times[Int.random(in: 0..<times.count, using: &random)]
            let volume = volumes[Int.random(in: 0..<volumes.count, using: &random)]
            lines.append([name, price, "g\(row % 4)", date, code, instant, time, volume].joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A list of `screen`'s cells that reads them one pass at a time, as any list does.
    static func plain(_ screen: some ListScreen) -> GenericListController<Numbered, ColumnsRow> {
        let cells = screen.rows(in: 0..<screen.count)
        return GenericListController<Numbered, ColumnsRow>(
            title: "plain", items: cells.indices.map(Numbered.init), columns: screen.columns
        ) { row, item in
            row = ColumnsRow(cells: cells[item.id])
        } select: { _ in
            .none
        }
    }

    /// A random file of ``rows`` rows, opened; `scratch` holds it for the test.
    static func opened(seed: UInt64, in scratch: Scratch) async throws -> Opened {
        var random = SeededRandom(seed: seed)
        let opened = try await open(try scratch.write("pieces-\(seed).csv", file(&random)))
        try #require(opened.screen.count == rows)
        return opened
    }

    @Test func freqAndStatsOfPiecesAnswerAsOnePassOverTheCells() async throws {
        let scratch = try Scratch()
        let screen = try await Self.opened(seed: 20_261_202, in: scratch).screen
        #expect(screen.store is any PiecewiseValueStore)
        let plain = Self.plain(screen)

        for column in screen.columns {
            await Self.letOthersRun()
            let fast = try ColumnAnalysis.frequencies(of: column, in: screen)
            let slow = try ColumnAnalysis.frequencies(of: column, in: plain)
            #expect(fast == slow, "freq \(column.name)")
            // The freq screen lists the answer as it is: each value is known by its rank.
            #expect(fast.map(\.id) == Array(fast.indices), "freq \(column.name)")
            #expect(slow.map(\.id) == Array(slow.indices), "freq \(column.name)")
        }
        // é composed and decomposed are one value, shown as its first row writes it.
        let names = try ColumnAnalysis.frequencies(of: screen.column(named: "名稱"), in: screen)
        #expect(names.filter { $0.value == .text("\u{E9}cole") }.count == 1)
        await Self.letOthersRun()
        #expect(try ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))

        // Over a sorted, narrowed view: the pieces follow the view's order.
        for list in [screen, plain] as [any ListScreen] {
            try list.applySort(SortOrder(column: "代號", descending: true))
            try list.applyWhere(try WhereParser.parse("組 != g2", columns: list.columns))
        }
        await Self.letOthersRun()
        #expect(try ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))
        for name in ["名稱", "收盤價", "組", "時刻", "時間", "量", "日期"] {
            await Self.letOthersRun()
            let column = try screen.column(named: name)
            #expect(
                try ColumnAnalysis.frequencies(of: column, in: screen)
                    == ColumnAnalysis.frequencies(of: column, in: plain), "freq \(name) sorted")
        }
    }

    /// A chart's points read in pieces are one pass's: every point in order, the rows whose
    /// text says how digits are grouped, the axis' ends (the first of equals) and its clock.
    @Test func chartOfPiecesReadsThePointsOfOnePass() async throws {
        let scratch = try Scratch()
        let screen = try await Self.opened(seed: 20_261_203, in: scratch).screen
        let plain = Self.plain(screen)
        func same(_ words: (y: String, x: String?, bars: String?), _ label: String) throws {
            func request(_ list: any ListScreen) throws -> ChartRequest {
                try ChartRequest(
                    y: list.column(named: words.y), x: words.x.map { try list.column(named: $0) },
                    bars: words.bars.map { try list.column(named: $0) })
            }
            let fast = try ChartData.make(from: screen, request: request(screen))
            let slow = try ChartData.make(from: plain, request: request(plain))
            #expect(fast.count > 1_000, "\(label): \(fast.count) points")
            #expect(fast.xs == slow.xs, "\(label) xs")
            #expect(fast.ys == slow.ys, "\(label) ys")
            #expect(fast.bars == slow.bars, "\(label) bars")
            #expect(fast.yScale == slow.yScale && fast.barScale == slow.barScale, "\(label) scales")
            #expect(fast.yGrouped == slow.yGrouped && fast.barGrouped == slow.barGrouped, "\(label) grouping")
            #expect(fast.xOffset == slow.xOffset, "\(label) clock")
            // Described, so that one instant written at two offsets is two ends.
            #expect(String(describing: fast.xEnds) == String(describing: slow.xEnds), "\(label) ends")
        }
        let charts: [(y: String, x: String?, bars: String?)] = [
            ("收盤價", nil, nil), ("收盤價", "日期", "量"), ("量", "時刻", nil), ("收盤價", "時間", "收盤價"),
        ]
        for chart in charts {
            await Self.letOthersRun()
            try same(chart, "\(chart)")
        }

        // Over a sorted, narrowed view: the pieces follow the view's order.
        for list in [screen, plain] as [any ListScreen] {
            try list.applySort(SortOrder(column: "代號", descending: true))
            try list.applyWhere(try WhereParser.parse("組 != g2", columns: list.columns))
        }
        for chart in charts {
            await Self.letOthersRun()
            try same(chart, "\(chart) sorted")
        }
    }

    /// A chart in the view's order of a file is reduced, as it is read, to the few points each
    /// column of its drawing shows: the drawing is the one every point draws, at every width
    /// and in ASCII, and again after a resize, with the same count of rows and of rows without
    /// a value. The prices make
    /// waves with spikes and gaps (a stretch of `--`, scattered empty fields), some quoted with separators,
    /// after names some of which hold quotes and line breaks.
    @Test func aChartInRowOrderDrawsWhatEveryPointDraws() async throws {
        var random = SeededRandom(seed: 20_261_205)
        let names = ["台積電", "\"say \"\"hi\"\"\"", "\"two\nlines\"", "plain", ""]
        var lines = ["名稱,收盤價,量"]
        for row in 0..<Self.rows {
            // A spike now and then: a column of the drawing shows it only if its greatest row is kept.
            let spike =
                Int.random(in: 0..<300, using: &random) == 0 ? Double(Int.random(in: -250...250, using: &random)) : 0
            let wave =
                600 + 450 * sin(Double(row) / 4_000) + Double(Int.random(in: 0..<100, using: &random)) / 10 + spike
            var price = ExactDecimal(units: Int64((wave * 100).rounded()), scale: 2).formatted(grouping: true)
            if price.contains(",") { price = "\"\(price)\"" } else if row % 3 == 0 { price = "\"\(price)\"" }
            if (40_000..<41_500).contains(row) { price = "--" }
            if Int.random(in: 0..<50, using: &random) == 0 { price = "" }
            lines.append(
                [names[Int.random(in: 0..<names.count, using: &random)], price, String(row % 977)].joined(
                    separator: ","))
        }
        let scratch = try Scratch()
        let screen = try await open(try scratch.write("waves.csv", lines.joined(separator: "\n") + "\n")).screen
        try #require(screen.count == Self.rows)
        let plain = Self.plain(screen)
        func same(_ label: String) throws {
            for (width, ascii) in [(40, false), (80, false), (161, false), (80, true)] {
                let renderer = ChartRenderer(width: width, height: 12, ascii: ascii, style: TextStyle(enabled: false))
                let y = try screen.column(named: "收盤價")
                let reduced = try #require(
                    try screen.chartPoints(
                        for: ChartRequest(y: y), columns: { renderer.dotColumns(for: $0) }, stop: .never))
                let every = try ChartData.make(from: plain, request: ChartRequest(y: try plain.column(named: "收盤價")))
                #expect(reduced.xs.count < every.xs.count / 20, "\(label): \(reduced.xs.count) points")
                #expect(every.ys.contains { $0 != nil }, "\(label): the prices are numbers")
                #expect(reduced.count == every.count && reduced.missing == every.missing, "\(label) counts")
                #expect(reduced.yScale == every.yScale && reduced.yGrouped == every.yGrouped, "\(label) labels")
                #expect(
                    renderer.lines(reduced) == renderer.lines(every), "\(label) at \(width)\(ascii ? " ascii" : "")")
                // The terminal resized: the same chart drawn at another width is every point's too.
                let resized = ChartRenderer(width: 130, height: 20, ascii: ascii, style: TextStyle(enabled: false))
                #expect(resized.lines(reduced) == resized.lines(every), "\(label) from \(width) to 130")
            }
            // A chart against a column, or with bars, is every point's.
            let volume = try screen.column(named: "量")
            #expect(
                try screen.chartPoints(for: ChartRequest(y: volume, x: volume), columns: { _ in 60 }, stop: .never)
                    == nil)
            #expect(
                try screen.chartPoints(for: ChartRequest(y: volume, bars: volume), columns: { _ in 60 }, stop: .never)
                    == nil)
        }
        try same("whole file")
        await Self.letOthersRun()
        for list in [screen, plain] as [any ListScreen] {
            try list.applySort(SortOrder(column: "量", descending: true))
            try list.applyWhere(try WhereParser.parse("名稱 != plain", columns: list.columns))
        }
        try same("sorted, narrowed")
    }

    /// `where` over a large file reads each core's stretch of rows in file order, or of the
    /// view's rows when a filter narrowed it: the rows kept are one pass's, in order, also
    /// around the start of the second stretch.
    @Test func whereOverPiecesKeepsTheRowsOfOnePass() async throws {
        let scratch = try Scratch()
        let screen = try await Self.opened(seed: 20_261_204, in: scratch).screen
        let plain = Self.plain(screen)
        func sameRows(_ label: String) {
            #expect(screen.count == plain.count, "\(label): \(screen.count) rows, one pass \(plain.count)")
            let middle = screen.count / 2
            for range in [0..<20, (middle - 20)..<(middle + 20), (screen.count - 20)..<screen.count] {
                let clamped = range.clamped(to: 0..<min(screen.count, plain.count))
                #expect(
                    screen.rows(in: clamped).map { $0.map(\.cell.text) }
                        == plain.rows(in: clamped).map { $0.map(\.cell.text) }, "\(label): rows \(clamped)")
            }
        }
        for text in ["組 = g1", "收盤價 > 100 and 量 >= 0", "時間 is missing"] {
            await Self.letOthersRun()
            for list in [screen, plain] as [any ListScreen] {
                try list.applyWhere(try WhereParser.parse(text, columns: list.columns))
            }
            sameRows(text)
            // Among the rows a filter kept: the pieces are stretches of the view's rows.
            for list in [screen, plain] as [any ListScreen] {
                try list.applyWhere(nil)
                try list.applyFilter("e")
                try list.applyWhere(try WhereParser.parse(text, columns: list.columns))
            }
            sameRows("/e, then \(text)")
            for list in [screen, plain] as [any ListScreen] {
                try list.applyFilter("")
                try list.applyWhere(nil)
            }
        }
    }

    /// Each step holds the main actor for seconds in a debug build: in between, the tests
    /// running beside these (sessions, loopback downloads) get their turn, where one held it
    /// for two minutes on a loaded machine and a download test waited out its 240 s.
    static func letOthersRun() async {
        await Task.yield()
    }
}
