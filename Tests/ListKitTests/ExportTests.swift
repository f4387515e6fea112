import BrowseSupport
import ListKit
import Testing

@Suite struct ExportTests {
    func export(_ format: ExportFormat, _ rows: [[CellValue]]) throws -> String {
        var text = ""
        var exporter = TableExporter(format: format, columns: ["code", "note"]) { text += $0 }
        try exporter.begin()
        for row in rows { try exporter.row(row) }
        try exporter.end()
        return text
    }

    let rows: [[CellValue]] = [
        [.text("2330"), .text("a,b \"q\"")],
        [.decimal(ExactDecimal(units: 104_500, scale: 2)), .missing],
        [.integer(259_327_332_420), .text("tab\there\nline|pipe")],
    ]

    /// An exporter writing bytes (to a file, a pipe) writes exactly the text one writing
    /// `String`s writes, in every format: header, rows, brackets and the markdown rule.
    @Test(arguments: [ExportFormat.csv, .tsv, .json, .markdown])
    func bytesAreTheTextsUTF8(format: ExportFormat) throws {
        var bytes: [UInt8] = []
        var pieces = 0
        var exporter = TableExporter(format: format, columns: ["code", "note"]) { (piece: UnsafeRawBufferPointer) in
            bytes += piece
            pieces += 1
        }
        try exporter.begin()
        for row in rows + [[.text("台積電"), .text("é")]] { try exporter.row(row) }
        try exporter.end()
        let text = try export(format, rows + [[.text("台積電"), .text("é")]])
        #expect(bytes == Array(text.utf8))
        // One piece a row at least: the rows are not gathered into one string first.
        #expect(pieces >= rows.count + 1)
    }

    @Test func csvQuotesWhatNeedsQuotingAndKeepsExactNumbers() throws {
        #expect(
            try export(.csv, rows)
                == "code,note\n2330,\"a,b \"\"q\"\"\"\n1045.00,\n259327332420,\"tab\there\nline|pipe\"\n")
    }

    /// A one-column record of an empty field, and an empty column name, are `""`: an empty
    /// line is no record to a reader, so the row (or the header) would be lost.
    @Test func aLoneEmptyFieldIsQuoted() throws {
        var text = ""
        var exporter = TableExporter(format: .csv, columns: [""]) { text += $0 }
        try exporter.begin()
        for value in [CellValue.text("x"), .missing, .text("")] { try exporter.row([value]) }
        try exporter.end()
        #expect(text == "\"\"\nx\n\"\"\n\"\"\n")
        let writer = ExportRowWriter(format: .csv, columns: ["a"])
        writer.beginRow()
        writer.appendMissing()
        writer.endRow()
        writer.beginRow()
        writer.appendField(Array("".utf8), isNumeric: false)
        writer.endRow()
        #expect(writer.bytes == Array("\"\"\n\"\"\n".utf8))
    }

    @Test func tsvEscapesTabsAndNewlines() throws {
        #expect(
            try export(.tsv, rows) == "code\tnote\n2330\ta,b \"q\"\n1045.00\t\n259327332420\ttab\\there\\nline|pipe\n")
    }

    @Test func jsonHasNumbersNullsAndEscapedStrings() throws {
        let text = try export(.json, rows)
        #expect(
            text == """
                [
                  {"code": "2330", "note": "a,b \\"q\\""},
                  {"code": 1045.00, "note": null},
                  {"code": 259327332420, "note": "tab\\there\\nline|pipe"}
                ]

                """)
        #expect(try export(.json, []) == "[]\n")
    }

    @Test func markdownEscapesPipesAndLineBreaks() throws {
        let text = try export(.markdown, rows)
        #expect(text.contains("| 259327332420 | tab\there<br>line\\|pipe |"))
        #expect(text.hasPrefix("| code | note |\n| --- | --- |\n"))
    }

    /// A quote or a pipe followed by a combining mark is one character to Swift, but a reader
    /// splitting fields sees the quote or the pipe: it is escaped like any other, or the CSV
    /// record and the Markdown table would break there.
    @Test func aQuoteOrAPipeBeforeACombiningMarkIsStillEscaped() throws {
        let rows: [[CellValue]] = [[.text("2330"), .text("a\"\u{301}b|\u{301}c")]]
        #expect(Array(try export(.csv, rows).utf8) == Array("code,note\n2330,\"a\"\"\u{301}b|\u{301}c\"\n".utf8))
        let markdown = Array(try export(.markdown, rows).utf8)
        #expect(markdown.suffix(22) == Array("| 2330 | a\"\u{301}b\\|\u{301}c |\n".utf8))
    }
}
