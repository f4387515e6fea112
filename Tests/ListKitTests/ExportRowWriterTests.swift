import ListKit
import TestSupport
import Testing

/// The byte writer a file export uses writes exactly what `TableExporter` writes for the same
/// cells, whatever the text holds.
@Suite struct ExportRowWriterTests {
    /// Pieces that each format escapes or treats apart: quotes and backslashes, line breaks in
    /// every form, combining marks after a quote or a backslash (one character with it), the
    /// line separators JavaScript cannot hold, control characters, and numbers as JSON writes
    /// them or not.
    static let pieces = [
        "a", "Z", "0", "7", "-", ".", "e", "E", "+", ",", " ", "\"", "\\", "|", "\t", "\n", "\r", "\r\n",
        "\u{301}", "\u{20DD}", "é", "台積電", "👍🏽", "\u{2028}", "\u{2029}", "\u{1}", "\u{1F}", "\u{7F}", "\u{85}",
        "<br>", "1,234.50", "-0.00", "1e3",
    ]

    /// What `TableExporter` writes for one row of `cells`, after `rowsBefore` other rows.
    func expected(_ format: ExportFormat, columns: [String], cells: [Cell], rowsBefore: Int) throws -> [UInt8] {
        var text = ""
        var exporter = TableExporter(format: format, columns: columns) { text += $0 }
        exporter.countRows(rowsBefore)
        try exporter.row(cells: cells)
        return Array(text.utf8)
    }

    @Test(arguments: ExportFormat.allCases)
    func randomRowsMatchTheExporter(format: ExportFormat) throws {
        var random = SeededRandom(seed: 42)
        let columns = ["name", "price", "say \"hi\"", "台"]
        for round in 0..<3_000 {
            var cells: [Cell] = []
            let writer = ExportRowWriter(format: format, columns: columns, rowsBefore: round % 2, capacity: 8)
            writer.beginRow()
            for _ in 0..<Int.random(in: 0...columns.count, using: &random) {
                if Int.random(in: 0..<8, using: &random) == 0 {
                    cells.append(.missing)
                    writer.appendMissing()
                    continue
                }
                let text = (0..<Int.random(in: 0...6, using: &random)).map { _ in
                    Self.pieces.randomElement(using: &random) ?? ""
                }.joined()
                let numeric = Bool.random(using: &random)
                cells.append(.source(numeric ? .integer(1) : .text(text), text: text))
                writer.appendField(Array(text.utf8), isNumeric: numeric)
            }
            // A row shorter than the columns has missing cells at its end.
            while cells.count < columns.count {
                cells.append(.missing)
                writer.appendMissing()
            }
            writer.endRow()
            let wanted = try expected(format, columns: columns, cells: cells, rowsBefore: round % 2)
            #expect(writer.bytes == wanted, "\(cells.map(\.text))")
            if writer.bytes != wanted { return }
        }
    }

    /// A field of each length up to 40 bytes is copied whole (short ones in words that overlap,
    /// long ones at once), beside fields that start and end at other places in the buffer.
    @Test(arguments: ExportFormat.allCases)
    func everyLengthIsCopiedWhole(format: ExportFormat) throws {
        let text = Array("abcdefghijklmnopqrstuvwxyz0123456789ABCDEFGHIJ".utf8)
        for length in 0...40 {
            let writer = ExportRowWriter(format: format, columns: ["a", "b"], capacity: 8)
            writer.beginRow()
            let field = Array(text[(length % 5)..<(length % 5 + length)])
            text.withUnsafeBufferPointer { text in
                writer.appendField(
                    UnsafeBufferPointer(rebasing: text[(length % 5)..<(length % 5 + length)]), isNumeric: false)
                writer.appendField(UnsafeBufferPointer(rebasing: text[3..<(3 + length / 2)]), isNumeric: false)
            }
            writer.endRow()
            let cells: [Cell] = [field, Array(text[3..<(3 + length / 2)])].map { bytes in
                let string = String(decoding: bytes, as: UTF8.self)
                return .source(.text(string), text: string)
            }
            #expect(
                writer.bytes == (try expected(format, columns: ["a", "b"], cells: cells, rowsBefore: 0)), "\(length)")
        }
    }

    @Test func jsonWritesANumberOnlyForANumericCellWrittenAsOne() {
        let writer = ExportRowWriter(format: .json, columns: ["a", "b", "c", "d"])
        writer.beginRow()
        writer.appendField(Array("-0.00".utf8), isNumeric: true)
        writer.appendField(Array("+2.00".utf8), isNumeric: true)
        writer.appendField(Array("12".utf8), isNumeric: false)
        writer.appendField([], isNumeric: false)
        writer.endRow()
        #expect(
            String(decoding: writer.bytes, as: UTF8.self) == #"\#n  {"a": -0.00, "b": "+2.00", "c": "12", "d": null}"#)
    }
}
