import TestSupport
import Testing

@testable import Tabular

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The scanner finds its stops 64 bytes at a time and reads a record without problems by a
/// quicker path; it must find exactly what the byte-by-byte scanner it replaced found, on any
/// input.
@Suite struct ScannerSpeedupTests {
    /// The scanner as it was before the SIMD skipping, byte by byte.
    private enum ReferenceScanner {
        static func scanRecord(
            in buffer: UnsafeBufferPointer<UInt8>,
            cursor: inout CSVCursor,
            dialect: CSVDialect,
            fields: inout [CSVField],
            issues: inout [CSVIssue]
        ) -> CSVRecordSpan? {
            fields.removeAll(keepingCapacity: true)
            let count = buffer.count
            let delimiter = dialect.delimiter
            let quote = dialect.quote
            var index = cursor.offset
            var line = cursor.line

            if dialect.skipsBlankLines {
                while index < count {
                    let byte = buffer[index]
                    if byte == UInt8(ascii: "\n") {
                        index += 1
                    } else if byte == UInt8(ascii: "\r") {
                        index += 1
                        if index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                    } else {
                        break
                    }
                    line += 1
                }
            }
            guard index < count else {
                cursor = CSVCursor(offset: count, line: line)
                return nil
            }

            let recordStart = index
            let recordLine = line
            var recordEnd = index

            fieldLoop: while true {
                let fieldStart = index
                let fieldLine = line
                if index < count, buffer[index] == quote {
                    index += 1
                    let contentStart = index
                    var needsUnescaping = false
                    var closingQuote: Int?
                    while index < count {
                        let byte = buffer[index]
                        if byte == quote {
                            if index + 1 < count, buffer[index + 1] == quote {
                                needsUnescaping = true
                                index += 2
                                continue
                            }
                            closingQuote = index
                            index += 1
                            break
                        }
                        if byte == UInt8(ascii: "\n") {
                            line += 1
                        } else if byte == UInt8(ascii: "\r"),
                            index + 1 >= count || buffer[index + 1] != UInt8(ascii: "\n")
                        {
                            line += 1
                        }
                        index += 1
                    }
                    guard let closing = closingQuote else {
                        issues.append(CSVIssue(kind: .unterminatedQuote, line: fieldLine, byteOffset: fieldStart))
                        fields.append(
                            CSVField(contentRange: contentStart..<count, isQuoted: true, needsUnescaping: true))
                        recordEnd = count
                        break fieldLoop
                    }
                    var contentEnd = closing
                    if index < count {
                        let next = buffer[index]
                        if next != delimiter, next != UInt8(ascii: "\n"), next != UInt8(ascii: "\r") {
                            issues.append(CSVIssue(kind: .textAfterClosingQuote, line: line, byteOffset: index))
                            while index < count {
                                let byte = buffer[index]
                                if byte == delimiter || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                                    break
                                }
                                index += 1
                            }
                            contentEnd = index
                            needsUnescaping = true
                        }
                    }
                    fields.append(
                        CSVField(
                            contentRange: contentStart..<contentEnd, isQuoted: true, needsUnescaping: needsUnescaping))
                } else {
                    var strayQuote: Int?
                    while index < count {
                        let byte = buffer[index]
                        if byte == delimiter || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { break }
                        if byte == quote, strayQuote == nil { strayQuote = index }
                        index += 1
                    }
                    if let strayQuote {
                        issues.append(CSVIssue(kind: .quoteInUnquotedField, line: line, byteOffset: strayQuote))
                    }
                    fields.append(CSVField(contentRange: fieldStart..<index, isQuoted: false, needsUnescaping: false))
                }

                // After a field: a delimiter, a line end, or the end of the input.
                recordEnd = index
                guard index < count else { break fieldLoop }
                let byte = buffer[index]
                if byte == delimiter {
                    index += 1
                    continue fieldLoop
                }
                index += 1
                if byte == UInt8(ascii: "\r"), index < count, buffer[index] == UInt8(ascii: "\n") { index += 1 }
                line += 1
                break fieldLoop
            }

            cursor = CSVCursor(offset: max(index, recordEnd), line: line)
            return CSVRecordSpan(line: recordLine, byteRange: recordStart..<recordEnd)
        }
    }

    private static let pieces: [[UInt8]] = [
        Array("a".utf8), Array("台積電".utf8), Array("\"".utf8), Array("\"\"".utf8), Array(",".utf8), Array(";".utf8),
        Array("|".utf8), Array("\t".utf8), Array("\n".utf8), Array("\r".utf8), Array("\r\n".utf8), Array(" ".utf8),
        Array(repeating: UInt8(ascii: "x"), count: 17), Array(repeating: UInt8(ascii: "y"), count: 40),
        Array("1,234.50".utf8), [0xEF, 0xBB, 0xBF], [0xFF],
    ]

    @Test func theFastScannerFindsWhatTheByteByByteScannerFound() {
        var seed: UInt64 = 2_025
        let dialects: [CSVDialect] = [
            .comma, .tab, .semicolon, .pipe, CSVDialect(delimiter: UInt8(ascii: ","), skipsBlankLines: false),
        ]
        for _ in 0..<20_000 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            var state = seed
            func next(_ bound: Int) -> Int {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                return Int((state >> 33) % UInt64(bound))
            }
            var input: [UInt8] = []
            for _ in 0..<next(60) { input += Self.pieces[next(Self.pieces.count)] }
            let dialect = dialects[next(dialects.count)]
            input.withUnsafeBufferPointer { buffer in
                var fast = CSVCursor(startOf: buffer)
                var slow = fast
                var fastFields: [CSVField] = []
                var slowFields: [CSVField] = []
                var fastIssues: [CSVIssue] = []
                var slowIssues: [CSVIssue] = []
                while true {
                    let a = CSVScanner.scanRecord(
                        in: buffer, cursor: &fast, dialect: dialect, fields: &fastFields, issues: &fastIssues)
                    let b = ReferenceScanner.scanRecord(
                        in: buffer, cursor: &slow, dialect: dialect, fields: &slowFields, issues: &slowIssues)
                    #expect(a == b, "seed \(seed)")
                    #expect(fast == slow, "seed \(seed)")
                    #expect(fastFields == slowFields, "seed \(seed)")
                    #expect(fastIssues == slowIssues, "seed \(seed)")
                    if a == nil || a != b { break }
                }
            }
        }
    }

    /// Records mostly well formed, long enough to cross several blocks of 64 bytes: the quicker
    /// path must read them as the field-by-field loop does, and leave every record with a
    /// problem to it.
    @Test func wellFormedRecordsReadAsTheFieldLoopReadsThem() {
        var random = SeededRandom(seed: 20_261_204)
        var records = 0
        var wellFormed = 0
        for _ in 0..<4_000 {
            let (dialect, input) = Self.records(&random)
            input.withUnsafeBufferPointer { buffer in
                var quick = CSVCursor(startOf: buffer)
                var loop = quick
                var quickFields: [CSVField] = []
                var loopFields: [CSVField] = []
                var quickIssues: [CSVIssue] = []
                var loopIssues: [CSVIssue] = []
                while true {
                    let start = loop
                    let a = CSVScanner.scanRecord(
                        in: buffer, cursor: &quick, dialect: dialect, fields: &quickFields, issues: &quickIssues)
                    let b = CSVScanner.scanRecord(
                        in: buffer, cursor: &loop, dialect: dialect, fields: &loopFields, issues: &loopIssues,
                        wholeRecords: false)
                    #expect(a == b)
                    #expect(quick == loop)
                    #expect(quickFields == loopFields)
                    #expect(quickIssues == loopIssues)
                    if a == nil || a != b || quick != loop { break }
                    records += 1
                    if loopIssues.isEmpty { wellFormed += 1 }
                    // The record read again up to a few of its fields: a caller that knows
                    // where the next record starts stops early.
                    let limit = Int.random(in: 1...(loopFields.count + 1), using: &random)
                    var quickAgain = start
                    var loopAgain = start
                    var issues: [CSVIssue] = []
                    let c = CSVScanner.scanRecord(
                        in: buffer, cursor: &quickAgain, dialect: dialect, fields: &quickFields, issues: &issues,
                        fieldLimit: limit)
                    let d = CSVScanner.scanRecord(
                        in: buffer, cursor: &loopAgain, dialect: dialect, fields: &loopFields, issues: &issues,
                        fieldLimit: limit, wholeRecords: false)
                    #expect(c == d)
                    #expect(quickAgain == loopAgain)
                    #expect(quickFields == loopFields)
                }
            }
        }
        // Most records are well formed, so the quicker path was the one compared.
        #expect(wellFormed * 2 > records)
    }

    /// One field of a record found by the parity of its quotes is the field the field loop
    /// finds, with its quotes undone; a record it cannot read so (a doubled quote, a quoted line
    /// break, a problem) is left to the loop, and the bytes after the record never count.
    @Test func oneFieldIsFoundAsTheFieldLoopFindsIt() {
        var random = SeededRandom(seed: 20_261_205)
        var eligible = 0
        var found = 0
        for _ in 0..<3_000 {
            let (dialect, input) = Self.records(&random)
            // Bytes after the input that a block of 64 may read: quotes and delimiters among them.
            let junk: [UInt8] = [dialect.quote, dialect.delimiter, 10, UInt8(ascii: "q")]
            let padded =
                input + (0..<Int.random(in: 0...80, using: &random)).map { _ in junk.randomElement(using: &random)! }
            padded.withUnsafeBufferPointer { whole in
                let buffer = UnsafeBufferPointer(rebasing: whole[0..<input.count])
                var cursor = CSVCursor(startOf: buffer)
                var fields: [CSVField] = []
                var issues: [CSVIssue] = []
                while let span = CSVScanner.scanRecord(
                    in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues, wholeRecords: false
                ) {
                    // Fields that are simple up to here, in a record with a line end and with
                    // 64 bytes readable after the field: those it must find.
                    var simple = issues.isEmpty && span.byteRange.upperBound < cursor.offset
                    for index in 0...fields.count {
                        let one = CSVScanner.simpleField(
                            index, in: whole, from: span.byteRange.lowerBound, before: cursor.offset, dialect: dialect)
                        if index < fields.count {
                            let content = fields[index].contentRange
                            simple =
                                simple && !fields[index].needsUnescaping
                                && !buffer[content].contains { $0 == 10 || $0 == 13 }
                            if simple, content.upperBound + 64 <= whole.count {
                                eligible += 1
                                if one != nil { found += 1 }
                            }
                        }
                        guard let one else { continue }
                        #expect(index < fields.count)
                        guard index < fields.count else { break }
                        #expect(!fields[index].needsUnescaping)
                        #expect(one == fields[index].contentRange)
                    }
                }
            }
        }
        // Nearly every simple field is found so (a closing quote that ends a block of 64 is left
        // to the loop), and so was compared.
        #expect(eligible > 10_000)
        #expect(found * 10 >= eligible * 9)
    }

    /// A record whose fields are all simple (no doubled quote, no quoted line break, no
    /// problem) and that ends in a line end is read by the quotes' parity as the field loop
    /// reads it, whole or up to a few fields, with bytes of every kind after it; any other
    /// record, or one that reaches the limit it is given, is left to the other scans.
    @Test func simpleRecordsAreReadByTheirQuotesParityAsTheFieldLoopReadsThem() {
        var random = SeededRandom(seed: 20_261_206)
        var eligible = 0
        var answered = 0
        for _ in 0..<3_000 {
            let (dialect, input) = Self.records(&random)
            let junk: [UInt8] = [dialect.quote, dialect.delimiter, 10, 13, UInt8(ascii: "q")]
            let padded =
                input + (0..<Int.random(in: 0...80, using: &random)).map { _ in junk.randomElement(using: &random)! }
            padded.withUnsafeBufferPointer { whole in
                let buffer = UnsafeBufferPointer(rebasing: whole[0..<input.count])
                var cursor = CSVCursor(startOf: buffer)
                var fields: [CSVField] = []
                var issues: [CSVIssue] = []
                while let span = CSVScanner.scanRecord(
                    in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues, wholeRecords: false
                ) {
                    // The record's own problems: the scan adds them to those of the records before.
                    defer { issues.removeAll() }
                    let start = span.byteRange.lowerBound
                    let simple =
                        issues.isEmpty && span.byteRange.upperBound < cursor.offset && fields.count <= 32
                        && fields.allSatisfy { field in
                            !field.needsUnescaping && !buffer[field.contentRange].contains { $0 == 10 || $0 == 13 }
                        }
                    // Each block of 64 bytes from the record's start, up to the one with its line
                    // end, must be readable.
                    let lastBlock = start + (span.byteRange.upperBound - start) / 64 * 64
                    let readable = lastBlock + 64 <= whole.count
                    if simple, readable { eligible += 1 }
                    var found: [CSVField] = [CSVField(contentRange: 0..<1, isQuoted: false, needsUnescaping: false)]
                    let before = found
                    let read = CSVScanner.scanSimpleRecord(
                        in: whole, from: start, before: cursor.offset, dialect: dialect, fields: &found,
                        fieldLimit: .max)
                    if let read {
                        answered += 1
                        #expect(simple)
                        #expect(found == fields)
                        #expect(read.end == span.byteRange.upperBound)
                        #expect(read.next == cursor.offset)
                        #expect(read.lines == 1)
                        // Up to a few fields, as a scan stopped early reads them.
                        let limit = Int.random(in: 1...fields.count, using: &random)
                        var first: [CSVField] = []
                        let stopped = CSVScanner.scanSimpleRecord(
                            in: whole, from: start, before: cursor.offset, dialect: dialect, fields: &first,
                            fieldLimit: limit)
                        #expect(first == Array(fields.prefix(limit)))
                        if limit < fields.count {
                            let end = fields[limit - 1].contentRange.upperBound + (fields[limit - 1].isQuoted ? 1 : 0)
                            #expect(stopped?.end == end && stopped?.next == end && stopped?.lines == 0)
                        }
                        // A limit at the line end leaves the record to the other scans.
                        var cut = before
                        #expect(
                            CSVScanner.scanSimpleRecord(
                                in: whole, from: start, before: span.byteRange.upperBound, dialect: dialect,
                                fields: &cut, fieldLimit: .max) == nil)
                        #expect(cut == before)
                    } else {
                        #expect(found == before, "fields are left as they were")
                        #expect(!(simple && readable), "a simple record is read")
                    }
                }
            }
        }
        #expect(eligible > 300)
        #expect(answered == eligible)
    }

    /// A record with no line end before its limit is left to the other scans after the block
    /// that reaches the limit, not read on to the buffer's end: in a file cut short under its
    /// table, zeros with no stop fill the rest, and every row read so would read all of them.
    /// The pages past the limit's block are unreadable here, so reading on ends the test.
    @Test func aRecordWithoutAStopBeforeItsLimitIsNotReadPastIt() throws {
        let page = Int(sysconf(Int32(_SC_PAGESIZE)))
        let mapped = try #require(
            mmap(nil, page * 3, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0).flatMap {
                $0 == MAP_FAILED ? nil : $0
            })
        defer { munmap(mapped, page * 3) }
        let bytes = mapped.bindMemory(to: UInt8.self, capacity: page * 3)
        // A quoted name, then no stop: the bytes a row of a cut-short file is read from.
        bytes.initialize(repeating: 0, count: page * 3)
        for (index, byte) in "\"x\",y".utf8.enumerated() { bytes[index] = byte }
        #expect(mprotect(mapped + page, page * 2, PROT_NONE) == 0)
        let whole = UnsafeBufferPointer(start: bytes, count: page * 3)
        var fields: [CSVField] = []
        for limit in [3, 5, 64, 100, page - 64] {
            #expect(
                CSVScanner.scanSimpleRecord(
                    in: whole, from: 0, before: limit, dialect: .comma, fields: &fields, fieldLimit: .max) == nil)
        }
        #expect(fields.isEmpty)
    }

    /// One to four records of up to 40 fields (``field(_:_:)``) in one of four dialects, each
    /// ended by LF, CRLF or CR or, at times, by nothing.
    private static func records(_ random: inout SeededRandom) -> (CSVDialect, [UInt8]) {
        let dialects: [CSVDialect] = [
            .comma, .tab, .pipe, CSVDialect(delimiter: UInt8(ascii: ";"), quote: UInt8(ascii: "'")),
        ]
        let ends: [[UInt8]] = [[10], [13, 10], [13]]
        let dialect = dialects[Int.random(in: 0..<dialects.count, using: &random)]
        var input: [UInt8] = []
        for _ in 0..<Int.random(in: 1...4, using: &random) {
            for field in 0..<Int.random(in: 1...40, using: &random) {
                if field > 0 { input.append(dialect.delimiter) }
                input += Self.field(dialect, &random)
            }
            if Int.random(in: 0..<8, using: &random) > 0 { input += ends[Int.random(in: 0..<3, using: &random)] }
        }
        return (dialect, input)
    }

    /// A field: mostly well formed (text of any length, quoted text with delimiters, doubled
    /// quotes and line breaks), sometimes with a problem (a stray quote, text after the closing
    /// quote, a quote never closed).
    private static func field(_ dialect: CSVDialect, _ random: inout SeededRandom) -> [UInt8] {
        let text: [[UInt8]] = [
            Array("a".utf8), Array("台積電".utf8), Array("1,234.50".utf8), Array(" ".utf8), [0xFF],
            Array(repeating: UInt8(ascii: "x"), count: 23), Array(repeating: UInt8(ascii: "y"), count: 70),
        ]
        var bytes: [UInt8] = []
        for _ in 0..<Int.random(in: 0...3, using: &random) {
            bytes += text[Int.random(in: 0..<text.count, using: &random)]
        }
        let quote = dialect.quote
        switch Int.random(in: 0..<400, using: &random) {
        case 0: return bytes + [quote] + bytes
        case 1: return [quote] + bytes + [quote, UInt8(ascii: "z")]
        case 2: return [quote] + bytes
        case 3..<200:
            bytes.removeAll { $0 == dialect.delimiter }
            return bytes
        default:
            var inside = bytes
            for _ in 0..<Int.random(in: 0...2, using: &random) {
                let extra: [[UInt8]] = [[dialect.delimiter], [quote, quote], [10], [13, 10], [13]]
                inside.insert(
                    contentsOf: extra[Int.random(in: 0..<extra.count, using: &random)],
                    at: Int.random(in: 0...inside.count, using: &random))
            }
            return [quote] + inside + [quote]
        }
    }

    /// A scan that stops after a few fields finds those fields of the record as a whole scan
    /// finds them, whatever the quoting: a column early in a record is read without the rest.
    @Test func aScanStoppedAfterAFewFieldsFindsThoseFields() {
        var state: UInt64 = 2_026
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        for _ in 0..<20_000 {
            var input: [UInt8] = []
            for _ in 0..<next(30) { input += Self.pieces[next(Self.pieces.count)] }
            input.withUnsafeBufferPointer { buffer in
                var whole = CSVCursor(startOf: buffer)
                var fields: [CSVField] = []
                var issues: [CSVIssue] = []
                while true {
                    let start = whole
                    guard
                        CSVScanner.scanRecord(
                            in: buffer, cursor: &whole, dialect: .comma, fields: &fields, issues: &issues) != nil
                    else { break }
                    for limit in 1...(fields.count + 1) {
                        var cursor = start
                        var limited: [CSVField] = []
                        var limitedIssues: [CSVIssue] = []
                        let span = CSVScanner.scanRecord(
                            in: buffer, cursor: &cursor, dialect: .comma, fields: &limited,
                            issues: &limitedIssues, fieldLimit: limit)
                        #expect(span != nil)
                        #expect(limited == Array(fields.prefix(limit)), "\(input) stopped after \(limit)")
                    }
                }
            }
        }
    }
}
