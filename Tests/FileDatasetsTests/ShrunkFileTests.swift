import Foundation
import ListKit
import Tabular
import Testing

@testable import FileDatasets

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A mapped file that another program truncates: reading past its new end would raise SIGBUS.
@Suite struct ShrunkFileTests {
    /// Reads every byte of a mapping after the file was cut to a few bytes: without the guard
    /// this process would end with SIGBUS at the first page past the new end.
    @Test func readingPastTheNewEndSeesZerosAndSaysTheFileChanged() throws {
        let scratch = try Scratch()
        let text = String(repeating: "a,b,c\n", count: 50_000)
        let path = try scratch.write("shrinking.csv", text)
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        let bytes = try #require(FileBytes.map(descriptor: descriptor, length: text.utf8.count))
        close(descriptor)
        #expect(!bytes.changedWhileOpen)
        #expect(truncate(path, 10) == 0)
        var sum = 0
        for byte in bytes.buffer { sum &+= Int(byte) }
        // The ten bytes left, and zeros where the rest of the file was.
        #expect(sum == Array(text.utf8.prefix(10)).reduce(0) { $0 + Int($1) })
        #expect(bytes.changedWhileOpen)
    }

    /// Cut short under its table, a file reads as zeros past its new end, with no line break to
    /// end a record there: each row is still read only up to where the next one starts, so a
    /// filter, sort or export over every row costs what it did (it used to read the rest of the
    /// file for each row: a filter spun on every core, an export ran out of memory).
    @Test func rowsOfAFileCutShortAreReadOnlyToTheNextRow() async throws {
        let scratch = try Scratch()
        let path = try scratch.write(
            "cut.csv", "name,value\n" + (0..<50_000).map { "row \($0),\($0)\n" }.joined())
        let table = try await FileTable.read(path: path)
        #expect(table.rowCount == 50_000)
        #expect(truncate(path, 10) == 0)
        var fields: [CSVField] = []
        var issues: [CSVIssue] = []
        var longest = 0
        for row in 0..<table.rowCount {
            table.scan(row: row, fields: &fields, issues: &issues)
            let end = row + 1 < table.rowCount ? table.offset(ofRow: row + 1) : table.buffer.count
            longest = max(longest, (fields.last?.contentRange.upperBound ?? 0) - table.offset(ofRow: row))
            try #require(
                fields.allSatisfy { $0.contentRange.upperBound <= end },
                "row \(row) was read past the start of the next")
        }
        #expect(longest < 20, "no row reads more than its own bytes")
        #expect(table.changedWhileOpen)
        // A query with a space is checked row by row: every row, in one pass.
        #expect(table.filter(foldedQuery: "w 4", candidates: nil).isEmpty)
        #expect(throws: FileLoadError.changedWhileOpen("cut.csv")) { try table.checkUnchanged() }
    }

    /// Written to in place, a file's records no longer start where the index found its rows. A
    /// pass over every row's values (`stats`), which reads runs of records one after another,
    /// must still read each row from where the row starts, as the row's cells do, and not from
    /// wherever a record of the new bytes happens to begin.
    @Test func aPassOverTheValuesOfARewrittenFileReadsEachRowWhereItStarts() async throws {
        let scratch = try Scratch()
        let text = "name,value\n" + (0..<1_000).map { "row \($0),\($0)\n" }.joined()
        let path = try scratch.write("moved.csv", text)
        let table = try await FileTable.read(path: path)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(("XXXXXXX" + text.dropLast(7)).utf8))
        try handle.close()
        let pieces = table.valuePieces(of: ["name", "value"], rows: nil, stop: .never) { start, read in
            var rows: [[String]] = []
            read { values in rows.append(values.map { "\($0.cellValue)" }) }
            return (start: start, rows: rows)
        }
        let visited = try #require(pieces).compactMap { $0 }.sorted { $0.start < $1.start }.flatMap(\.rows)
        let cells = (0..<table.rowCount).map { table.cells(ofRow: $0).map { "\($0.value)" } }
        #expect(cells[500] != ["row 500", "500"], "the bytes under row 500 moved")
        #expect(visited.count == cells.count)
        let wrong = zip(visited, cells).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(wrong == nil, "row \(wrong?.offset ?? -1): \(wrong?.element.0 ?? []), not \(wrong?.element.1 ?? [])")
    }

    /// Written to in place at the same size, the file's rows move under the index: the table
    /// says it changed, though no byte was cut.
    @Test func aFileWrittenInPlaceIsAChange() async throws {
        let scratch = try Scratch()
        let text = "name,value\n" + (0..<1_000).map { "row \($0),\($0)\n" }.joined()
        let path = try scratch.write("rewritten.csv", text)
        var times = [timeval(tv_sec: 946_684_800, tv_usec: 0), timeval(tv_sec: 946_684_800, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        let table = try await FileTable.read(path: path)
        #expect(!table.changedWhileOpen)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
        try handle.write(contentsOf: Data(("XXXXXXX" + text.dropLast(7)).utf8))
        try handle.close()
        #expect(table.changedWhileOpen)
        #expect(throws: FileLoadError.writtenWhileOpen("rewritten.csv")) { try table.checkUnchanged() }
    }

    /// The screen reports the change before and instead of reading, and `r` shows the file as it is.
    @MainActor
    @Test func aScreenOverAShrunkFileSaysSoAndReloads() async throws {
        let scratch = try Scratch()
        let path = try scratch.write("shrinking.csv", "n,v\n" + String(repeating: "x,1\n", count: 40_000))
        let opened = try await open(path)
        #expect(opened.screen.dataProblem == nil)
        try Data("n,v\ny,2\n".utf8).write(to: URL(fileURLWithPath: path))
        let problem = try #require(opened.screen.dataProblem)
        #expect("\(problem)".contains("the file changed while open"))
        await opened.screen.load(force: true, progress: ProgressReporter())
        #expect(opened.screen.dataProblem == nil)
        #expect(opened.texts == [["y", "2"]])
    }
}
