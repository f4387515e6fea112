import BrowseSupport
import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// `freq` shows each value as its first row wrote it, reading that field of hundreds of
/// thousands of rows asked for out of order: read in file order or in the order asked, each
/// text is the one the row's cell shows, in the place asked.
@Suite struct TextsOfRowsTests {
    static func table(rows: Int, using random: inout SeededRandom) throws -> FileTable {
        var text = "id,name,amount\n"
        let names = ["台積電", "a \"\"quoted\"\" name", "plain", "", "line\nbreak", "x,y"]
        for row in 0..<rows {
            let name = names.randomElement(using: &random)!
            let quoted = name.contains("\"") || name.contains(",") || name.contains("\n") || Bool.random(using: &random)
            text += "\(row),\(quoted ? "\"\(name)\"" : name),\"\(Int.random(in: 0...9_999_999, using: &random))\"\n"
        }
        return try TableIndexer.index(
            name: "t", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true, progress: nil)
    }

    @Test func manyRowsOutOfOrderAreReadInFileOrderIntoTheirPlaces() throws {
        var random = SeededRandom(seed: 733)
        let table = try Self.table(rows: 110_000, using: &random)
        #expect(table.rowCount == 110_000)
        let shown = (0..<table.rowCount).map { row in table.cells(ofRow: row).map(\.text) }
        // One in eight rows or more (each row of the table notes its place), fewer (sorted with
        // their places), and a page's (read in the order asked).
        let counts = [(110_000, "name"), (30_000, "amount"), (14_000, "name"), (8_000, "amount"), (300, "amount")]
        for (count, column) in counts {
            let rows = Array((0..<table.rowCount).shuffled(using: &random).prefix(count))
            let index = try #require(table.column(named: column))
            let texts = try #require(table.texts(of: column, rows: rows, stop: .never))
            Self.expect(texts, rows.map { shown[$0][index] }, "\(count) rows of \(column)")
        }
        // A row asked for twice gets its text in both places, among few rows or many.
        for twice in [Array(0..<10_000) + [7], Array((0..<20_000).reversed()) + [19_999]] {
            let texts = try #require(table.texts(of: "name", rows: twice, stop: .never))
            Self.expect(texts, twice.map { shown[$0][1] }, "\(twice.count) rows, one twice")
        }
    }

    /// Expects `texts` to be `expected`, naming the first place that differs (the lists are too
    /// long to print).
    static func expect(_ texts: [String], _ expected: [String], _ what: String) {
        let wrong = zip(texts, expected).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(texts.count == expected.count, "\(what): \(texts.count) texts")
        #expect(wrong == nil, "\(what): place \(wrong?.offset ?? 0) holds \(wrong?.element.0 ?? "")")
    }
}
