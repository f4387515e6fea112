import Foundation
import Testing

/// Inputs that are not empty yet hold no table, or no row that can be read: each says what it
/// is and what can be opened, with exit 1, instead of "empty" or "imported … 0 records".
@Suite struct NotATableTests {
    /// A file the system makes as it is read says it has no bytes: it is read like a pipe.
    @Test func aProcFileIsReadAsAStream() throws {
        let run = try Browse.run(["/proc/self/status", "--format", "csv"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("empty"))
        #expect(run.stdout.hasPrefix("Name:,"), "\(run.stdout.prefix(200))")
    }

    @Test func aJSONArrayOfArraysSaysWhatItIs() throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("pairs.json").path
        try Data("[[1,2],[3,4]]".utf8).write(to: URL(fileURLWithPath: path))
        let run = try Browse.run([path, "--format", "csv"])
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "browse: could not load pairs.json: \(path): line 1: it is a JSON array of 2 arrays, not of objects; "
                + "a JSON table is an array of objects (one a row, their keys the columns), JSON Lines of objects, "
                + "or an object holding one (--json-path names where)\n")
        let lines = folder.appendingPathComponent("pairs.jsonl").path
        try Data("[1,2]\n[3,4]\n".utf8).write(to: URL(fileURLWithPath: lines))
        let linesRun = try Browse.run([lines, "--format", "csv"])
        #expect(linesRun.status == 1)
        #expect(linesRun.stderr.contains("line 1: no line is a JSON object (the first: expected a JSON object"))
    }

    /// A file of a known kind whose every row is malformed adds nothing to the cache.
    @Test func anImportWhoseEveryRowIsMalformedImportsNothing() throws {
        let folder = try ExportExactnessTests.scratch()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("STOCK_DAY_ALL_20250304.csv").path
        let text = """
            證券代號,證券名稱,成交股數,成交金額,開盤價,最高價,最低價,收盤價,漲跌價差,成交筆數
            "2330","台積電","x","y","z","a","b","c","d","e"
            "2317","鴻海","x","y","z","a","b","c","d","e"

            """
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let cache = folder.appendingPathComponent("cache")
        let run = try Browse.run(["import", "--cache-dir", cache.path, path], input: Data())
        #expect(run.status == 1)
        #expect(run.stdout.isEmpty, "nothing is said to be imported: \(run.stdout)")
        #expect(
            run.stderr.contains(
                "not imported \(path): nothing in it could be read: every one of its 2 rows is malformed "
                    + "(STOCK_DAY_ALL CSV, line 2: skipped row 2330: 收盤價 (close) \"c\" is not a price); "
                    + "nothing was added to the cache"), "\(run.stderr)")
        #expect(run.stderr.contains("imported 0 of 1 file"))
    }
}
