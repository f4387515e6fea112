import ListKit
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
    /// `--` for no value, quoted fields, CJK text, dates.
    static func randomFile(_ random: inout SeededRandom, rows: Int) -> String {
        let names = ["台積電", "台泥", "鴻海", "ａ股", "Foo, Inc.", "\"quoted\"", ""]
        let markets = ["上市", "上櫃", "興櫃"]
        var lines = ["日期,名稱,市場,收盤價,成交股數,漲跌"]
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
            lines.append(
                [date, quotedName, markets[Int.random(in: 0..<3, using: &random)], price, volume, change].joined(
                    separator: ","))
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
        ] {
            let expression = try WhereParser.parse(text, columns: columns)
            let expected = cells.filter { row in
                expression.matches { column in row.first { $0.name == column.name }?.cell.value ?? .missing }
            }.map { $0.map(\.cell.text) }
            screen.applyWhere(expression)
            #expect(opened.texts == expected, "where \(text)")
            screen.applyFilter("台")
            plain.applyWhere(expression)
            plain.applyFilter("台")
            #expect(
                opened.texts == plain.rows(in: 0..<plain.count).map { $0.map(\.cell.text) }, "where \(text) with /台")
            screen.applyFilter("")
            plain.applyFilter("")
        }
        screen.applyWhere(nil)
        plain.applyWhere(nil)

        for column in columns {
            let fast = try ColumnAnalysis.frequencies(of: column, in: screen)
            let slow = try ColumnAnalysis.frequencies(of: column, in: plain)
            #expect(fast == slow, "freq \(column.name)")
        }
        #expect(ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))
        try screen.applySort(SortOrder(column: "收盤價", descending: true))
        try plain.applySort(SortOrder(column: "收盤價", descending: true))
        screen.applyWhere(try WhereParser.parse("市場 = 上市", columns: columns))
        plain.applyWhere(try WhereParser.parse("市場 = 上市", columns: columns))
        #expect(ColumnAnalysis.statistics(of: screen) == ColumnAnalysis.statistics(of: plain))
        #expect(
            try ColumnAnalysis.frequencies(of: columns[1], in: screen)
                == ColumnAnalysis.frequencies(of: columns[1], in: plain))
    }
}
