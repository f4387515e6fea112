import Foundation
import Testing

/// A table of one column keeps every row: a row whose only cell is empty is a row, in JSON,
/// in JSON Lines, and in a CSV export, which writes it `""` so that reading it back finds it.
@Suite struct SingleColumnTests {
    static func write(_ name: String, _ text: String) throws -> (folder: URL, path: String) {
        let folder = try ExportExactnessTests.scratch()
        let path = folder.appendingPathComponent(name).path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return (folder, path)
    }

    @Test func aJSONArrayKeepsItsNullRow() throws {
        let file = try Self.write("flags.json", #"[{"a":true},{"a":null},{"a":false},{"a":1},{"a":"x"},{"a":2}]"#)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try Browse.run([file.path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a\ntrue\n\"\"\nfalse\n1\nx\n2\n")
        let json = try Browse.run([file.path, "--format", "json"])
        #expect(json.stdout.components(separatedBy: "\n").filter { $0.hasPrefix("  {") }.count == 6)
        #expect(json.stdout.contains(#"{"a": null}"#))
    }

    @Test func jsonLinesKeepNullAndEmptyObjects() throws {
        let file = try Self.write("lines.jsonl", "{\"a\":1}\n{\"a\":null}\n{}\n{\"a\":2}\n")
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try Browse.run([file.path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "a\n1\n\"\"\n\"\"\n2\n")
    }

    /// The export reads back as the same rows, and exporting the export changes nothing.
    @Test func aCSVExportOfAnEmptyFieldReadsBack() throws {
        let text = "a\nx\n\"\"\ny\n"
        let file = try Self.write("one.csv", text)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let out = file.folder.appendingPathComponent("out.csv").path
        let run = try Browse.run([file.path, "-c", "export csv \(out)"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(try String(contentsOfFile: out, encoding: .utf8) == text)
        let again = try Browse.run([out, "--format", "csv"])
        #expect(again.stdout == text)
        #expect(
            try Browse.run([out, "--format", "json"]).stdout
                == "[\n  {\"a\": \"x\"},\n  {\"a\": null},\n  {\"a\": \"y\"}\n]\n")
    }

    /// An empty key is a column without a name: on the screen it gets a letter, as an empty CSV
    /// header does, and its rows are its values, not its header; an export keeps the key empty
    /// (quoted, so that the header is a record of one field).
    @Test func anEmptyKeyIsAColumnOfItsOwn() throws {
        let file = try Self.write("empty-key.json", #"[{"":1},{"":2}]"#)
        defer { try? FileManager.default.removeItem(at: file.folder) }
        let run = try Browse.run([file.path, "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == "\"\"\n1\n2\n")
        let shown = try Browse.run([file.path, "-c", "cols"])
        #expect(shown.stdout.contains("datasets › empty-key.json\n#  A"), "\(shown.stdout)")
    }
}
