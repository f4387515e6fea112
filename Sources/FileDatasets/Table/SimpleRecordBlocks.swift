import CSVStops
import Tabular

/// The stops of a stream of simple records, read 64 bytes at a time: what the readers of runs
/// of records (``SimpleRecordIndex``, ``SimpleRecordRun``) share. A simple record has every
/// field unquoted without a quote, or quoted without a doubled quote or a line break inside.
///
/// The quotes' parity tells the delimiters and line ends outside quotes from those inside, and
/// every field ends at the next of them: no byte of a field is compared, and no field's end
/// waits for a search from the one before.
struct SimpleRecordBlocks {
    /// All ones when the next block starts inside quotes.
    private var inside: UInt64 = 0
    /// Bit 0 set when the byte before the next block ends a field: a record's start, or a stop.
    private var afterStop: UInt64 = 1
    /// Bit 0 set when the byte before the next block is a line end outside quotes.
    private var lineEndBefore: UInt64 = 0

    /// What a block holds.
    struct Block {
        /// The stops that end a field, in order: the delimiters and line ends outside quotes,
        /// but not the LF of a CR LF nor a blank line's, and none from the first byte that
        /// breaks the rules on.
        var stops: UInt64
        /// The delimiters outside quotes.
        var delimiters: UInt64
        /// The bytes that break the rules: a quote opening a field that does not follow a stop,
        /// a closing quote that does not come right before one (a doubled or stray quote), and
        /// a line break inside quotes. The record running on past the last stop holds the first.
        var broken: UInt64
    }

    /// Classifies the block of 64 bytes at `block` (which must all be readable), carrying what
    /// the next block needs to know of its end.
    @inline(__always)
    mutating func read(
        _ base: UnsafePointer<UInt8>, at block: Int, count: Int, delimiter: UInt8, quote: UInt8
    ) -> Block {
        let marks = csv_marks_64(base + block, delimiter, quote)
        let quoted = SimpleRecordScan.quoteParity(marks.quotes) ^ inside
        let delimiters = marks.delimiters & ~quoted
        let lineEnds = marks.lineEnds & ~quoted
        let allStops = delimiters | lineEnds
        // Whether the byte after the block ends a field, for a closing quote in its last byte.
        var beyond: UInt64 = 0
        if block &+ 64 < count {
            let following = base[block &+ 64]
            if following == delimiter || following == 0x0A || following == 0x0D { beyond = 1 &<< 63 }
        }
        let opening = marks.quotes & quoted
        let closing = marks.quotes & ~quoted
        let broken =
            opening & ~((allStops &<< 1) | afterStop) | closing & ~((allStops &>> 1) | beyond)
            | marks.lineEnds & quoted
        // The second of two line ends in a row stops nothing: the LF of a CR LF, which the CR
        // ended, or a blank line, which ends the run when the record before it ends.
        let stops = allStops & ~(lineEnds & (lineEnds &<< 1 | lineEndBefore)) & (broken &- 1 & ~broken)
        inside = quoted >> 63 == 0 ? 0 : ~0
        afterStop = allStops >> 63
        lineEndBefore = lineEnds >> 63
        return Block(stops: stops, delimiters: delimiters, broken: broken)
    }
}
