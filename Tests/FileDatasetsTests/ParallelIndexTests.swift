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

    /// Measured as it is indexed, in any number of pieces, each column's widest text is the
    /// widest a pass over the rows finds: quotes undone, CJK, rows skipped, a piece whose
    /// guessed start fell inside quotes scanned again.
    @Test func widthsMeasuredWhileIndexingAreThoseOfTheRows() throws {
        // Cells by characters, not bytes, so that undone quotes and CJK both count.
        let characters = TextWidth { String(decoding: $0, as: UTF8.self).count }
        let sameMeasure = TextWidth { String(decoding: $0, as: UTF8.self).count }
        var random = SeededRandom(seed: 27)
        for round in 0..<30 {
            var text = "id,note,value\r\n"
            for row in 0..<Int.random(in: 50...400, using: &random) {
                switch Int.random(in: 0..<8, using: &random) {
                case 0: text += "\(row),\"spans\nthree lines of a long note\nhere\",\(row)\r\n"
                case 1: text += "\(row),\"a much longer row that is skipped\"\r\n"
                case 2: text += "\(row),\"\"\"\"\"\"\"\"\"\"\"\"\"\"\",1\r\n"
                case 3: text += "\(row),台積電股份有限公司,\(row * 7)\r\n"
                case 4 where round % 3 == 0: text += "\(row),\"x\"y,2\r\n"
                default: text += "\(row),plain,\(row)\r\n"
                }
            }
            let bytes = FileBytes(copying: Array(text.utf8))
            for pieces in 1...5 {
                let table = try TableIndexer.index(
                    name: "t", bytes: bytes, dialect: .comma, hasHeader: true, progress: nil, pieces: pieces,
                    widths: characters)
                let names = table.columns.map(\.name)
                let measured = try #require(table.measuredWidths, "round \(round), \(pieces) pieces")
                let read = table.widestTexts(of: names, rows: nil, width: sameMeasure)
                #expect(measured.widest == read, "round \(round), \(pieces) pieces")
                #expect(table.widestTexts(of: names, rows: nil, width: characters) == read)
                #expect(
                    table.widestTexts(of: names, rows: Array(0..<table.rowCount).reversed(), width: characters) == read)
            }
        }
    }

    /// The first byte that is not UTF-8, found as the records are read in any number of pieces,
    /// is the first a pass over every byte finds: in a plain field, in quotes across lines, in a
    /// skipped row, after a quote never closed, or nowhere.
    @Test func theFirstByteThatIsNotUTF8IsFoundWhileIndexing() throws {
        var random = SeededRandom(seed: 31)
        let bad: [[UInt8]] = [[0xFF], [0xC3], [0xE5, 0x8F], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]
        for round in 0..<60 {
            var bytes = Array("id,note,value\r\n".utf8)
            for row in 0..<Int.random(in: 50...400, using: &random) {
                let damaged = Int.random(in: 0..<150, using: &random) == 0
                let note = damaged ? Array("x".utf8) + bad.randomElement(using: &random)! : Array("台積電".utf8)
                switch Int.random(in: 0..<6, using: &random) {
                case 0: bytes += Array("\(row),\"spans\n".utf8) + note + Array("\nlines\",\(row)\r\n".utf8)
                case 1: bytes += Array("\(row),".utf8) + note + Array("\r\n".utf8)
                case 2: bytes += Array("\r\n".utf8)
                default: bytes += Array("\(row),".utf8) + note + Array(",\(row)\n".utf8)
                }
            }
            if round % 5 == 0 { bytes += Array("9,\"never closed\n".utf8) + [0xFF] + Array("\n".utf8) }
            let file = FileBytes(copying: bytes)
            let expected = UTF8Validation.firstInvalidByte(in: file.buffer, from: 0)
            for pieces in 1...5 {
                let table = try TableIndexer.index(
                    name: "t", bytes: file, dialect: .comma, hasHeader: true, progress: nil, pieces: pieces)
                #expect(table.firstNonUTF8 == expected, "round \(round), \(pieces) pieces")
            }
        }
    }

    /// The first part of an input still arriving is not measured: its last record, read,
    /// is left out.
    @Test func aPartialIndexMeasuresNothing() throws {
        let bytes = FileBytes(copying: Array("a,b\n1,2\n3,a long cut off".utf8))
        let table = try TableIndexer.index(
            name: "t", bytes: bytes, dialect: .comma, hasHeader: true, progress: nil, partial: true,
            widths: TextWidth { $0.count })
        #expect(table.rowCount == 1)
        #expect(table.measuredWidths == nil)
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
