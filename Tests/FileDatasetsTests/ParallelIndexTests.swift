import ListKit
import Tabular
import TestSupport
import Testing

@testable import FileDatasets

/// Indexing in pieces gives exactly what one pass gives, even when a piece starts inside a
/// quoted field that spans lines.
@Suite struct ParallelIndexTests {
    @Test func piecesAgreeWithOnePass() throws {
        var random = SeededRandom(seed: 4)
        for round in 0..<30 {
            var text = "id,note,value\r\n"
            for row in 0..<Int.random(in: 50...400, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: text += "\(row),\"spans\nthree\nlines\",\(row)\r\n"
                case 1: text += "\(row),short\r\n"
                case 2: text += "\r\n"
                case 3: text += "\(row),\"a \"\"quoted\"\" \nword\",1.5\r\n"
                case 4 where round % 3 == 0: text += "\(row),\"x\"y,2\r\n"
                default: text += "\(row),plain text,\(row * 3)\r\n"
                }
            }
            if round % 4 == 0 { text += "9999,\"never closed\nand more\n" }
            let bytes = FileBytes(copying: Array(text.utf8))
            let single = try TableIndexer.index(
                name: "t", bytes: bytes, dialect: .comma, hasHeader: true, progress: nil, pieces: 1)
            for pieces in 2...7 {
                let split = try TableIndexer.index(
                    name: "t", bytes: bytes, dialect: .comma, hasHeader: true, progress: nil, pieces: pieces)
                #expect(split.allOffsets == single.allOffsets, "round \(round), \(pieces) pieces")
                #expect(split.problems == single.problems, "round \(round), \(pieces) pieces")
                #expect(split.irregularRows == single.irregularRows, "round \(round), \(pieces) pieces")
                #expect(split.notes == single.notes, "round \(round), \(pieces) pieces")
                #expect(split.columns == single.columns, "round \(round), \(pieces) pieces")
            }
        }
    }

    @Test func rowsAreTheRecordsThatFitTheHeader() throws {
        let text = "a,b\n1,2\n\n3,\"x\ny\"\n4\n5,6\n"
        let table = try TableIndexer.index(
            name: "t", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true, progress: nil)
        #expect(table.allOffsets == [4, 9, 19])
        #expect(table.problems.first == [RowProblem(line: 6, kind: .fieldCount(fields: 1, expected: 2))])
        #expect(table.line(ofRow: 1) == 4)
        #expect(table.line(ofRow: 2) == 7)
    }
}

extension FileTable {
    /// Where every row's record starts, in file order.
    var allOffsets: [Int] { (0..<rowCount).map(offset(ofRow:)) }
}
