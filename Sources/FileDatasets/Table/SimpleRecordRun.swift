import Tabular

/// Reads the fields of runs of simple records, for a pass over a table's values (`stats`): a
/// run of records is read as one stream of 64-byte blocks, each classified once
/// (``SimpleRecordBlocks``), and each field found is kept as where its content starts and ends.
/// Read a record at a time, each record classified its blocks again from its own start, and
/// its fields were found through a visitor and copied into a list of fields: about 70
/// instructions a field.
///
/// Made once for a piece of the table and reused for each run.
struct SimpleRecordRun {
    private let buffer: UnsafeBufferPointer<UInt8>
    private let delimiter: UInt8
    private let quote: UInt8
    private let columns: Int
    /// Where each field of the records the last run read starts and ends, inside its quotes:
    /// record r's field c at `2 * (r * columns + c)`.
    let fields: UnsafeMutableBufferPointer<Int>
    /// The starts of the records the last run read.
    let starts: UnsafeMutableBufferPointer<Int>

    /// The most records a run reads.
    static let longestRun = 64

    /// A reader of records of `columns` fields.
    init(buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, columns: Int) {
        self.buffer = buffer
        delimiter = dialect.delimiter
        quote = dialect.quote
        self.columns = columns
        fields = .allocate(capacity: 2 * Self.longestRun * columns)
        starts = .allocate(capacity: Self.longestRun)
    }

    func deallocate() {
        fields.deallocate()
        starts.deallocate()
    }

    /// Reads the records from `start` on, one after another, while each is simple and has
    /// exactly `columns` fields, and 64 bytes can be read from each of its blocks. Stops after
    /// `wanted` records (at most ``longestRun``), at the first that starts at or past `end` or
    /// runs on to it, and before any other record (a blank line, one that is not simple),
    /// which the caller reads field by field. No block is read from `end` on: under a table
    /// whose file was cut short, the bytes past the new end read as zeros, with no stop to end
    /// a record, and a pass over every row must stay O(n).
    ///
    /// The bytes are not checked for UTF-8: a pass over values reads them as they are.
    ///
    /// - Returns: How many records were read; their starts are in ``starts`` and their fields
    ///   in ``fields``.
    /// - Complexity: O(n) in the length of the records.
    func read(at start: Int, records wanted: Int, before end: Int) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        let (count, delimiter, quote, columns, fields, starts) = (
            buffer.count, delimiter, quote, columns, fields, starts
        )
        let wanted = min(wanted, Self.longestRun)
        // A blank line is skipped or read as an empty record as the dialect says: left to the
        // record scan.
        guard wanted > 0, start < end, start < count, base[start] != 0x0A, base[start] != 0x0D else { return 0 }
        var taken = 0
        var fieldStart = start
        var column = 0
        // Where the next field's start and end go in `fields`.
        var slot = 0
        var block = start
        var blocks = SimpleRecordBlocks()
        starts[0] = start
        while block < end, block &+ 64 <= count {
            let read = blocks.read(base, at: block, count: count, delimiter: delimiter, quote: quote)
            var left = read.stops
            while left != 0 {
                let stopBit = left & (0 &- left)
                left &= left &- 1
                let stop = block &+ stopBit.trailingZeroBitCount
                guard column < columns, stop < end else { return taken }
                // An empty field's first byte is its stop, never a quote.
                let quotes = base[fieldStart] == quote ? 1 : 0
                fields[slot] = fieldStart &+ quotes
                fields[slot &+ 1] = stop &- quotes
                slot &+= 2
                column &+= 1
                if read.delimiters & stopBit != 0 {
                    fieldStart = stop &+ 1
                    continue
                }
                guard column == columns else { return taken }
                var following = stop &+ 1
                if base[stop] == 0x0D, following < count, base[following] == 0x0A { following &+= 1 }
                taken &+= 1
                guard taken < wanted, following < end, following < count, base[following] != 0x0A,
                    base[following] != 0x0D
                else { return taken }
                starts[taken] = following
                fieldStart = following
                column = 0
            }
            // A byte that breaks the rules after the last stop: the record running on holds it.
            guard read.broken == 0 else { return taken }
            block &+= 64
        }
        return taken
    }
}
