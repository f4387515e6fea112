import BrowseSupport
import ListKit
import Testing

@testable import LineMode

/// The `freq` screen's columns are as wide as the widest value, count and percent of the rows
/// it shows, though it measures the counts by the largest alone.
@MainActor
@Suite struct FrequencyScreenTests {
    /// Names held by 12,345 rows, 900 rows, 45 rows and one row each.
    static func names() -> GenericListController<Quote, ColumnsRow> {
        let held = [("台泥", 12_345), ("ab", 900), ("三商美邦人壽", 45), ("x", 1), ("y", 1)]
        let items = held.flatMap { name, rows in Array(repeating: name, count: rows) }.enumerated().map {
            Quote(id: $0.offset, name: $0.element, volume: 0, close: nil)
        }
        return GenericListController(
            title: "names", items: items, columns: [.text("name", \.name, priority: 9, isName: true)])
    }

    /// The widest text of each column over the rows of the screen's view, cell by cell.
    static func measured(_ screen: any ListScreen, _ columns: [String]) -> [Int] {
        let rows = screen.rows(in: 0..<screen.count)
        return columns.map { name in
            rows.map { row in row.first { $0.name == name }.map { DisplayWidth.of($0.cell.text) } ?? 0 }.max() ?? 0
        }
    }

    @Test func theColumnsAreAsWideAsTheRowsTheyShow() throws {
        let list = Self.names()
        let name = try #require(list.columns.first)
        let screen = try AnalysisScreens.frequencies(of: name, in: list, stop: .never)
        let columns = ["name", "count", "percent"]
        let all = try screen.widestTexts(of: columns, width: .terminal, stop: .never)
        #expect(all == Self.measured(screen, columns))
        #expect(all == [12, 6, 5], "三商美邦人壽, 12,345 and 92.88")

        // Without the most frequent name, the counts and percents are narrower.
        try screen.applyWhere(
            .comparison(
                WhereComparison(column: screen.columns[1], comparison: .less, value: .integer(1_000), text: "1000")))
        let fewer = try screen.widestTexts(of: columns, width: .terminal, stop: .never)
        #expect(fewer == Self.measured(screen, columns))
        #expect(fewer == [12, 3, 4], "三商美邦人壽, 900 and 6.77")

        try screen.applyFilter("x")
        #expect(try screen.widestTexts(of: columns, width: .terminal, stop: .never) == [1, 1, 4], "x, 1 and 0.01")
        try screen.applyFilter("nothing like it")
        #expect(try screen.widestTexts(of: columns, width: .terminal, stop: .never) == [0, 0, 0])
    }

    @Test func manyValuesAreMeasuredOnEveryCoreToTheWidest() throws {
        // More values than one core measures alone; the widest comes last, the most frequent
        // first.
        var names = ["most"] + (0..<150_000).map { "n\($0)" } + ["三商美邦人壽 the widest"]
        names.insert("most", at: 2)
        let items = names.enumerated().map { Quote(id: $0.offset, name: $0.element, volume: 0, close: nil) }
        let list = GenericListController(
            title: "names", items: items, columns: [.text("name", \.name, priority: 9, isName: true)])
        let name = try #require(list.columns.first)
        let screen = try AnalysisScreens.frequencies(of: name, in: list, stop: .never)
        #expect(screen.count == 150_002)
        let widest = try screen.widestTexts(of: ["name", "count", "percent"], width: .terminal, stop: .never)
        #expect(widest == [23, 1, 4], "三商美邦人壽 the widest, 2 and 0.00")
        let last = screen.rows(in: (screen.count - 1)..<screen.count).first
        #expect(last?.first { $0.name == "name" }?.cell.text == "三商美邦人壽 the widest")
    }
}
