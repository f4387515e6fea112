/// Where each row's record starts, in four bytes a row for an input of any size.
///
/// A byte offset is kept as its low 32 bits; the 4 GiB segment it lies in is known from the
/// short list of rows at which the segment changes. Records are in file order, so their
/// offsets only grow and the list has one entry per 4 GiB of input (sixteen for 64 GiB).
struct RowOffsets: Sendable {
    /// Each row's offset within its segment.
    private(set) var low: [UInt32]
    /// The first row of each run of rows in one segment, with that segment's first byte;
    /// the first is row 0 at byte 0.
    private(set) var bases: [SegmentStart]

    /// Offsets of a table without rows.
    init() {
        self.low = []
        self.bases = [SegmentStart(firstRow: 0, base: 0)]
    }

    /// Rows whose low halves are `low`, their segments changing at `bases`.
    init(low: [UInt32], bases: [SegmentStart]) {
        self.low = low
        self.bases = bases.first?.firstRow == 0 ? bases : [SegmentStart(firstRow: 0, base: 0)] + bases
    }

    /// Rows at the given byte offsets, which must increase.
    init<Offsets: Sequence<Int>>(offsets: Offsets) {
        var builder = Builder()
        for offset in offsets { builder.append(offset) }
        self = builder.offsets
    }

    var count: Int { low.count }

    /// The offset of row `row`.
    ///
    /// - Complexity: O(1) for an input under 4 GiB; O(log s) in the segments otherwise.
    subscript(row: Int) -> Int {
        guard bases.count > 1 else { return Int(low[row]) }
        return base(ofRow: row) + Int(low[row])
    }

    /// The first byte of the segment row `row` lies in.
    private func base(ofRow row: Int) -> Int {
        var lower = 0
        var upper = bases.count
        while upper - lower > 1 {
            let middle = (lower + upper) / 2
            if bases[middle].firstRow <= row { lower = middle } else { upper = middle }
        }
        return bases[lower].base
    }

    /// Builds offsets one row at a time.
    struct Builder {
        private(set) var offsets = RowOffsets()
        private var segment = 0

        mutating func append(_ offset: Int) {
            let base = SegmentStart.base(of: offset)
            if base != segment {
                offsets.bases.append(SegmentStart(firstRow: offsets.low.count, base: base))
                segment = base
            }
            offsets.low.append(UInt32(truncatingIfNeeded: offset))
        }
    }
}

/// Where the rows of one 4 GiB segment of the input begin.
struct SegmentStart: Sendable, Hashable {
    /// The first row whose record starts in the segment.
    var firstRow: Int
    /// The segment's first byte: a multiple of 4 GiB.
    var base: Int

    /// The segment holding byte `offset`.
    static func base(of offset: Int) -> Int { offset & ~Int(UInt32.max) }
}
