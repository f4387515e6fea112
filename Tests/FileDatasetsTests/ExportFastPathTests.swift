import Foundation
import LineMode
import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// A file exports from its bytes (its store writes the rows) exactly as it exports
/// through its rows' cells: every quirk a field can have, in every format, for every view.
@Suite @MainActor struct ExportFastPathTests {
    /// Fields as a CSV file writes them, with the quirks an export must keep or escape.
    nonisolated static let texts = [
        "abc", "a b", "", "--", "台積電", "日本語テキスト", "e\u{301}", "👍🏽", "ab\"cd", "\"ab\"cd", "\"say \"\"hi\"\", twice\"",
        "\"line\nbreak\"", "\"crlf\r\nx\"", "\"cr\rx\"", "\"tab\tx\"", "back\\slash", "pipe|x", "\"a\"\"\u{301}b\"",
        "\\\u{301}", "|\u{301}", "\"\n\u{301}\"", "x\u{2028}y", "ctl\u{1}\u{7F}", "\"台\"\"積\"", "\"\"", "  ",
        "\"1,234.50\"",
        "semi;colon", "<br>",
    ]
    /// Numbers as files write them; a few that are not numbers to this column (under 1%).
    nonisolated static let numbers = [
        "1045.00", "-0.00", "+2.00", "0", "-12", "0.5", "\"1,234.50\"", "\"14,304,763\"", " 0.00", "12", "3.25", "--",
        "",
    ]
    nonisolated static let oddNumbers = [
        "1e3", "007", "12345678901234567890", "0.1234567890123", "X0.00", "1.5E+3", "-0",
    ]

    /// A file of `rows` records in `delimiter`-separated form: a byte order mark, a header
    /// with a name twice, rows of random quirks, some too short or too long (skipped), blank
    /// lines, and (past the first 64 KB, which must be UTF-8) bytes that are not UTF-8.
    nonisolated static func file(rows: Int, delimiter: String, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        var bytes = Array(
            "\u{FEFF}名稱\(delimiter)price\(delimiter)volume\(delimiter)note\(delimiter)code\(delimiter)note\n".utf8)
        for row in 0..<rows {
            func number() -> String {
                Int.random(in: 0..<300, using: &random) == 0
                    ? oddNumbers.randomElement(using: &random) ?? "" : numbers.randomElement(using: &random) ?? ""
            }
            func text() -> String { texts.randomElement(using: &random) ?? "" }
            var fields = [text(), number(), number(), text(), text(), text()]
            switch Int.random(in: 0..<200, using: &random) {
            case 0: fields.removeLast(2)
            case 1: fields.append(text())
            case 2: fields = []
            default: break
            }
            bytes += Array(fields.joined(separator: delimiter).utf8)
            if bytes.count > 70_000, row % 97 == 0 { bytes += [0xFF, UInt8(ascii: "x"), 0xC3] }
            bytes += Array((row % 5 == 0 ? "\r\n" : "\n").utf8)
        }
        return bytes
    }

    /// The view exported in `format` the fast way (checking that it was taken) and through the
    /// rows' cells.
    func exports(_ screen: GenericListController<FileRow, ColumnsRow>, _ format: ExportFormat) throws -> (
        fast: [UInt8], cells: [UInt8]
    ) {
        let columns = screen.columnChoice.exported(screen.columns).map(\.name)
        let answered = try screen.store.export(format: format, columns: columns, at: screen.store.view) { _, _ in }
        // The exporter reaches the table's own export through the screen.
        let taken = try (screen as any ListScreen as? any RowExporting)?.exportRows(format: format, columns: columns) {
            _, _ in
        }
        #expect(taken == true, "an export of the screen takes the table's way")
        var fast: [UInt8] = []
        let fastCount = try ViewExporter.export(screen, format: format) { (bytes: UnsafeRawBufferPointer) in
            fast += bytes
        }
        var cells: [UInt8] = []
        let cellCount = try ViewExporter.export(screen, format: format, throughCells: true) {
            (bytes: UnsafeRawBufferPointer) in
            cells += bytes
        }
        #expect(answered, "the table wrote the rows")
        #expect(fastCount == cellCount)
        return (fast, cells)
    }

    /// Every format of the view as it is, then narrowed, sorted and with columns left out.
    func expectSameExports(_ screen: GenericListController<FileRow, ColumnsRow>, _ file: String) throws {
        func check(_ view: String) throws {
            for format in ExportFormat.allCases {
                let (fast, cells) = try exports(screen, format)
                let same = fast == cells
                #expect(same, "\(file), \(view), \(format)")
                if let index = zip(fast, cells).enumerated().first(where: { $0.element.0 != $0.element.1 })?.offset {
                    let from = max(0, index - 60)
                    Issue.record(
                        """
                        first difference at byte \(index):
                        fast:  \(String(decoding: fast[from..<min(fast.count, index + 60)], as: UTF8.self).debugDescription)
                        cells: \(String(decoding: cells[from..<min(cells.count, index + 60)], as: UTF8.self).debugDescription)
                        """)
                }
            }
        }
        try check("every row")
        try screen.applyFilter("a")
        try screen.applySort(SortOrder(column: "price", descending: true))
        try check("filtered and sorted")
        var hidden = ColumnChoice()
        hidden.hidden = ["volume"]
        screen.columnChoice = hidden
        try check("a column hidden")
        var only = ColumnChoice()
        only.order = ["note", "price", "名稱"]
        screen.columnChoice = only
        try check("only some columns, reordered")
        try screen.applyFilter("")
        try screen.applySort(nil)
        screen.columnChoice = ColumnChoice()
        try screen.applyWhere(try WhereParser.parse("price > 0", columns: screen.columns))
        try check("where")
    }

    @Test func aCSVFileOfEveryQuirkExportsAsItsCellsDo() async throws {
        let scratch = try Scratch()
        // Rows for several blocks, and past the first 64 KB.
        let path = try scratch.write("quirks.csv", bytes: Self.file(rows: 6_000, delimiter: ",", seed: 1))
        let opened = try await open(path)
        #expect(opened.failure == nil)
        #expect(opened.screen.count > 5_000)
        #expect(opened.screen.columns.map(\.kind)[1] != .text, "price is numeric, so JSON writes numbers")
        try expectSameExports(opened.screen, "quirks.csv")
    }

    /// One block made ahead of the writer (each made while the one before is written) gives
    /// the bytes and blocks that many made ahead give, in order, for rows in file order and not.
    @Test nonisolated func blocksMadeAheadAreWrittenInOrder() throws {
        let bytes = Self.file(rows: 9_000, delimiter: ",", seed: 3)
        let table = try TableIndexer.index(
            name: "quirks.csv", bytes: FileBytes(copying: bytes), dialect: .comma, hasHeader: true, progress: nil)
        let names = table.columns.map(\.name)
        for format in ExportFormat.allCases {
            func export(aheadBlocks: Int?, rows: [Int]?) throws -> ([UInt8], [Int]) {
                var written: [UInt8] = []
                var blocks: [Int] = []
                try table.export(format: format, columns: names, rows: rows, aheadBlocks: aheadBlocks) { bytes, count in
                    written += bytes
                    blocks.append(count)
                }
                return (written, blocks)
            }
            let ahead = try export(aheadBlocks: nil, rows: nil)
            let oneAhead = try export(aheadBlocks: 1, rows: nil)
            #expect(oneAhead.0 == ahead.0, "\(format)")
            #expect(oneAhead.1 == ahead.1 && ahead.1.allSatisfy { $0 <= ExportRowLimits.blockRows })
            #expect(ahead.1.reduce(0, +) == table.rowCount)
            let reversed = Array((0..<table.rowCount).reversed())
            #expect(try export(aheadBlocks: 2, rows: reversed).0 == export(aheadBlocks: nil, rows: reversed).0)
        }
    }

    /// A write that fails (a closed pipe, a full disk) stops the export with its error: the
    /// blocks before it were written once each, none after it, and the workers making blocks
    /// ahead are not left waiting.
    @Test(arguments: [0, 1, 2, nil] as [Int?])
    nonisolated func aFailedWriteStopsTheExportWithItsError(aheadBlocks: Int?) throws {
        struct Closed: Error {}
        let bytes = Self.file(rows: 20_000, delimiter: ",", seed: 4)
        let table = try TableIndexer.index(
            name: "quirks.csv", bytes: FileBytes(copying: bytes), dialect: .comma, hasHeader: true, progress: nil)
        let names = table.columns.map(\.name)
        var rows = 0
        var calls = 0
        #expect(throws: Closed.self) {
            try table.export(format: .csv, columns: names, rows: nil, aheadBlocks: aheadBlocks) { _, count in
                calls += 1
                if calls == 3 { throw Closed() }
                rows += count
            }
        }
        #expect(calls == 3)
        #expect(rows == 2 * ExportRowLimits.blockRows)
        // The table exports whole again afterwards.
        var again = 0
        try table.export(format: .csv, columns: names, rows: nil) { _, count in again += count }
        #expect(again == table.rowCount)
    }

    @Test func aTSVFileExportsAsItsCellsDo() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("quirks.tsv", bytes: Self.file(rows: 2_000, delimiter: "\t", seed: 2))
        let opened = try await open(path)
        #expect(opened.failure == nil)
        try expectSameExports(opened.screen, "quirks.tsv")
    }

    @Test func aJSONFileExportsAsItsCellsDo() async throws {
        let scratch = try Scratch()
        var objects: [String] = []
        for index in 0..<500 {
            let note = ["\"say \\\"hi\\\"\"", "\"台積電\"", "\"line\\nbreak\"", "null", "\"a,b|c\\\\d\"", "\"\\u2028\""][
                index % 6]
            let price = ["1045.5", "-0.5", "12", "null", "\"1,234.50\"", "0"][index % 6]
            objects.append(#"{"name": "row \#(index)", "price": \#(price), "note": \#(note)}"#)
        }
        objects.append(#"{"name": "short"}"#)
        let path = try scratch.write("rows.json", "[" + objects.joined(separator: ",\n") + "]")
        let opened = try await open(path)
        #expect(opened.failure == nil)
        #expect(opened.screen.count == 501)
        try expectSameExports(opened.screen, "rows.json")
    }
}
