import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// `where`, `freq` and `stats` over a file read values from its bytes: they must answer as the
/// same questions asked of the rows' cells do.
@MainActor
@Suite struct QueryEquivalenceTests {
    struct Numbered: Identifiable {
        let id: Int
    }

    /// A file of typed columns with the quirks of exchange data: thousands separators, signs,
    /// `--` for no value, quoted fields, CJK text, dates, date-times (with offsets and without,
    /// one instant written several ways) and times of day.
    static func randomFile(_ random: inout SeededRandom, rows: Int) -> String {
        let names = ["台積電", "台泥", "鴻海", "ａ股", "Foo, Inc.", "\"quoted\"", ""]
        let markets = ["上市", "上櫃", "興櫃"]
        var lines = ["日期,名稱,市場,收盤價,成交股數,漲跌,時間,時刻"]
        for _ in 0..<rows {
            let day = Int.random(in: 1...28, using: &random)
            let date = "2024-0\(Int.random(in: 1...9, using: &random))-\(day < 10 ? "0" : "")\(day)"
            let name = names[Int.random(in: 0..<names.count, using: &random)]
            let quotedName =
                name.contains(",") || name.contains("\"") ? "\"\(name.replacing("\"", with: "\"\""))\"" : name
            let price =
                Int.random(in: 0..<10, using: &random) == 0
                ? "--"
                : "\"\(Int.random(in: 0..<3, using: &random)),\(Int.random(in: 100...999, using: &random)).\(Int.random(in: 10...99, using: &random))\""
            let volume =
                Int.random(in: 0..<8, using: &random) == 0 ? "" : String(Int.random(in: 0...5_000, using: &random))
            let change = ["+1.50", "-0.25", "0.00", "--", "+12.00"][Int.random(in: 0..<5, using: &random)]
            let hour = Int.random(in: 10..<15, using: &random)
            let at = [
                "2024-06-03T\(hour):30:00+08:00", "2024-06-03T0\(hour - 8):30:00Z", "2024-06-03 \(hour):30",
                "2024-06-03T\(hour):30:00.5", "--", "",
            ][Int.random(in: 0..<6, using: &random)]
            let clock = ["\(hour):30", "\(hour):30:00", "\(hour):30:00.125", "--"][
                Int.random(in: 0..<4, using: &random)]
            lines.append(
                [date, quotedName, markets[Int.random(in: 0..<3, using: &random)], price, volume, change, at, clock]
                    .joined(separator: ","))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    @Test func whereFreqAndStatsAnswerAsTheCellsDo() async throws {
        var random = SeededRandom(seed: 20_261_130)
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("typed.csv", Self.randomFile(&random, rows: 3_000)))
        let screen = opened.screen
        let cells = screen.rows(in: 0..<screen.count)
        let columns = screen.columns
        #expect(columns.map(\.kind).suffix(2) == [.dateTime, .time])
        // The same rows with no fast path: every question goes through the cells.
        let plain = GenericListController<Numbered, ColumnsRow>(
            title: "plain", items: cells.indices.map(Numbered.init), columns: columns
        ) { row, item in
            row = ColumnsRow(cells: cells[item.id])
        } select: { _ in
            .none
        }

        for text in [
            "收盤價 > 1000", "收盤價 <= 500.5 and 成交股數 >= 2500", "市場 = 上櫃 or 漲跌 < 0", "名稱 ~ 台", "名稱 !~ 台",
            "not (日期 >= 2024-05-01)", "收盤價 != 1,234.56", "成交股數 = 0", "名稱 = \"foo, inc.\"", "漲跌 > 0",
            "時間 >= 2024-06-03T12:00", "時間 < 2024-06-03T04:30Z", "時間 = 2024-06-03T13:30+08:00", "時間 is missing",
            "時間 ~ 12:30", "時刻 >= 12:30", "時刻 = 11:30:00", "時刻 < 13:30:00.1 and 時間 >= 2024-06-03",
            // A side left unread must not shift the columns of the comparisons after it.
            "(市場 = 上櫃 and 漲跌 < 0) or 收盤價 > 1000", "not (市場 = 上市 or 名稱 ~ 台) and 成交股數 >= 2500",
            "市場 = 上市 and (漲跌 > 0 or 時刻 < 12:00) and 名稱 ~ 台",
        ] {
            let expression = try WhereParser.parse(text, columns: columns)
            let expected = cells.filter { row in
                expression.matches { column in row.first { $0.name == column.name }?.cell.value ?? .missing }
            }.map { $0.map(\.cell.text) }
            try screen.applyWhere(expression)
            #expect(opened.texts == expected, "where \(text)")
            try screen.applyFilter("台")
            try plain.applyWhere(expression)
            try plain.applyFilter("台")
            #expect(
                opened.texts == plain.rows(in: 0..<plain.count).map { $0.map(\.cell.text) }, "where \(text) with /台")
            try screen.applyFilter("")
            try plain.applyFilter("")
        }
        try screen.applyWhere(nil)
        try plain.applyWhere(nil)

        for column in columns {
            let fast = try ColumnAnalysis.frequencies(of: column, in: screen)
            let slow = try ColumnAnalysis.frequencies(of: column, in: plain)
            #expect(fast == slow, "freq \(column.name)")
        }
        #expect(try ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))
        try screen.applySort(SortOrder(column: "收盤價", descending: true))
        try plain.applySort(SortOrder(column: "收盤價", descending: true))
        try screen.applyWhere(try WhereParser.parse("市場 = 上市", columns: columns))
        try plain.applyWhere(try WhereParser.parse("市場 = 上市", columns: columns))
        #expect(try ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))
        #expect(
            try ColumnAnalysis.frequencies(of: columns[1], in: screen)
                == ColumnAnalysis.frequencies(of: columns[1], in: plain))
    }

    @Test func freqCountsANumberAsWhereFindsItWhateverItsSpelling() async throws {
        // One number written as an integer and as decimals of several scales: `where 量 = 2`
        // finds 2, 2.0 and 2.00, so `freq` must count them as one value, and `stats` once.
        let spellings = [
            "2", "2.0", "2.00", "-2", "-2.0", "1.5", "1.50", "0", "0.00", "-0", "3", "\"1,000\"", "1000.0",
        ]
        var random = SeededRandom(seed: 20_261_207)
        let lines = (0..<2_000).map { _ in spellings[Int.random(in: 0..<spellings.count, using: &random)] }
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("spellings.csv", "量\n" + lines.joined(separator: "\n") + "\n"))
        let screen = opened.screen
        let column = try #require(screen.columns.first)
        let counts = try ColumnAnalysis.frequencies(of: column, in: screen)
        #expect(counts.count == 6, "2, -2, 1.5, 0, 3 and 1000: \(counts.map(\.text))")
        #expect(counts.reduce(0) { $0 + $1.count } == lines.count)
        for entry in counts {
            try screen.applyWhere(try WhereParser.parse("量 = \(entry.value.exportText)", columns: screen.columns))
            #expect(screen.count == entry.count, "freq counts \(entry.text) \(entry.count) times")
            // The value is shown as the first row holding it wrote it.
            #expect(entry.text == screen.rows(in: 0..<1).first?.first?.cell.text)
        }
        try screen.applyWhere(nil)
        #expect(try ColumnAnalysis.statistics(of: screen).first?.distinct == 6)
    }
}
