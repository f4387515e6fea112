import ListKit
import Tabular
import TestSupport
import Testing

@testable import FileDatasets

/// The index reads most records in one pass over their bytes, and the others field by field.
/// Whatever a file holds, the table must be the one a reading of every record field by field
/// gives: its rows, the lines of its problems, its widths, its types and its first byte that
/// is not UTF-8.
@Suite struct SimpleRecordIndexTests {
    /// Field texts: ASCII, numbers in quotes, CJK, an emoji, a combining mark, a bidirectional
    /// control (wider on screen than its bytes), a tab, a control character, an accented
    /// letter (not counted as CJK), and long runs that cross a block of 64 bytes.
    static let texts = [
        "abc", "", "12.5", "\"1,234.50\"", "台積電", "上市", "😀", "e\u{301}", "x\u{202E}", "a\tb", "\u{1B}", "café",
        String(repeating: "x", count: 70), String(repeating: "台", count: 30) + String(repeating: "y", count: 60),
        String(repeating: "z", count: 60) + "上櫃", "\"" + String(repeating: "q,", count: 40) + "\"",
    ]
    /// Fields that make a record other than simple: doubled quotes, a quoted line break, a
    /// stray quote, text after a closing quote.
    static let awkward = ["\"say \"\"hi\"\"\"", "\"line\nbreak\"", "\"crlf\r\nx\"", "ab\"cd", "\"ab\"cd"]
    /// Bytes that are not UTF-8: a stray continuation, a lead without its continuation, a
    /// three-byte character cut short.
    static let bad: [[UInt8]] = [[0x80], [0xC3], [0xE5, 0x8F]]

    /// A file of `rows` records of `columns` fields, far more than the index samples whole, with
    /// every kind of record scattered through it: awkward fields, too few or too many fields,
    /// blank lines, CRLF and lone CR line ends, and (when `damaged`) bytes that are not UTF-8.
    static func file(rows: Int, columns: Int, damaged: Bool, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes = Array((0..<columns).map { "c\($0)" }.joined(separator: ",").utf8) + [0x0A]
        for row in 0..<rows {
            var fields = (0..<columns).map { _ in texts.randomElement(using: &random)! }
            switch Int.random(in: 0..<100, using: &random) {
            case 0: fields[Int.random(in: 0..<columns, using: &random)] = awkward.randomElement(using: &random)!
            case 1: fields.removeLast()
            case 2: fields.append("extra")
            case 3: bytes += [0x0A]
            case 4: bytes += [0x0D, 0x0A]
            default: break
            }
            var record = Array(fields.joined(separator: ",").utf8)
            if damaged, row > 1_500, Int.random(in: 0..<400, using: &random) == 0 {
                record.insert(contentsOf: bad.randomElement(using: &random)!, at: record.count / 2)
            }
            bytes += record
            switch row % 11 {
            case 0: bytes += [0x0D, 0x0A]
            case 5: bytes += [0x0D]
            default: bytes += [0x0A]
            }
        }
        return bytes
    }

    /// What a table tells of its file.
    struct Outcome {
        var offsets: [Int]
        var problems: RowProblems
        var irregularRows: [Int]
        var notes: [String]
        var widest: [Int]?
        var types: [ColumnType]
        var firstNonUTF8: Int?

        init(_ table: FileTable) {
            offsets = (0..<table.rowCount).map(table.offset(ofRow:))
            problems = table.problems
            irregularRows = table.irregularRows
            notes = table.notes
            widest = table.measuredWidths?.widest
            types = table.columns.map(\.type)
            firstNonUTF8 = table.firstNonUTF8
        }

        /// What differs from `other`, briefly: the first row that starts elsewhere, not two
        /// lists of thousands.
        func differences(from other: Outcome) -> [String] {
            var found: [String] = []
            if let row = zip(offsets, other.offsets).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset
            {
                found.append("row \(row) starts at \(offsets[row]), not \(other.offsets[row])")
            } else if offsets.count != other.offsets.count {
                found.append("\(offsets.count) rows, not \(other.offsets.count)")
            }
            if problems != other.problems { found.append("problems \(problems), not \(other.problems)") }
            if irregularRows != other.irregularRows { found.append("irregular rows differ") }
            if notes != other.notes { found.append("notes \(notes), not \(other.notes)") }
            if widest != other.widest { found.append("widths \(widest ?? []), not \(other.widest ?? [])") }
            if types != other.types { found.append("types \(types), not \(other.types)") }
            if firstNonUTF8 != other.firstNonUTF8 {
                found.append("first byte not UTF-8 at \(firstNonUTF8 ?? -1), not \(other.firstNonUTF8 ?? -1)")
            }
            return found
        }
    }

    func outcomes(_ bytes: [UInt8], dialect: CSVDialect = .comma, pieces: Int, widths: TextWidth?) throws -> (
        simple: Outcome, byField: Outcome
    ) {
        let file = FileBytes(copying: bytes)
        func index(simple: Bool) throws -> Outcome {
            Outcome(
                try TableIndexer.index(
                    name: "t", bytes: file, dialect: dialect, hasHeader: true, progress: nil, pieces: pieces,
                    widths: widths, simpleRecords: simple))
        }
        return (try index(simple: true), try index(simple: false))
    }

    @Test(arguments: [2, 5, 12, 40])
    func aTableIsTheSameReadEitherWay(columns: Int) throws {
        for (seed, damaged) in [(UInt64(columns), false), (UInt64(columns) + 100, true)] {
            var bytes = Self.file(rows: 4_000, columns: columns, damaged: damaged, seed: seed)
            // Every other file ends without a line break, its last block read near the end.
            if damaged { bytes.removeLast() }
            for pieces in [1, 3] {
                for widths in [TextWidth.terminal, nil] {
                    let (simple, byField) = try outcomes(bytes, pieces: pieces, widths: widths)
                    let context = "\(columns) columns, damaged \(damaged), \(pieces) pieces, measured \(widths != nil)"
                    #expect(simple.offsets.count > 3_500, "\(context): most rows are kept")
                    #expect(simple.problems.count > 0, "\(context): some rows are skipped")
                    #expect((simple.firstNonUTF8 != nil) == damaged, "\(context)")
                    let differences = simple.differences(from: byField)
                    #expect(differences.isEmpty, "\(context): \(differences)")
                }
            }
        }
    }

    /// A pass over every row's values reads runs of simple records as one stream of blocks
    /// (`stats`), or one field of each record by the record's marks (`freq`): whatever the file
    /// holds, each row's values must be its cells', in order, with no row left out or read
    /// twice.
    @Test(arguments: [2, 12, 40])
    func aPassOverEveryRowGivesEachRowItsCells(columns: Int) throws {
        var bytes = Self.file(rows: 4_000, columns: columns, damaged: true, seed: UInt64(columns) + 200)
        bytes.removeLast()
        let table = try TableIndexer.index(
            name: "t", bytes: FileBytes(copying: bytes), dialect: .comma, hasHeader: true, progress: nil, pieces: 2,
            widths: nil)
        let names = table.columns.map(\.name)
        // Every column, two out of order as a question of two columns asks, and each column
        // alone, as `freq` asks.
        for wanted in [names, [names[columns - 1], names[0]]] + names.map({ [$0] }) {
            let pieces = table.valuePieces(of: wanted, rows: nil, stop: .never) { start, read in
                var rows: [[String]] = []
                read { values in rows.append(values.map { "\($0.cellValue)" }) }
                return (start: start, rows: rows)
            }
            let visited = try #require(pieces).compactMap { $0 }.sorted { $0.start < $1.start }.flatMap(\.rows)
            #expect(visited.count == table.rowCount, "\(columns) columns")
            let indexes = wanted.compactMap(table.column(named:))
            let wrong = (0..<min(visited.count, table.rowCount)).first { row in
                let cells = table.cells(ofRow: row)
                return visited[row] != indexes.map { "\(cells[$0].value)" }
            }
            #expect(wrong == nil, "\(columns) columns: row \(wrong ?? -1) of \(wanted.count) columns")
        }
    }

    @Test func aTabSeparatedTableIsTheSameReadEitherWay() throws {
        // A field holding a tab is two fields here: those rows are too wide.
        let text = (0..<3_000).map { row in
            ["台積電", "\(row)", "e\u{301}x", row % 500 == 7 ? "a\tb" : "ab"].joined(separator: "\t")
        }
        let bytes = Array((["名稱\t代號\t註\t尾"] + text).joined(separator: "\n").utf8) + [0x0A]
        let (simple, byField) = try outcomes(bytes, dialect: .tab, pieces: 2, widths: .terminal)
        #expect(simple.problems.count == 6)
        #expect(simple.offsets.count == 2_994)
        #expect(simple.widest == [6, 4, 2, 2])
        #expect(simple.differences(from: byField).isEmpty, "\(simple.differences(from: byField))")
    }

    @Test func aQuotedFieldIsAsWideAsItsContent() throws {
        // The widest fields of each column are quoted and short, in rows all over the file past
        // those read field by field for the columns' types, and the rows end in CR LF: the
        // quotes are not counted.
        let text = (0..<3_000).map { row in
            row % 97 == 5 ? "\"上櫃上櫃\",\"abcdefgh\",1\r" : "\"台泥\",\"ab\",\(row % 10)\r"
        }
        let bytes = Array((["名稱,代號,尾\r"] + text).joined(separator: "\n").utf8) + [0x0A]
        let (simple, byField) = try outcomes(bytes, pieces: 2, widths: .terminal)
        #expect(simple.offsets.count == 3_000)
        #expect(simple.widest == [8, 8, 1])
        #expect(simple.differences(from: byField).isEmpty, "\(simple.differences(from: byField))")
        // One column, each line a field and a CR LF: the LF ends no field of its own.
        let single = (0..<3_000).map { "\"\($0 * 37)\"" }
        let lines = Array((["代號"] + single).joined(separator: "\r\n").utf8) + [0x0D, 0x0A]
        let (one, oneByField) = try outcomes(lines, pieces: 1, widths: .terminal)
        #expect(one.offsets.count == 3_000)
        #expect(one.widest == [6])
        #expect(one.differences(from: oneByField).isEmpty, "\(one.differences(from: oneByField))")
    }
}
