import CSVStops

extension CSVScanner {
    /// The most fields ``scanSimpleRecord(in:from:before:dialect:fields:fieldLimit:)`` gathers (on
    /// the stack, 768 bytes); a wider record is left to the well-formed scan.
    private static let simpleFields = 32

    /// Reads the record at `start` when every field is simple: unquoted without a quote, or
    /// quoted without a doubled quote or a line break inside, and 64 bytes can be read from
    /// each block of the record. The quotes' parity tells the delimiters and line ends outside
    /// quotes from those inside, 64 bytes at a time, and every field ends at the next of them:
    /// no byte of a field is compared, and no field's end waits for a search from the one before.
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
                    in: buffer, from: start, before: min(limit, buffer.count), dialect: dialect, found: found,
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
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        let delimiter = dialect.delimiter
        let quote = dialect.quote
        var block = start
        // All ones when the block starts inside quotes.
        var inside: UInt64 = 0
        // Bit 0 set when the byte before the block ends a field: the record's start, or a delimiter.
        var afterDelimiter: UInt64 = 1
        var fieldStart = start
        var taken = 0
        while true {
            // A record that runs to `limit` is not read here: past it, in a file cut short
            // under its table, lie zeros without a stop, which would be read to the buffer's end.
            guard block < limit, block &+ 64 <= count else { return nil }
            let marks = csv_marks_64(base + block, delimiter, quote)
            let quoted = quoteParity(marks.quotes) ^ inside
            let delimiters = marks.delimiters & ~quoted
            let lineEnds = marks.lineEnds & ~quoted
            // The bytes this block answers for: up to the record's line end, or all of them.
            let region: UInt64 = lineEnds == 0 ? ~0 : (lineEnds ^ (lineEnds &- 1))
            // Whether the byte after the block ends a field, for a closing quote in its last byte.
            var beyond: UInt64 = 0
            if block &+ 64 < count {
                let next = buffer[block &+ 64]
                if next == delimiter || next == ASCII.lineFeed || next == ASCII.carriageReturn { beyond = 1 &<< 63 }
            }
            let opening = marks.quotes & quoted & region
            let closing = marks.quotes & ~quoted & region
            let follows = (delimiters &<< 1) | afterDelimiter
            let precedes = ((delimiters | lineEnds) &>> 1) | beyond
            // A quote opening a field follows a delimiter, a closing quote comes right before a
            // delimiter or a line end (so no quote is doubled or stray), and a line break stays
            // out of quotes.
            guard opening & ~follows == 0, closing & ~precedes == 0, marks.lineEnds & quoted & region == 0 else {
                return nil
            }
            var stops = (delimiters | lineEnds) & region
            while stops != 0 {
                let end = block &+ stops.trailingZeroBitCount
                stops &= stops &- 1
                guard end < limit, taken < found.count else { return nil }
                let field =
                    fieldStart < end && buffer[fieldStart] == quote
                    ? CSVField(contentRange: (fieldStart &+ 1)..<(end &- 1), isQuoted: true, needsUnescaping: false)
                    : CSVField(contentRange: fieldStart..<end, isQuoted: false, needsUnescaping: false)
                found.initializeElement(at: taken, to: field)
                taken &+= 1
                guard taken < fieldLimit else { return (end, end, 0, taken) }
                let byte = buffer[end]
                if byte == delimiter {
                    fieldStart = end &+ 1
                    continue
                }
                var next = end &+ 1
                if byte == ASCII.carriageReturn, next < limit, buffer[next] == ASCII.lineFeed { next &+= 1 }
                return (end, next, 1, taken)
            }
            inside = quoted >> 63 == 0 ? 0 : ~0
            afterDelimiter = delimiters >> 63
            block &+= 64
        }
    }

    /// Bit i set when an odd number of the quotes up to and including byte i are set in
    /// `quotes`: inside quotes, counting an opening quote in and a closing one out.
    @inline(__always)
    static func quoteParity(_ quotes: UInt64) -> UInt64 {
        var parity = quotes
        parity ^= parity &<< 1
        parity ^= parity &<< 2
        parity ^= parity &<< 4
        parity ^= parity &<< 8
        parity ^= parity &<< 16
        parity ^= parity &<< 32
        return parity
    }
}
