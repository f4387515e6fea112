import CSVStops
import ListKit
import Tabular

/// The index's reading of simple records: where each ends, whether it is UTF-8, and each
/// column's cells, found as its bytes are read 64 at a time. No list of fields is made and
/// read again: making one, marking its fields that are not ASCII, then measuring each was most
/// of the index of a large file.
///
/// A run of records is read as one stream of blocks. Read a record at a time, each record
/// classified the bytes of its blocks again from its own start (a record of 100 bytes read 128),
/// and its fields went through a visitor whose state the compiler kept in memory: about 90
/// instructions a field.
///
/// Made once for a piece of the file and reused for each run: a width copied at every record
/// would be retained and released by every core at once.
struct SimpleRecordIndex {
    private let buffer: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    private let quote: UInt8
    private let columns: Int
    private let width: TextWidth
    private let measures: Bool
    /// Each column's cells in the record being read, when measured.
    private let cells: UnsafeMutableBufferPointer<Int>
    /// The starts of the records the last run read.
    let starts: UnsafeMutableBufferPointer<Int>
    /// Where the record after the last run's starts: the first it did not read.
    private(set) var next = 0

    /// The most records a run reads.
    static let longestRun = 64

    /// A reader of records of `columns` fields that measures them with `width` when `measures`
    /// (a width that gives ASCII a cell a byte); otherwise records are only read and checked.
    init(buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, columns: Int, width: TextWidth, measures: Bool) {
        self.buffer = buffer
        delimiter = dialect.delimiter
        quote = dialect.quote
        self.columns = columns
        self.width = width
        self.measures = measures
        cells = .allocate(capacity: columns)
        cells.initialize(repeating: 0)
        starts = .allocate(capacity: Self.longestRun)
    }

    func deallocate() {
        cells.deallocate()
        starts.deallocate()
    }

    /// Reads the records from `start` on, one after another, while each is simple: every field
    /// unquoted without a quote, or quoted without a doubled quote or a line break inside,
    /// exactly `columns` fields, each that is not ASCII UTF-8, and 64 bytes readable from each
    /// block. Stops after `wanted` records (at most ``longestRun``), at the first that starts at
    /// or past `end`, and before any other record (a blank line, one that is not simple), which
    /// the index then reads field by field, finding and reporting what is wrong with it.
    ///
    /// The quotes' parity tells the delimiters and line ends outside quotes from those inside,
    /// 64 bytes at a time, and every field ends at the next of them: no byte of a field is
    /// compared, and no field's end waits for a search from the one before.
    ///
    /// - Parameter widest: Widened to each record's cells as it is read, when measured.
    /// - Returns: How many records were read; their starts are in ``starts``, and ``next`` is
    ///   where the one after them starts.
    /// - Complexity: O(n) in the length of the records.
    mutating func readRun(
        at start: Int, records wanted: Int, before end: Int, widening widest: UnsafeMutableBufferPointer<Int>
    ) -> Int {
        next = start
        guard let base = buffer.baseAddress else { return 0 }
        let (count, delimiter, quote, columns, measures) = (buffer.count, delimiter, quote, columns, measures)
        let (cells, starts, width) = (cells, starts, width)
        let wanted = min(wanted, Self.longestRun)
        var taken = 0
        var recordStart = start
        var fieldStart = start
        var column = 0
        var block = start
        var blocks = SimpleRecordBlocks()
        // The field being read held a byte that is not ASCII in a block before this one.
        var highBefore = false
        // A blank line is skipped or read as an empty record as the dialect says: left to the
        // record scan.
        guard start < count, base[start] != 0x0A, base[start] != 0x0D else { return 0 }
        while block &+ 64 <= count {
            let read = blocks.read(base, at: block, count: count, delimiter: delimiter, quote: quote)
            var left = read.stops
            // The bytes that are not ASCII after the last stop met.
            var high = csv_non_ascii_64(base + block)
            // The loop keeps what a field needs in registers: its stop as a bit, with masks
            // below it, rather than shifts by its position.
            while left != 0 {
                let stopBit = left & (0 &- left)
                left &= left &- 1
                let stop = block &+ stopBit.trailingZeroBitCount
                guard column < columns else { return taken }
                let nonASCII = highBefore || high & (stopBit &- 1) != 0
                high &= ~(stopBit | (stopBit &- 1))
                highBefore = false
                // An empty field's first byte is its stop, never a quote.
                let quotes = base[fieldStart] == quote ? 1 : 0
                var measured = stop &- fieldStart &- 2 &* quotes
                if nonASCII {
                    let counted = Self.cells(
                        of: buffer, from: fieldStart &+ quotes, to: stop &- quotes, width, measures)
                    guard let counted else { return taken }
                    measured = counted
                }
                cells[column] = measured
                column &+= 1
                if read.delimiters & stopBit != 0 {
                    fieldStart = stop &+ 1
                    continue
                }
                guard column == columns else { return taken }
                var following = stop &+ 1
                if base[stop] == 0x0D, following < count, base[following] == 0x0A { following &+= 1 }
                starts[taken] = recordStart
                taken &+= 1
                if measures {
                    for index in 0..<columns where cells[index] > widest[index] { widest[index] = cells[index] }
                }
                next = following
                guard taken < wanted, following < end, following < count, base[following] != 0x0A,
                    base[following] != 0x0D
                else { return taken }
                recordStart = following
                fieldStart = following
                column = 0
            }
            // A byte that breaks the rules after the last stop: the record running on holds it.
            guard read.broken == 0 else { return taken }
            // The field runs on into the next block: what it held of this one.
            highBefore = highBefore || high != 0
            block &+= 64
        }
        return taken
    }

    /// The cells of a field that is not ASCII, or `nil` when it is not UTF-8; 0 when not measured.
    /// A text of ASCII and CJK ideographs is UTF-8 as it is counted.
    @inline(never)
    private static func cells(
        of buffer: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int, _ width: TextWidth, _ measures: Bool
    ) -> Int? {
        let bytes = UnsafeBufferPointer(rebasing: buffer[start..<end])
        if measures, let counted = width.ofASCIIAndIdeographs(utf8: bytes) { return counted }
        guard
            UTF8Validation.isASCIIOrPlainThreeByte(buffer, from: start, to: end)
                || UTF8Validation.firstInvalid(buffer, from: start, to: end) == nil
        else { return nil }
        return measures ? width.of(utf8: bytes) : 0
    }
}
