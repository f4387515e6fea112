import CSVStops

extension CSVScanner {
    /// The content of field `index` of the record at `start`, found without reading the
    /// fields before it one by one: when every field up to it is simple (unquoted without a
    /// quote, or quoted without a doubled quote or a line break inside), the record's
    /// delimiters outside quotes are told from those inside by the parity of the quotes
    /// before them, 64 bytes at a time, and the field is where the `index`-th one ends. `nil`
    /// for any other record (a line end before the field, a doubled quote, a stray quote),
    /// which the field loop reads instead.
    ///
    /// A pass over one column of a file (its chart, the counts of its values) reads each
    /// record only this far, and gathers none of its fields: following the fields one after
    /// the other made each field's end wait for the one before.
    ///
    /// - Parameters:
    ///   - index: The field wanted (0 is the first).
    ///   - buffer: The input; bytes past `limit` may be read but are not the record's.
    ///   - start: Where the record starts.
    ///   - limit: Where the record ends at the latest (where the next one starts).
    ///   - dialect: The delimiter and quote.
    /// - Returns: The field's bytes without its quotes, as the field loop gives its content.
    /// - Complexity: O(n) in the bytes up to the field's end.
    package static func simpleField(
        _ index: Int, in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int, dialect: CSVDialect
    ) -> Range<Int>? {
        guard let base = buffer.baseAddress, index >= 0, start < limit, limit <= buffer.count else { return nil }
        var block = start
        // All ones when the block starts inside quotes.
        var inside: UInt64 = 0
        // Bit 0 set when the byte before the block ends a field: the record's start, or a delimiter.
        var afterDelimiter: UInt64 = 1
        var delimitersLeft = index
        var fieldStart = index == 0 ? start : -1
        while block < limit {
            // The last block of the file is left to the field loop: it cannot be read 64 bytes at once.
            guard block &+ 64 <= buffer.count else { return nil }
            let marks = csv_marks_64(base + block, dialect.delimiter, dialect.quote)
            let left = limit &- block
            let within: UInt64 = left >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: left)) &- 1
            let quotes = marks.quotes & within
            // Bit i set when byte i is inside quotes: an odd number of quotes up to it (an opening
            // quote is inside, a closing one not).
            let quoted = SimpleRecordScan.quoteParity(quotes) ^ inside
            let delimiters = marks.delimiters & within & ~quoted
            let lineEnds = marks.lineEnds & within & ~quoted
            // The bytes this block answers for: up to the stop that ends the wanted field, or
            // the record, whichever comes first.
            var region = within
            var end: Int?
            if fieldStart < 0 {
                let recordEnd = lineEnds.trailingZeroBitCount
                let before: UInt64 = recordEnd >= 64 ? ~0 : (1 &<< UInt64(recordEnd)) &- 1
                var passed = delimiters & before
                let count = passed.nonzeroBitCount
                if count < delimitersLeft {
                    // The record ends before the field: a short row, for the loop to say so.
                    if lineEnds != 0 || left <= 64 { return nil }
                    delimitersLeft &-= count
                } else {
                    for _ in 1..<delimitersLeft { passed &= passed &- 1 }
                    fieldStart = block &+ passed.trailingZeroBitCount &+ 1
                    delimitersLeft = 0
                }
            }
            if fieldStart >= 0 {
                let from = max(0, fieldStart &- block)
                let stops = from >= 64 ? 0 : (delimiters | lineEnds) & (~0 &<< UInt64(from))
                if stops != 0 {
                    let stop = stops.trailingZeroBitCount
                    end = block &+ stop
                    region &= (1 &<< UInt64(stop)) &- 1
                } else if left <= 64 {
                    // The field runs to the end of the input, a last line without its line end.
                    return nil
                }
            }
            let opening = quotes & quoted & region
            let closing = quotes & ~quoted & region
            let follows = (delimiters &<< 1) | afterDelimiter
            let precedes = (delimiters | lineEnds) &>> 1
            // A quote opening a field follows a delimiter, and a closing quote comes right before
            // a delimiter or a line end in this block; a line break stays out of quotes.
            guard opening & ~follows == 0, closing & ~precedes == 0, marks.lineEnds & quoted & region == 0 else {
                return nil
            }
            if let end {
                guard fieldStart < end, buffer[fieldStart] == dialect.quote else { return fieldStart..<end }
                // A quoted field: its closing quote is right before the stop that ends it.
                return (fieldStart &+ 1)..<(end &- 1)
            }
            inside = quoted >> 63 == 0 ? 0 : ~0
            afterDelimiter = delimiters >> 63
            block &+= 64
        }
        return nil
    }
}
