import CSVStops

/// Finds the scanner's next stop (a delimiter, quote or line end) 64 bytes at a time.
///
/// The stops of a block of 64 bytes are found at once and kept as two words of bits; each
/// field's end in the block is then a count of zero bits. A row of short fields costs a block
/// or two, where comparing 16 bytes from each field's start compared most bytes several times.
/// Make one per record scan.
struct StopWindow {
    private let delimiter: UInt8
    private let quote: UInt8
    /// Where the block starts: bit i of the masks stands for the byte at `start + i`.
    private var start = Int.min / 2
    /// Quotes and line ends in the block.
    private var quoted: UInt64 = 0
    /// Delimiters, quotes and line ends in the block.
    private var unquoted: UInt64 = 0

    @inline(__always)
    init(delimiter: UInt8, quote: UInt8) {
        self.delimiter = delimiter
        self.quote = quote
    }

    /// The first quote or line end at or after `index`, or `buffer.count`.
    ///
    /// - Complexity: O(n) in the bytes skipped.
    @inline(__always)
    mutating func nextQuoteOrLineEnd(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        next(in: buffer, from: index, delimiters: false)
    }

    /// The first delimiter, quote or line end at or after `index`, or `buffer.count`.
    ///
    /// - Complexity: O(n) in the bytes skipped.
    @inline(__always)
    mutating func nextStop(in buffer: UnsafeBufferPointer<UInt8>, from index: Int) -> Int {
        next(in: buffer, from: index, delimiters: true)
    }

    /// The first stop at or after `index`, delimiters among them or not, or `buffer.count`.
    @inline(__always)
    private mutating func next(in buffer: UnsafeBufferPointer<UInt8>, from index: Int, delimiters: Bool) -> Int {
        var index = index
        while true {
            let offset = index &- start
            if UInt(bitPattern: offset) < 64 {
                let left = (delimiters ? unquoted : quoted) & (~0 &<< UInt64(truncatingIfNeeded: offset))
                if left != 0 { return start &+ left.trailingZeroBitCount }
                index = start &+ 64
            }
            guard index < buffer.count else { return buffer.count }
            load(buffer, at: index)
        }
    }

    /// Finds the stops of the block at `index`, which is inside the buffer.
    @inline(__always)
    private mutating func load(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) {
        guard let base = buffer.baseAddress else { return }
        start = index
        let left = buffer.count &- index
        if left >= 64 {
            let stops = csv_stops_64(base + index, delimiter, quote)
            quoted = stops.quoted
            unquoted = stops.unquoted
            return
        }
        let stops = BlockOf64.reading(buffer, at: index) { csv_stops_64($0, delimiter, quote) }
        // No stop past the buffer's end, whatever the delimiter and quote.
        let inside: UInt64 = (1 &<< UInt64(truncatingIfNeeded: left)) &- 1
        quoted = stops.quoted & inside
        unquoted = stops.unquoted & inside
    }
}
