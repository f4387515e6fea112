import Testing

@testable import FileDatasets

@Suite struct RowOffsetsTests {
    @Test func offsetsPastFourGiBReadBackExactlyFromFourBytesARow() {
        let gib = 1 << 30
        // Rows in the first segment, on both sides of the 4 GiB line, and after a record longer
        // than 4 GiB (a jump over a whole segment).
        let offsets = [0, 10, 4 * gib - 1, 4 * gib, 4 * gib + 7, 13 * gib + 3, 13 * gib + 4, 64 * gib + 1]
        let stored = RowOffsets(offsets: offsets)
        #expect(stored.count == offsets.count)
        #expect((0..<stored.count).map { stored[$0] } == offsets)
    }

    @Test func segmentsJoinedFromPiecesReadTheSameAsOnePass() {
        let gib = 1 << 30
        let offsets = [5, 3 * gib, 5 * gib, 6 * gib, 9 * gib]
        // As the indexer joins two pieces: each piece's own segment starts, shifted.
        let joined = RowOffsets(
            low: offsets.map { UInt32(truncatingIfNeeded: $0) },
            bases: [SegmentStart(firstRow: 2, base: 4 * gib), SegmentStart(firstRow: 4, base: 8 * gib)])
        #expect((0..<joined.count).map { joined[$0] } == offsets)
        #expect((0..<joined.count).map { joined[$0] } == (0..<5).map { RowOffsets(offsets: offsets)[$0] })
    }
}
