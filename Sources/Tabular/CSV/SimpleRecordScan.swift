import CSVStops

/// What a ``SimpleFieldVisitor`` asks for after a field.
public enum SimpleFieldAnswer {
    /// The next field, if the record has one.
    case next
    /// No more: the record ends at this field's end, for a caller that wanted its first few.
    case stop
    /// The record is not read this way: the scan answers `nil`.
    case refuse
}

/// What reads a simple record's fields one by one (``SimpleRecordScan``).
public protocol SimpleFieldVisitor {
    /// Whether each field is told if it holds a byte that is not ASCII.
    var marksNonASCII: Bool { get }
    /// Reads the record's next field, its content inside its quotes when `quoted`, and says
    /// whether to go on.
    mutating func visit(content: Range<Int>, quoted: Bool, nonASCII: Bool) -> SimpleFieldAnswer
}

/// The reading of a simple record: every field unquoted without a quote, or quoted without a
/// doubled quote or a line break inside, and 64 bytes readable from each block of the record.
/// The quotes' parity tells the delimiters and line ends outside quotes from those inside, 64
/// bytes at a time, and every field ends at the next of them: no byte of a field is compared,
/// and no field's end waits for a search from the one before.
///
/// Public, and given only the standard library's types, although the module is no product:
/// another module of the package has a public generic function compiled into its own loop, but
/// calls a `package` one (and through a table for each field) even when it is `@inlinable`.
public enum SimpleRecordScan {
    /// Gives `visitor` each field of the simple record at `start`, its content (inside its
    /// quotes) and whether it holds a byte that is not ASCII (found only when the visitor asks;
    /// false otherwise).
    ///
    /// The quotes' parity tells the delimiters and line ends outside quotes from those inside,
    /// 64 bytes at a time, and every field ends at the next of them: no byte of a field is
    /// compared, and no field's end waits for a search from the one before.
    ///
    /// - Returns: Where the record's bytes end, where the next record starts and how many lines
    ///   it ends (1, or 0 when the visitor stopped early); `nil` for a record that is not simple
    ///   or that the visitor refused, after visiting some of its fields.
    @inlinable @inline(__always)
    public static func visit<Visitor: SimpleFieldVisitor>(
        in buffer: UnsafeBufferPointer<UInt8>, from start: Int, before limit: Int, delimiter: UInt8, quote: UInt8,
        visitor: inout Visitor
    ) -> (end: Int, next: Int, lines: Int)? {
        let marksNonASCII = visitor.marksNonASCII
        let lineFeed: UInt8 = 0x0A
        let carriageReturn: UInt8 = 0x0D
        guard let base = buffer.baseAddress else { return nil }
        let count = buffer.count
        let limit = min(limit, count)
        var block = start
        // All ones when the block starts inside quotes.
        var inside: UInt64 = 0
        // Bit 0 set when the byte before the block ends a field: the record's start, or a delimiter.
        var afterDelimiter: UInt64 = 1
        var fieldStart = start
        // The field being read held a byte that is not ASCII in a block before this one.
        var highBefore = false
        while true {
            // A record that runs to `limit` is not read here: past it, in a file cut short
            // under its table, lie zeros without a stop, which would be read to the buffer's end.
            guard block < limit, block &+ 64 <= count else { return nil }
            let marks = csv_marks_64(base + block, delimiter, quote)
            let high = marksNonASCII ? csv_non_ascii_64(base + block) : 0
            let quoted = quoteParity(marks.quotes) ^ inside
            let delimiters = marks.delimiters & ~quoted
            let lineEnds = marks.lineEnds & ~quoted
            // The bytes this block answers for: up to the record's line end, or all of them.
            let region: UInt64 = lineEnds == 0 ? ~0 : (lineEnds ^ (lineEnds &- 1))
            // Whether the byte after the block ends a field, for a closing quote in its last byte.
            var beyond: UInt64 = 0
            if block &+ 64 < count {
                let next = buffer[block &+ 64]
                if next == delimiter || next == lineFeed || next == carriageReturn { beyond = 1 &<< 63 }
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
                let position = stops.trailingZeroBitCount
                let end = block &+ position
                stops &= stops &- 1
                guard end < limit else { return nil }
                // The field's bytes in this block: from its start (or the block's) to its end.
                var nonASCII = false
                if marksNonASCII {
                    let below = (1 &<< UInt64(truncatingIfNeeded: position)) &- 1
                    let from = fieldStart > block ? fieldStart &- block : 0
                    nonASCII = highBefore || high & below & ~((1 &<< UInt64(truncatingIfNeeded: from)) &- 1) != 0
                    highBefore = false
                }
                let quoted = fieldStart < end && buffer[fieldStart] == quote
                let content = quoted ? (fieldStart &+ 1)..<(end &- 1) : fieldStart..<end
                switch visitor.visit(content: content, quoted: quoted, nonASCII: nonASCII) {
                case .next: break
                case .stop: return (end, end, 0)
                case .refuse: return nil
                }
                let byte = buffer[end]
                if byte == delimiter {
                    fieldStart = end &+ 1
                    continue
                }
                var next = end &+ 1
                if byte == carriageReturn, next < limit, buffer[next] == lineFeed { next &+= 1 }
                return (end, next, 1)
            }
            // The field runs on into the next block: what it held of this one.
            if marksNonASCII {
                let from = fieldStart &- block
                if from < 64 { highBefore = highBefore || high &>> UInt64(truncatingIfNeeded: max(0, from)) != 0 }
            }
            inside = quoted >> 63 == 0 ? 0 : ~0
            afterDelimiter = delimiters >> 63
            block &+= 64
        }
    }

    /// Bit i set when an odd number of the quotes up to and including byte i are set in
    /// `quotes`: inside quotes, counting an opening quote in and a closing one out.
    @inlinable @inline(__always)
    public static func quoteParity(_ quotes: UInt64) -> UInt64 {
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
