import TestSupport
import Testing

@testable import Tabular

/// A reader that rejects a record spanning lines starts again on its next line. Lent a memo,
/// the scans read what scans without one read, and the work stays in proportion to the input
/// when quotes swallow every line after them.
@Suite struct CSVRecordMemoTests {
    /// What a reader learns of one record.
    struct Reading: Equatable {
        var line: Int
        var bytes: Range<Int>
        var next: CSVCursor
        var fieldCount: Int
        /// The fields and problems, when the record has at most the fields a memo keeps.
        var fields: [CSVField]?
        var issues: [CSVIssue]?
        var unterminated: Bool
    }

    /// Reads `bytes` record by record, starting again on the next line after each record that
    /// spans lines, as a table's index does with the records it rejects.
    static func read(_ bytes: [UInt8], keeping: Int, memo: CSVRecordMemo?) -> [Reading] {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = CSVCursor(startOf: buffer)
            var fields: [CSVField] = []
            var readings: [Reading] = []
            while cursor.offset < buffer.count {
                var issues: [CSVIssue] = []
                let scanned: (span: CSVRecordSpan, fieldCount: Int)?
                if let memo {
                    scanned = CSVScanner.scanRecord(
                        in: buffer, cursor: &cursor, dialect: .comma, fields: &fields, issues: &issues, memo: memo)
                } else {
                    scanned = CSVScanner.scanRecord(
                        in: buffer, cursor: &cursor, dialect: .comma, fields: &fields, issues: &issues
                    ).map { ($0, fields.count) }
                }
                guard let (span, count) = scanned else { break }
                let whole = count <= keeping
                readings.append(
                    Reading(
                        line: span.line, bytes: span.byteRange, next: cursor, fieldCount: count,
                        fields: whole ? fields : nil, issues: whole ? issues : nil,
                        unterminated: issues.contains { $0.kind == .unterminatedQuote }))
                if buffer[span.byteRange].contains(where: { $0 == 0x0A || $0 == 0x0D }) {
                    cursor = Self.lineAfter(span, in: buffer)
                }
            }
            return readings
        }
    }

    /// The start of the line after the one `span` starts on.
    static func lineAfter(_ span: CSVRecordSpan, in buffer: UnsafeBufferPointer<UInt8>) -> CSVCursor {
        var index = span.byteRange.lowerBound
        while index < buffer.count, buffer[index] != 0x0A, buffer[index] != 0x0D { index += 1 }
        if index < buffer.count {
            if buffer[index] == 0x0D, index + 1 < buffer.count, buffer[index + 1] == 0x0A { index += 1 }
            index += 1
        }
        return CSVCursor(offset: index, line: span.line + 1)
    }

    /// Lines thick with quotes and delimiters, so that records swallow lines and scans started
    /// again inside them meet their fields.
    static func quoted(lines: Int, seed: UInt64) -> [UInt8] {
        var random = SeededRandom(seed: seed)
        let pieces = ["x", "\"", ",", "\"\"", "y\"", "\"z", "\",\"", "台"]
        let ends = ["\n", "\n", "\r\n", "\r", "\n\n"]
        var text = ""
        for _ in 0..<lines {
            for _ in 0..<Int.random(in: 0..<6, using: &random) { text += pieces.randomElement(using: &random)! }
            text += ends.randomElement(using: &random)!
        }
        return Array(text.utf8)
    }

    @Test(arguments: [0, 1, 2, 3, 5])
    func scansLentAMemoReadWhatScansWithoutOneRead(keeping: Int) {
        var met = 0
        for seed in 0..<300 as Range<UInt64> {
            let bytes = Self.quoted(lines: 40, seed: seed)
            let memo = CSVRecordMemo(keeping: keeping)
            let remembered = Self.read(bytes, keeping: keeping, memo: memo)
            let plain = Self.read(bytes, keeping: keeping, memo: nil)
            #expect(remembered == plain, "seed \(seed): \(String(decoding: bytes, as: UTF8.self).debugDescription)")
            met += plain.count
        }
        // The inputs are read as many records, most of them started again inside others.
        #expect(met > 300 * 20)
    }

    /// Every line opens a quote that the next line's first quote closes, so that each record
    /// runs to the end of the input, with a field on every line.
    static func swallowing(lines: Int, closed: Bool) -> [UInt8] {
        Array(("h1,h2\n" + String(repeating: "x\",\"y\n", count: lines) + (closed ? "\"multi\nline\",c\n" : "")).utf8)
    }

    /// A table of 100 columns: a scan that meets a record where the memo remembers only one
    /// field start in 64 reads on to one, and the scan after it meets it there.
    @Test(arguments: [false, true], [2, 100])
    func scansThatMeetAScanThatMetARecordReadWhatScansWithoutOneRead(closed: Bool, keeping: Int) {
        let bytes = Self.swallowing(lines: 300, closed: closed)
        let memo = CSVRecordMemo(keeping: keeping)
        #expect(Self.read(bytes, keeping: keeping, memo: memo) == Self.read(bytes, keeping: keeping, memo: nil))
    }

    @Test(arguments: [false, true])
    func recordsStartedInsideSwallowedLinesAreReadOnce(closed: Bool) {
        func work(_ lines: Int) -> (fieldsScanned: Int, marks: Int, readings: [Reading]) {
            let memo = CSVRecordMemo(keeping: 2)
            let readings = Self.read(Self.swallowing(lines: lines, closed: closed), keeping: 2, memo: memo)
            return (memo.fieldsScanned, memo.marksRemembered, readings)
        }
        let small = work(1_000)
        let large = work(8_000)
        // The header, each line read to the end of the input (one field a line), and, when the
        // last quote is closed, the two records it ends.
        #expect(large.readings.count == 8_001 + (closed ? 2 : 0))
        let lines = large.readings[1...8_000]
        #expect(lines.allSatisfy { $0.fieldCount == 8_003 - $0.line && $0.unterminated != closed })
        #expect(large.readings.dropFirst(8_001).allSatisfy { $0.fieldCount == 2 && !$0.unterminated })
        // Read afresh, the fields scanned grow with the square of the lines: 64 times for eight
        // times the lines.
        #expect(large.fieldsScanned <= small.fieldsScanned * 10, "\(small.fieldsScanned) then \(large.fieldsScanned)")
        // The first record read whole; then each line's scan reads its own field and meets the
        // scan before it at the next.
        #expect(large.fieldsScanned <= 8_000 * 4, "\(large.fieldsScanned)")
        // It remembers the fields ahead of the scans, not every line's.
        #expect(large.marks < 2_000, "\(large.marks)")
    }
}

extension CSVRecordMemoTests {
    @Test func aMemoThatIsFullStartsAgainAndScansReadTheSame() {
        let bytes = Self.swallowing(lines: 2_000, closed: true)
        let roomy = CSVRecordMemo(keeping: 100)
        let full = CSVRecordMemo(keeping: 100, capacity: 300)
        let plain = Self.read(bytes, keeping: 100, memo: nil)
        #expect(Self.read(bytes, keeping: 100, memo: roomy) == plain)
        #expect(Self.read(bytes, keeping: 100, memo: full) == plain)
        // Emptied, the memo had scans read whole records again.
        #expect(full.fieldsScanned > roomy.fieldsScanned * 2, "\(roomy.fieldsScanned) and \(full.fieldsScanned)")
    }
}

extension CSVRecordMemoTests {
    @Test func scansPastTheRecordsRememberedForgetThem() {
        // Unclosed, the quotes swallow every line to the end of the input: the records are
        // remembered to the end.
        let open = CSVRecordMemo(keeping: 2)
        #expect(Self.read(Self.swallowing(lines: 50, closed: false), keeping: 2, memo: open).count == 51)
        #expect(!open.isEmpty)
        // Closed, the last records start after them.
        let closed = CSVRecordMemo(keeping: 2)
        #expect(Self.read(Self.swallowing(lines: 50, closed: true), keeping: 2, memo: closed).count == 53)
        #expect(closed.isEmpty)
    }
}
