import BrowseSupport
import ListKit
import Testing

@testable import FileDatasets

/// JSON arrays of objects and JSON Lines open like CSV.
@MainActor
@Suite struct JSONTests {
    @Test func anArrayOfObjectsBecomesColumnsInFirstSeenOrder() async throws {
        let opened = try await open(fixture("companies.json"))
        #expect(opened.failure == nil)
        #expect(opened.screen.columnNames == ["Code", "Name", "Close", "Volume", "Listed", "Tags", "Note"])
        #expect(
            opened.texts == [
                ["2330", "台積電", "1045.00", "31234567", "true", "", ""],
                ["2317", "鴻海", "187.5", "", "", "[\"electronics\", \"apple\"]", ""],
                ["0050", "元大台灣50\nETF", "198.20", "", "", "", "say \"hi\" é😀"],
            ])
        let close = opened.values.map { $0[2] }
        #expect(close[0] == .decimal(ExactDecimal(units: 104_500, scale: 2)), "numbers are kept as written")
        #expect(opened.values[1][3] == .missing, "null is missing")
    }

    @Test func jsonLinesSkipAndReportBadLines() async throws {
        let opened = try await open(fixture("ticks.jsonl"))
        #expect(opened.screen.columnNames == ["code", "close", "date"])
        #expect(
            opened.texts == [
                ["2330", "1,045.00", "2025-06-02"], ["2317", "187.50", "2025-06-02"], ["1101", "--", "2025-06-03"],
            ])
        let note = try #require(opened.notes.first)
        #expect(note.hasPrefix("ticks.jsonl: skipped 3 malformed rows: line 3: expected a JSON object, found \"n\";"))
        #expect(note.contains("line 6: expected a JSON object, found \"[\""))
        #expect(note.contains("line 7: expected the end of the line after the object, found \"t\""))
        try opened.screen.applySort(SortOrder(column: "close", descending: true))
        #expect(opened.column("code") == ["2330", "2317", "1101"])
    }

    @Test func theFormatCanBeGivenOrSniffed() async throws {
        let scratch = try Scratch()
        let lines = try scratch.write("data.txt", "{\"a\": 1}\n{\"a\": 2}\n")
        #expect(try await open(lines).texts == [["1"], ["2"]])
        let array = try scratch.write("array.data", " \n[{\"a\": \"x\"}]")
        #expect(try await open(array).texts == [["x"]])
        #expect(try await open(lines, options: ["format-in": "jsonl"]).texts == [["1"], ["2"]])
        let csvNamedJSON = try scratch.write("really.json", "a,b\n1,2\n")
        #expect(try await open(csvNamedJSON, options: ["format-in": "csv"]).texts == [["1", "2"]])
    }

    @Test func aMalformedArrayFailsWithItsLine() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("broken.json", "[\n  {\"a\": 1},\n  {\"a\": 2,}\n]\n")
        let opened = try await open(path)
        #expect(opened.failure == "\(path): line 3: expected a quoted key, found \"}\"")
    }

    @Test func elementsThatAreNotObjectsAreSkipped() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("mixed.json", "[{\"a\": 1}, 2, {\"a\": 3}]")
        let opened = try await open(path)
        #expect(opened.texts == [["1"], ["3"]])
        #expect(opened.notes == ["mixed.json: skipped 1 malformed row: line 1: element 2 is not an object"])
    }

    @Test func anEmptyArrayIsEmpty() async throws {
        let scratch = try Scratch()
        let opened = try await open(try scratch.write("none.json", "[]"))
        #expect(opened.failure?.hasSuffix("none.json: it is empty: there is nothing to show") == true)
    }

    @Test func aFormatInThatIsUnknownIsAUsageMistake() async throws {
        await #expect(
            throws: FileOpenError.badOption(
                option: "--format-in", value: "xml", expected: "use csv, tsv, json or jsonl")
        ) {
            _ = try await open(fixture("companies.json"), options: ["format-in": "xml"])
        }
    }
}
