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
        for (count, column) in [(110_000, "name"), (30_000, "amount"), (14_000, "name"), (300, "amount")] {
            let rows = Array((0..<table.rowCount).shuffled(using: &random).prefix(count))
            let index = try #require(table.column(named: column))
            let texts = try #require(table.texts(of: column, rows: rows, stop: .never))
            #expect(texts == rows.map { shown[$0][index] }, "\(count) rows of \(column)")
        }
        // A row asked for twice is read in the order asked.
        let twice = Array(0..<10_000) + [7]
        #expect(table.texts(of: "name", rows: twice, stop: .never) == twice.map { shown[$0][1] })
    }
}
