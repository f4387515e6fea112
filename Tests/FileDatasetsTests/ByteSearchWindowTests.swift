import TestSupport
import Testing

@testable import FileDatasets

/// A filter's byte search reads a large file a window at a time, letting the pages behind it
/// go: a match across a window's end must be found as a search of the whole buffer finds it.
@Suite struct ByteSearchWindowTests {
    @Test func everyWindowFindsTheRowsOfOneWholeSearch() throws {
        var text = "name,note\n"
        var random = SeededRandom(seed: 20_261_202)
        for row in 0..<3_000 {
            let filler = String(repeating: "x", count: Int.random(in: 0..<9, using: &random))
            let note = row % 7 == 0 ? "台積電" : (row % 11 == 0 ? "TSMC" : "other")
            text += "\(filler)\(row),\(filler)\(note)\(filler)\n"
        }
        let table = try TableIndexer.index(
            name: "notes.csv", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true,
            progress: nil)
        for (needle, caseless) in [(Array("台積電".utf8), false), (Array("tsmc".utf8), true), (Array("1".utf8), false)] {
            let finder = ByteFinder(needle, caseless: caseless)
            let whole = ByteSearch.rows(containing: finder, in: table, window: Int.max / 2)
            #expect(whole.rows.count > 100)
            for window in [1, 2, 3, 5, 8, 13, 64, 1_000] {
                let windowed = ByteSearch.rows(containing: finder, in: table, window: window)
                #expect(windowed.rows == whole.rows, "window \(window), \(String(decoding: needle, as: UTF8.self))")
            }
        }
    }
}
