import Testing

@testable import Tabular

@Suite struct CSVScannerTests {
    private func fields(_ text: String, _ dialect: CSVDialect = .comma) -> [[String]] {
        CSVScanner.records(in: text, dialect: dialect).records.map(\.fields)
    }

    private func lines(_ text: String) -> [Int] {
        CSVScanner.records(in: text).records.map(\.line)
    }

    @Test func plainFieldsAndRecords() {
        #expect(fields("a,b,c\n1,2,3\n") == [["a", "b", "c"], ["1", "2", "3"]])
    }

    @Test func lastRecordWithoutLineEnd() {
        #expect(fields("a,b\n1,2") == [["a", "b"], ["1", "2"]])
    }

    @Test func quotedFieldHoldsDelimiter() {
        #expect(fields("\"14,304,763\",x\n") == [["14,304,763", "x"]])
    }

    @Test func doubledQuotesAreOneQuote() {
        #expect(fields("\"say \"\"hi\"\"\",end\n") == [["say \"hi\"", "end"]])
        #expect(fields("\"\"\"\"\n") == [["\""]])
    }

    @Test func quotedFieldHoldsLineBreaksAndLaterLineNumbersCountThem() {
        let text = "id,note\n1,\"two\nlines\"\n2,\"crlf\r\ninside\"\r\n3,last\n"
        let document = CSVScanner.records(in: text)
        #expect(
            document.records.map(\.fields) == [
                ["id", "note"], ["1", "two\nlines"], ["2", "crlf\r\ninside"], ["3", "last"],
            ])
        #expect(document.records.map(\.line) == [1, 2, 4, 6])
        #expect(document.issues.isEmpty)
    }

    @Test func crlfAndLoneCRLineEnds() {
        #expect(fields("a,b\r\n1,2\r\n") == [["a", "b"], ["1", "2"]])
        #expect(lines("a\r\nb\r\nc") == [1, 2, 3])
        #expect(fields("a\rb\r") == [["a"], ["b"]])
    }

    @Test func byteOrderMarkIsSkipped() {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("公司代號,名稱\r\n2330,台積電\r\n".utf8)
        let document = CSVScanner.records(in: bytes)
        #expect(document.hadByteOrderMark)
        #expect(document.records.first?.fields.first == "公司代號")
        #expect(document.records.map(\.line) == [1, 2])
    }

    @Test func emptyFieldsAndTrailingDelimiter() {
        #expect(fields(",,\n") == [["", "", ""]])
        #expect(fields("\"a\",\"\",\n") == [["a", "", ""]])
        #expect(fields("a,b,") == [["a", "b", ""]])
    }

    @Test func blankLinesAreSkippedButCounted() {
        let document = CSVScanner.records(in: "a\n\n\nb\n\n")
        #expect(document.records.map(\.fields) == [["a"], ["b"]])
        #expect(document.records.map(\.line) == [1, 4])
    }

    @Test func blankLinesAreRecordsWhenAsked() {
        let dialect = CSVDialect(delimiter: UInt8(ascii: ","), skipsBlankLines: false)
        #expect(fields("a\n\nb\n", dialect) == [["a"], [""], ["b"]])
    }

    @Test(arguments: [
        (CSVDialect.tab, "a\tb,c\t\"d\te\"\n"),
        (CSVDialect.semicolon, "a;b,c;\"d;e\"\n"),
        (CSVDialect.pipe, "a|b,c|\"d|e\"\n"),
    ])
    func otherDelimiters(dialect: CSVDialect, text: String) {
        let separator = String(UnicodeScalar(dialect.delimiter))
        #expect(fields(text, dialect) == [["a", "b,c", "d\(separator)e"]])
    }

    @Test func unterminatedQuoteIsReportedWithItsLine() {
        let document = CSVScanner.records(in: "a,b\n1,2\n3,\"never closed\n4,5\n")
        #expect(document.records.count == 3)
        #expect(document.records.last?.fields == ["3", "never closed\n4,5\n"])
        #expect(document.issues == [CSVIssue(kind: .unterminatedQuote, line: 3, byteOffset: 10)])
        #expect(document.issues.first?.description.hasPrefix("line 3: a quoted field is never closed") == true)
    }

    @Test func textAfterClosingQuoteIsKeptAndReported() {
        let document = CSVScanner.records(in: "x\n\"abc\"def,g\n")
        #expect(document.records.last?.fields == ["abcdef", "g"])
        #expect(document.issues.map(\.kind) == [.textAfterClosingQuote])
        #expect(document.issues.map(\.line) == [2])
    }

    @Test func strayQuoteInUnquotedFieldIsKeptAndReported() {
        let document = CSVScanner.records(in: "12\" pipe,x\n")
        #expect(document.records.first?.fields == ["12\" pipe", "x"])
        #expect(document.issues.map(\.kind) == [.quoteInUnquotedField])
    }

    @Test func fieldsAreByteRangesAndQuotedFlags() {
        let bytes = Array("ab,\"c,d\",\"e\"\"f\"\n".utf8)
        var scanner = CSVScanner(bytes: bytes)
        var fields: [CSVField] = []
        let span = scanner.nextRecord(fields: &fields)
        #expect(span == CSVRecordSpan(line: 1, byteRange: 0..<15))
        #expect(fields.map(\.contentRange) == [0..<2, 4..<7, 10..<14])
        #expect(fields.map(\.isQuoted) == [false, true, true])
        #expect(fields.map(\.needsUnescaping) == [false, false, true])
        #expect(fields.map(scanner.string(for:)) == ["ab", "c,d", "e\"f"])
        #expect(scanner.nextRecord(fields: &fields) == nil)
        #expect(scanner.isAtEnd)
    }

    @Test func scanningResumesFromAStoredCursor() {
        let bytes = Array("h1,h2\nr1,x\nr2,y\nr3,z\n".utf8)
        var scanner = CSVScanner(bytes: bytes)
        _ = scanner.nextRecord()
        _ = scanner.nextRecord()
        let saved = scanner.cursor
        #expect(saved == CSVCursor(offset: 11, line: 3))

        var cursor = saved
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        let span = bytes.withUnsafeBufferPointer { buffer in
            CSVScanner.scanRecord(in: buffer, cursor: &cursor, dialect: .comma, fields: &fields, issues: &issues)
        }
        #expect(span?.line == 3)
        #expect(fields.map(scanner.string(for:)) == ["r2", "y"])
    }

    @Test func emptyInputHasNoRecords() {
        #expect(CSVScanner.records(in: "").records.isEmpty)
        #expect(CSVScanner.records(in: [0xEF, 0xBB, 0xBF]).records.isEmpty)
    }

    @Test func utf8FieldsDecode() {
        #expect(fields("\"台積電\",\"KY 開曼群島　\"\n") == [["台積電", "KY 開曼群島　"]])
    }
}
