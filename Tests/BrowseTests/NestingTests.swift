import Foundation
import Testing

/// Files nested far deeper than any table: each is one clear line or a skipped row, never a
/// crash (the exit status is 0 or 1, not a signal).
@Suite struct NestingTests {
    static let folder: URL = {
        let folder = RunFolder.shared("nesting")
        let million = 1_000_000
        func write(_ name: String, _ text: String) {
            try? Data(text.utf8).write(to: folder.appendingPathComponent(name))
        }
        write("arrays.json", String(repeating: "[", count: million) + String(repeating: "]", count: million))
        write(
            "objects.jsonl",
            "{\"a\": 1}\n" + String(repeating: "{\"x\":", count: million) + "1" + String(repeating: "}", count: million)
                + "\n{\"a\": 2}\n")
        write(
            "in-a-row.json",
            "[{\"a\": 1, \"b\": " + String(repeating: "[", count: million) + String(repeating: "]", count: million)
                + "}, {\"a\": 2, \"b\": 3}]")
        write(
            "stock-day.json",
            "{\"stat\": \"OK\", \"data\": " + String(repeating: "[", count: million)
                + String(repeating: "]", count: million)
                + "}")
        return folder
    }()

    static func path(_ name: String) -> String { folder.appendingPathComponent(name).path }

    @Test func aMillionNestedArraysIsOneLine() throws {
        let run = try Browse.run([Self.path("arrays.json"), "--format", "csv"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("line 1: nested deeper than 512 levels; tables are read here, not trees"))
        #expect(run.stderr.split(separator: "\n").count == 1)
    }

    @Test func aMillionNestedObjectsInJSONLinesSkipsThatRowAndKeepsTheOthers() throws {
        let run = try Browse.run([Self.path("objects.jsonl"), "--format", "csv"])
        #expect(run.status == 0)
        #expect(run.stdout == "a\n1\n2\n")
        #expect(run.stderr.contains("line 2: nested deeper than 512 levels"))
    }

    @Test func aMillionLevelsInsideARowIsOneLine() throws {
        let run = try Browse.run([Self.path("in-a-row.json"), "--format", "csv"])
        #expect(run.status == 1)
        #expect(run.stderr.contains("nested deeper than 512 levels"))
    }

    @Test func anExchangeFileNestedAMillionDeepIsRefusedByImport() throws {
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-nesting-cache-\(getpid())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let run = try Browse.run(["import", Self.path("stock-day.json"), "--cache-dir", cache.path])
        #expect(run.status == 1)
        #expect(run.stderr.contains("not imported"))
    }
}
