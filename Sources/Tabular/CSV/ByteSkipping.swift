/// Finds the next byte of interest in a buffer 16 bytes at a time, for the scanner's inner loops.
///
/// Fields are mostly bytes that mean nothing to the scanner; comparing sixteen of them against
/// four values at once (SSE2 on x86-64, NEON on ARM) is what lets a million-row file be indexed
/// in a fraction of a second. Make one per record scan: the four values are spread over vectors
/// once.
struct ByteSkipping {
    private let scalars: (UInt8, UInt8, UInt8, UInt8)
    private let vectors: (SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>, SIMD16<UInt8>)

    /// Stops at bytes equal to `a`, `b`, `c` or `d`.
    @inline(__always)
    init(_ a: UInt8, _ b: UInt8, _ c: UInt8, _ d: UInt8) {
        scalars = (a, b, c, d)
        vectors = (.init(repeating: a), .init(repeating: b), .init(repeating: c), .init(repeating: d))
    }

    /// The lowest index at or after `start` whose byte is one of the four, or `buffer.count`.
    ///
    /// - Complexity: O(n) in the bytes skipped.
    // `@_transparent` rather than `@inline(__always)`: the optimizer kept this a call, and inlining
    // it into the scanner's loops (keeping the vectors in registers) indexes a large file faster.
    @_transparent
    func firstIndex(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let count = buffer.count
        var index = start
        if let base = buffer.baseAddress {
            let raw = UnsafeRawPointer(base)
            while index &+ 16 <= count {
                let chunk = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self)
                let found =
                    (chunk .== vectors.0) .| (chunk .== vectors.1) .| (chunk .== vectors.2) .| (chunk .== vectors.3)
                if any(found) { return index &+ Self.firstLane(found) }
                index &+= 16
            }
        }
        while index < count {
            let byte = buffer[index]
            if byte == scalars.0 || byte == scalars.1 || byte == scalars.2 || byte == scalars.3 { return index }
            index &+= 1
        }
        return count
    }

    /// The position of the first true lane of a mask that has one: the lowest set byte of the
    /// mask read as two little-endian 64-bit words.
    @inline(__always)
    private static func firstLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Int {
        let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
        let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        let low = UInt64(littleEndian: words[0])
        if low != 0 { return low.trailingZeroBitCount &>> 3 }
        return 8 &+ UInt64(littleEndian: words[1]).trailingZeroBitCount &>> 3
    }
}
