import ListKit
import Tabular
import Testing

@testable import FileDatasets

/// A quote that is never closed, or closed a line later each time, swallows every line after
/// it. The index skips the record it makes and starts again on its next line, every line: the
/// table must report each line's problem, in any number of pieces, and reading each from its
/// line must not read the rest of the file again (it did: 20,000 such lines took seconds).
@Suite struct SwallowedLinesIndexTests {
    /// A header and `lines` lines that each open a quote the next line's first quote closes;
    /// when `closed`, a last quoted field ends the file's last record.
    static func file(lines: Int, closed: Bool) -> FileBytes {
        let text = "h1,h2\n" + String(repeating: "x\",\"y\n", count: lines) + (closed ? "\"multi\nline\",c\n" : "")
        return FileBytes(copying: Array(text.utf8))
    }

    @Test(arguments: [1, 3])
    func eachLineOfAnUnclosedQuoteIsReported(pieces: Int) throws {
        let table = try TableIndexer.index(
            name: "t", bytes: Self.file(lines: 20_000, closed: false), dialect: .comma, hasHeader: true,
            progress: nil, pieces: pieces, widths: .terminal)
        #expect(table.rowCount == 0)
        #expect(table.problems.count == 20_000)
        #expect(table.problems.first == (2...9).map { RowProblem(line: $0, kind: .unterminatedQuote) })
    }

    @Test(arguments: [1, 3])
    func eachLineSwallowedByQuotesClosedAtTheEndIsReported(pieces: Int) throws {
        let table = try TableIndexer.index(
            name: "t", bytes: Self.file(lines: 20_000, closed: true), dialect: .comma, hasHeader: true,
            progress: nil, pieces: pieces, widths: .terminal)
        // Line k starts a record of a field on each line from k to the end, lines 2 to 20,000.
        #expect(table.problems.count == 19_999)
        #expect(
            table.problems.first
                == (2...9).map { RowProblem(line: $0, kind: .fieldCount(fields: 20_003 - $0, expected: 2)) })
        // The last line's record, closed on the line after it, and the last record.
        #expect(table.rowCount == 2)
        #expect(table.cells(ofRow: 0).map(\.text) == ["x\"", "y\nmulti"])
        #expect(table.cells(ofRow: 1).map(\.text) == ["line\"", "c"])
        #expect(table.notes == ["3 fields have stray quotes (lines 20001, 20002, 20003); kept as text"])
    }
}
