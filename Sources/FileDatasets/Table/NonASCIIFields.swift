import CSVStops
import Tabular

/// Which fields of a record hold bytes that are not ASCII, found 64 bytes at a time.
///
/// Indexing a file measured every field's width and checked every record's UTF-8 byte by byte,
/// where nearly every field is ASCII (numbers, codes, dates): as wide as it is long and valid as
/// it stands. The high bits of 64 bytes are gathered at once into a word instead, and only the
/// fields they fall in are read again.
enum NonASCIIFields {
    /// The most fields a record may have for ``of(_:in:)`` to answer: one bit each.
    static let limit = 64

    /// Bit i set when field i holds a byte that is not ASCII; `nil` for a record of more than
    /// ``limit`` fields. The fields must be in order, as a record's are.
    ///
    /// Each byte that is not ASCII is given to the field it falls in, and the rest of that field's
    /// bytes skipped: a record has few such runs (a name, a market), so the cost is a mask of the
    /// record's bytes and a comparison a field.
    ///
    /// - Complexity: O(n) in the record's bytes, a block of 64 at a time.
    @inline(__always)
    static func of(_ fields: [CSVField], in buffer: UnsafeBufferPointer<UInt8>) -> UInt64? {
        guard fields.count <= limit, let first = fields.first, let last = fields.last else {
            return fields.isEmpty ? 0 : nil
        }
        let end = last.contentRange.upperBound
        return fields.withUnsafeBufferPointer { fields in
            var found: UInt64 = 0
            var field = 0
            var block = first.contentRange.lowerBound
            while block < end {
                let left = end &- block
                var high = bits(buffer, at: block) & (left >= 64 ? ~0 : (1 &<< UInt64(truncatingIfNeeded: left)) &- 1)
                while high != 0 {
                    let at = block &+ high.trailingZeroBitCount
                    while fields[field].contentRange.upperBound <= at { field &+= 1 }
                    found |= 1 &<< UInt64(truncatingIfNeeded: field)
                    let past = fields[field].contentRange.upperBound &- block
                    field &+= 1
                    high = past >= 64 ? 0 : high & (~0 &<< UInt64(truncatingIfNeeded: past))
                    // The field runs on past this block: the next block starts after it.
                    if past >= 64 {
                        block &+= past &- 64
                    }
                }
                block &+= 64
            }
            return found
        }
    }

    /// The high bits of the 64 bytes at `index`, which is inside the buffer; bytes past its end
    /// count as ASCII.
    @inline(__always)
    private static func bits(_ buffer: UnsafeBufferPointer<UInt8>, at index: Int) -> UInt64 {
        if buffer.count &- index >= 64, let base = buffer.baseAddress { return csv_non_ascii_64(base + index) }
        return BlockOf64.reading(buffer, at: index) { csv_non_ascii_64($0) }
    }
}
