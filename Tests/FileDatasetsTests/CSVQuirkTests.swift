import ListKit
import Testing

@testable import FileDatasets

/// Every CSV quirk the issue lists: quoting, BOM, line ends, delimiters, headers, encodings.
@MainActor
@Suite struct CSVQuirkTests {
    @Test func quotedFieldsHoldCommasQuotesAndLineBreaksWithBOMAndCRLF() async throws {
        let opened = try await open(fixture("companies.csv"))
        #expect(opened.failure == nil)
        #expect(opened.screen.columnNames == ["公司代號", "公司名稱", "實收資本額", "上市日期", "備註"])
        #expect(
            opened.texts == [
                ["2330", "台積電", "259,327,332,420", "1994-09-05", "晶圓代工, 全球第一"],
                ["2317", "鴻海", "138,629,906,090", "1991-06-18", "說 \"鴻海\" 的人"],
                ["0050", "元大台灣50", "--", "2003/06/30", "多行\r\n備註"],
                ["1101", "台泥", "73,561,817,420", "19620209", ""],
            ])
        #expect(opened.notes.isEmpty)
        #expect(opened.screen.title == "companies.csv")
    }

    @Test func lfAndCrlfFilesReadTheSame() async throws {
        let scratch = try Scratch()
        let lf = try scratch.write("lf.csv", "a,b\n1,\"x\ny\"\n2,z\n")
        let crlf = try scratch.write("crlf.csv", "a,b\r\n1,\"x\ny\"\r\n2,z\r\n")
        let lfRows = try await open(lf).texts
        #expect(lfRows == [["1", "x\ny"], ["2", "z"]])
        #expect(try await open(crlf).texts == lfRows)
    }

    @Test(arguments: [
        ("comma.txt", "name,price\n台積電,1045\n鴻海,187\n"),
        ("tab.txt", "name\tprice\n台積電\t1045\n鴻海\t187\n"),
        ("semicolon.txt", "name;price\n台積電;1045\n鴻海;187\n"),
        ("pipe.txt", "name|price\n台積電|1045\n鴻海|187\n"),
    ])
    func theDelimiterIsSniffed(file: String, text: String) async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write(file, text))
        #expect(opened.screen.columnNames == ["name", "price"])
        #expect(opened.texts == [["台積電", "1045"], ["鴻海", "187"]])
    }

    @Test func sniffingIgnoresDelimitersInsideQuotes() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("quoted.csv", "\"a;b\",\"c;d\"\n\"1;2\",\"3;4\"\n\"5;6\",\"7;8\"\n")
        #expect(try await open(path).texts == [["1;2", "3;4"], ["5;6", "7;8"]])
    }

    @Test func aTsvNameMeansTabs() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("data.tsv", "a,b\tc\n1,2\t3\n")
        #expect(try await open(path).texts == [["1,2", "3"]])
    }

    @Test func theDelimiterOptionWins() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("data.csv", "a;b,c\n1;2,3\n")
        #expect(try await open(path, options: ["delimiter": ";"]).texts == [["1", "2,3"]])
        #expect(try await open(path, options: ["delimiter": "tab"]).texts == [["1;2,3"]])
    }

    @Test(arguments: ["nonsense", "\"", "ab", "x", "7", "\n", ""])
    func aDelimiterThatCannotWorkIsAUsageMistake(value: String) async throws {
        let scratch = try Scratch()
        let path = try scratch.write("data.csv", "a,b\n")
        do {
            _ = try await open(path, options: ["delimiter": value])
            Issue.record("--delimiter \(value) was accepted")
        } catch let error as FileOpenError {
            guard case .badOption(let option, _, let expected) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(option == "--delimiter")
            #expect(expected.contains("one character"))
        }
    }

    @Test func withoutAHeaderColumnsAreLettered() async throws {
        let scratch = try Scratch()
        var text = ""
        for row in 0..<3 { text += (0..<28).map { "r\(row)c\($0)" }.joined(separator: ",") + "\n" }
        let opened = try await open(try scratch.write("plain.csv", text), options: ["no-header": "true"])
        #expect(opened.screen.count == 3)
        #expect(Array(opened.screen.columnNames.prefix(3)) == ["A", "B", "C"])
        #expect(Array(opened.screen.columnNames.suffix(3)) == ["Z", "AA", "AB"])
        #expect(opened.texts.first?.first == "r0c0")
    }

    @Test func emptyAndRepeatedHeaderNamesAreMadeUnique() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("names.csv", "price,,price, price \n1,2,3,4\n"))
        #expect(opened.screen.columnNames == ["price", "B", "price 2", "price 3"])
    }

    @Test func big5IsDecodedWhenAsked() async throws {
        let opened = try await open(fixture("big5.csv"), options: ["encoding": "big5"])
        #expect(opened.screen.columnNames == ["公司代號", "公司名稱", "收盤價"])
        #expect(opened.texts == [["2330", "台積電", "1045.00"], ["2317", "鴻海", "187.5"]])
    }

    @Test func big5WithoutTheOptionIsAClearFailure() async throws {
        let opened = try await open(fixture("big5.csv"))
        #expect(opened.failure?.contains("it is not UTF-8 text (invalid UTF-8 bytes A4 BD at byte offset 0)") == true)
        #expect(opened.failure?.contains("--encoding big5") == true)
    }

    @Test func anUnknownEncodingIsAUsageMistake() async throws {
        await #expect(
            throws: FileOpenError.badOption(option: "--encoding", value: "latin9", expected: "use utf-8 or big5")
        ) {
            _ = try await open(fixture("big5.csv"), options: ["encoding": "latin9"])
        }
    }

    @Test func blankLinesAreSkipped() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("blank.csv", "\n\na,b\n\n1,2\n\n\n3,4\n\n"))
        #expect(opened.texts == [["1", "2"], ["3", "4"]])
        #expect(opened.notes.isEmpty)
    }

    @Test func aHeaderOnlyFileOpensWithNoRows() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("header.csv", "a,b,c\n"))
        #expect(opened.failure == nil)
        #expect(opened.screen.count == 0)
        #expect(opened.screen.headerLines == ["no rows; columns: a, b, c"])
    }
}
