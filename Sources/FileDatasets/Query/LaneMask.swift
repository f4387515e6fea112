/// A 16-lane comparison result read as bits, without the generic `any(_:)` (which the compiler
/// does not always inline in a hot loop).
struct LaneMask {
    /// The lanes as two little-endian 64-bit words, one byte (0x00 or 0xFF) per lane.
    private let low: UInt64
    private let high: UInt64

    @inline(__always)
    init(_ mask: SIMDMask<SIMD16<Int8>>) {
        let bytes = SIMD16<UInt8>(repeating: 0).replacing(with: 0xFF, where: mask)
        let words = unsafeBitCast(bytes, to: SIMD2<UInt64>.self)
        low = UInt64(littleEndian: words[0])
        high = UInt64(littleEndian: words[1])
    }

    /// True when no lane is set.
    var isEmpty: Bool {
        @inline(__always) get { low | high == 0 }
    }

    /// The lanes that are set, lowest first.
    @inline(__always)
    func forEachLane(_ body: (Int) -> Bool) -> Bool {
        var word = low
        while word != 0 {
            if body(word.trailingZeroBitCount &>> 3) { return true }
            word &= ~(0xFF << (UInt64(word.trailingZeroBitCount) & ~7))
        }
        word = high
        while word != 0 {
            if body(8 &+ word.trailingZeroBitCount &>> 3) { return true }
            word &= ~(0xFF << (UInt64(word.trailingZeroBitCount) & ~7))
        }
        return false
    }
}
