import LineMode
import ListKit
import Tabular
import TestSupport
import Testing

@testable import FileDatasets

/// The index tells a record's ASCII fields from the rest 64 bytes at a time, and measures and
/// checks only the rest: the widths and the first byte that is not UTF-8 must be those a pass
/// over every field and every byte finds, wherever a field falls against those blocks.
@Suite struct NonASCIIFieldsTests {
    /// The terminal's measure under another identity, and without the count of ASCII bytes: it
    /// measures every field the slow way, so the table cannot answer with what the index kept.
    static let reference = TextWidth { TextWidth.terminal.of(utf8: $0) }

    /// Pieces of field text: ASCII, CJK, a control character and a bidirectional control (wider
    /// on screen than their bytes), an emoji, a combining mark, a quote to be doubled.
    static let pieces: [[UInt8]] = [
        Array("7".utf8), Array("abc".utf8), Array("1,234.5".utf8), Array("台積電".utf8), Array("上櫃".utf8),
        [0x1B], Array("\u{202E}".utf8), Array("😀".utf8), Array("e\u{301}".utf8), Array("\"".utf8),
    ]
    /// Bytes that are not UTF-8: a stray continuation, a lead without its continuation, a
    /// three-byte character cut short, a surrogate, a scalar past U+10FFFF.
    static let bad: [[UInt8]] = [[0x80], [0xC3], [0xE5, 0x8F], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80]]

    /// A record of `columns` fields of 0 to 150 bytes each, some quoted, at most one damaged.
    static func record(columns: Int, damage: Bool, using random: inout SeededRandom) -> [UInt8] {
        var record: [UInt8] = []
        let damaged = damage ? Int.random(in: 0..<columns, using: &random) : -1
        for column in 0..<columns {
            if column > 0 { record.append(UInt8(ascii: ",")) }
            var field: [UInt8] = []
            let length = [0, 3, 20, 70, 150].randomElement(using: &random)!
            while field.count < length { field += pieces.randomElement(using: &random)! }
            if column == damaged {
                // At the start, the end (a character cut by the delimiter) or inside.
                let at = [0, field.count, field.count / 2].randomElement(using: &random)!
                var index = at
                while index > 0, index < field.count, field[index] & 0xC0 == 0x80 { index -= 1 }
                field.insert(contentsOf: bad.randomElement(using: &random)!, at: index)
            }
            let quoted = field.contains(UInt8(ascii: "\"")) || field.contains(UInt8(ascii: ","))
            if quoted || Bool.random(using: &random) {
                record.append(UInt8(ascii: "\""))
                for byte in field {
                    record.append(byte)
                    if byte == UInt8(ascii: "\"") { record.append(byte) }
                }
                record.append(UInt8(ascii: "\""))
            } else {
                record += field
            }
        }
        return record
    }

    @Test func widthsAndTheFirstByteNotUTF8AreThoseOfEveryField() throws {
        var random = SeededRandom(seed: 64)
        for round in 0..<24 {
            // Up to 80 columns: a record of more than 64 fields is read the slow way.
            let columns = [1, 3, 12, 63, 64, 65, 80].randomElement(using: &random)!
            var bytes = Array((0..<columns).map { "c\($0)" }.joined(separator: ",").utf8) + [0x0A]
            let rows = Int.random(in: 20...80, using: &random)
            let damageEvery = round % 3 == 0 ? 0 : Int.random(in: 5...rows, using: &random)
            for row in 0..<rows {
                let damage = damageEvery > 0 && row % damageEvery == damageEvery - 1
                bytes += Self.record(columns: columns, damage: damage, using: &random)
                bytes += row % 7 == 0 ? [0x0D, 0x0A] : [0x0A]
            }
            // Half the files end without a line break: their last block is read from a copy.
            if round % 2 == 0 { bytes.removeLast() }
            let file = FileBytes(copying: bytes)
            let expected = UTF8Validation.firstInvalidByte(in: file.buffer, from: 0)
            #expect((expected == nil) == (damageEvery == 0), "round \(round): the damage is in the file")
            for pieces in 1...3 {
                let table = try TableIndexer.index(
                    name: "t", bytes: file, dialect: .comma, hasHeader: true, progress: nil, pieces: pieces,
                    widths: .terminal)
                let context = "round \(round), \(columns) columns, \(pieces) pieces"
                #expect(table.problems.count == 0, "\(context): every record is well formed")
                #expect(table.firstNonUTF8 == expected, "\(context)")
                let names = table.columns.map(\.name)
                let measured = try #require(table.measuredWidths, "\(context)")
                #expect(measured.widest == table.widestTexts(of: names, rows: nil, width: Self.reference), "\(context)")
            }
        }
    }

    /// Fields whose text is wider on screen than its bytes are long (a control character's
    /// picture is one cell; `<U+202E>` is eight) are measured, not counted.
    @Test func aFieldWiderThanItsBytesIsMeasured() throws {
        let text = "a,b\n1,x\u{202E}\n22,yy\n"
        let table = try TableIndexer.index(
            name: "t", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true,
            progress: nil, widths: .terminal)
        #expect(table.measuredWidths?.widest == [2, 9])
        #expect(table.firstNonUTF8 == nil)
    }
}
