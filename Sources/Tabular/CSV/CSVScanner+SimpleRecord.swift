extension CSVScanner {
    /// The most fields ``scanSimpleRecord(in:from:before:dialect:fields:fieldLimit:)`` gathers (on
    /// the stack, 768 bytes); a wider record is left to the well-formed scan.
    private static let simpleFields = 32

    /// Reads the record at `start` when every field is simple: unquoted without a quote, or
    /// quoted without a doubled quote or a line break inside, and 64 bytes can be read from
    /// each block of the record (``SimpleRecordScan``).
    /// Nearly every record of the exchanges' files (quoted numbers, names) is such a record.
    ///
    /// - Parameters:
    ///   - buffer: The input; bytes past `limit` may be read but are not the record's.
    ///   - start: Where the record starts.
    ///   - limit: Where the record ends at the latest: a record of a table whose next record
    ///     starts there is read without a copy of the buffer that ends there.
    ///   - dialect: The delimiter and quote.
    ///   - fields: Given the record's fields, in place of what it holds.
    ///   - fieldLimit: The scan stops after this many fields, as
    ///     ``scanRecord(in:cursor:dialect:fields:issues:fieldLimit:wholeRecords:)``'s does.
    /// - Returns: As ``scanWellFormedRecord(in:from:dialect:fields:fieldLimit:)`` returns for
    ///   the same record in the bytes before `limit`; `nil`, leaving `fields` as it was, for any
    ///   other record (or one that reaches `limit`), which the well-formed scan reads instead.
    @inline(__always)
    package static func scanSimpleRecord(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int, dialect: CSVDialect,
        fields: inout [CSVField], fieldLimit: Int
    ) -> (end: Int, next: Int, lines: Int)? {
        withUnsafeTemporaryAllocation(of: CSVField.self, capacity: simpleFields) { found in
            guard
                let (end, next, lines, count) = gatherSimpleFields(
                    in: buffer, from: start, before: limit, dialect: dialect, found: found,
                    fieldLimit: fieldLimit)
            else { return nil }
            put(UnsafeBufferPointer(rebasing: found[..<count]), into: &fields, spilled: false)
            return (end, next, lines)
        }
    }

    /// ``scanSimpleRecord(in:from:before:dialect:fields:fieldLimit:)`` with its fields put in
    /// `found`: how many, besides where the record ends.
    @inline(__always)
    private static func gatherSimpleFields(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int, dialect: CSVDialect,
        found: UnsafeMutableBufferPointer<CSVField>, fieldLimit: Int
    ) -> (end: Int, next: Int, lines: Int, count: Int)? {
        var gatherer = Gatherer(found: found, fieldLimit: fieldLimit)
        let record = SimpleRecordScan.visit(
            in: buffer, from: start, before: limit, delimiter: dialect.delimiter, quote: dialect.quote,
            visitor: &gatherer)
        return record.map { ($0.end, $0.next, $0.lines, gatherer.taken) }
    }

    /// Puts a simple record's fields in `found`, up to `fieldLimit`.
    private struct Gatherer: SimpleFieldVisitor {
        let found: UnsafeMutableBufferPointer<CSVField>
        let fieldLimit: Int
        var taken = 0

        var marksNonASCII: Bool { false }

        @inline(__always)
        mutating func visit(content: Range<Int>, quoted: Bool, nonASCII: Bool) -> SimpleFieldAnswer {
            guard taken < found.count else { return .refuse }
            found.initializeElement(
                at: taken, to: CSVField(contentRange: content, isQuoted: quoted, needsUnescaping: false))
            taken &+= 1
            return taken < fieldLimit ? .next : .stop
        }
    }
}
