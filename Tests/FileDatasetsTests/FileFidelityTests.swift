import Foundation
import LineMode
import ListKit
import Testing

@testable import FileDatasets

/// A file as it is: a note quoted across two lines below the rows is a note, not a malformed
/// row; an export's header is the file's, even where the screen needed names of its own.
@MainActor
@Suite struct FileFidelityTests {
    /// TWSE's English STOCK_DAY CSV: a title, the header and rows ending in a comma, then
    /// remarks, one of them quoted across two lines.
    static let englishMonth = """
        "2021/09 2330 Taiwan Semiconductor Manufacturing Co., Ltd. Daily Trading Value and Volume"\r
        "Date","Trade Volume","Trade Value","Opening Price","Highest Price","Lowest Price","Closing Price","Change","Transaction",\r
        "2021/09/01","24,355,016","15,111,367,428","615.00","623.00","613.00","621.00","+6.00","24,118",\r
        "2021/09/02","21,870,142","13,520,618,907","620.00","622.00","616.00","617.00","-4.00","20,452",\r
        "Remarks:"\r
        "1.The trading figures include board lots, odd lots,\r
        after-hours and block trades."\r
        "Symbols: +/-/X = up/down/not compared"\r

        """

    @Test func aNoteQuotedAcrossTwoLinesIsANoteNotAMalformedRow() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("STOCK_DAY_2330_202109_en.csv", Self.englishMonth)
        let opened = try await open(path)
        #expect(opened.notes.isEmpty, "no warning: \(opened.notes)")
        #expect(opened.column("Date") == ["2021/09/01", "2021/09/02"])
        #expect(opened.screen.headerLines.contains("Remarks:"))
        #expect(
            opened.screen.headerLines.contains { $0.contains("after-hours and block trades.") }, "the note is shown")
        // A note across lines between rows is still a problem, and said.
        let middle = try scratch.write("middle.csv", "a,b,c\n1,2,3\n\"x\ny\"\n4,5,6\n")
        let problems = try await open(middle)
        #expect(problems.notes.first?.hasPrefix("middle.csv: skipped 2 malformed rows: line 3 has 1 field") == true)
    }

    /// The export of `path` in `format`, as `export FMT` writes it.
    func export(_ path: String, _ format: ExportFormat) async throws -> String {
        let opened = try await open(path)
        var bytes: [UInt8] = []
        try ViewExporter.export(opened.screen, format: format) { (block: UnsafeRawBufferPointer) in
            bytes += block
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test func anExportKeepsTheFilesHeaderWhereTheScreenNamedColumnsItsOwnWay() async throws {
        let scratch = try Scratch()
        let trailing = try scratch.write("trailing.csv", "a,b,\n1,2,\n3,4,\n")
        let opened = try await open(trailing)
        #expect(opened.screen.columnNames == ["a", "b", "C"], "the screen needs a name for the empty cell")
        #expect(try await export(trailing, .csv) == "a,b,\n1,2,\n3,4,\n", "the file's header, as it is")
        #expect(try await export(trailing, .tsv).hasPrefix("a\tb\t\n"))
        #expect(try await export(trailing, .markdown).hasPrefix("| a | b |  |\n"))
        #expect(
            try await export(trailing, .json).contains("{\"a\": 1, \"b\": 2, \"C\": null}"), "JSON keys are distinct")
        let repeated = try scratch.write("repeated.csv", " price ,price\n1,2\n")
        #expect(try await export(repeated, .csv) == " price ,price\n1,2\n")
    }
}
