#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds a byte string in a buffer, exactly or ignoring ASCII case, 16 bytes at a time.
///
/// Each step loads 16 bytes at the needle's first byte and 16 at its last, and compares both
/// against the needle's first and last byte at once; only positions where both agree are
/// compared in full. (glibc's `memmem` is a GNU extension Swift does not import.)
struct ByteFinder: Sendable {
    let needle: [UInt8]
    /// True when ASCII letters match in either case; the needle is then lower case.
    let caseless: Bool
    private let first: UInt8
    private let last: UInt8
    private let firstCase: UInt8
    private let lastCase: UInt8

    /// A finder for `needle`, which must not be empty. For a caseless search, give it in lower case.
    init(_ needle: [UInt8], caseless: Bool = false) {
        self.needle = needle
        self.caseless = caseless
        first = needle.first ?? 0
        last = needle.last ?? 0
        // OR-ing 0x20 lower-cases an upper-case letter; only letters may be compared that way.
        firstCase = caseless && Self.isLowerLetter(first) ? 0x20 : 0
        lastCase = caseless && Self.isLowerLetter(last) ? 0x20 : 0
    }

    /// The first position at or after `start` where the needle begins, or `nil`.
    ///
    /// - Complexity: O(n) in the bytes searched.
    func firstIndex(in buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        let length = needle.count
        let count = buffer.count
        guard let base = buffer.baseAddress, length > 0, start >= 0, start + length <= count else { return nil }
        let raw = UnsafeRawPointer(base)
        let firstVector = SIMD16<UInt8>(repeating: first)
        let lastVector = SIMD16<UInt8>(repeating: last)
        let firstMask = SIMD16<UInt8>(repeating: firstCase)
        let lastMask = SIMD16<UInt8>(repeating: lastCase)
        var index = start
        // Thirty-two bytes a step, as two halves checked together.
        while index &+ length &- 1 &+ 32 <= count {
            let heads = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | firstMask
            let tails = raw.loadUnaligned(fromByteOffset: index &+ length &- 1, as: SIMD16<UInt8>.self) | lastMask
            let nextHeads = raw.loadUnaligned(fromByteOffset: index &+ 16, as: SIMD16<UInt8>.self) | firstMask
            let nextTails =
                raw.loadUnaligned(fromByteOffset: index &+ 15 &+ length, as: SIMD16<UInt8>.self) | lastMask
            let low = (heads .== firstVector) .& (tails .== lastVector)
            let high = (nextHeads .== firstVector) .& (nextTails .== lastVector)
            if !LaneMask(low .| high).isEmpty {
                var found: Int?
                for (offset, lanes) in [(0, LaneMask(low)), (16, LaneMask(high))] where found == nil {
                    let here = index &+ offset
                    _ = lanes.forEachLane { lane in
                        guard matches(base, at: here &+ lane) else { return false }
                        found = here &+ lane
                        return true
                    }
                }
                if let found { return found }
            }
            index &+= 32
        }
        while index &+ length &- 1 &+ 16 <= count {
            let heads = raw.loadUnaligned(fromByteOffset: index, as: SIMD16<UInt8>.self) | firstMask
            let tails = raw.loadUnaligned(fromByteOffset: index &+ length &- 1, as: SIMD16<UInt8>.self) | lastMask
            let both = LaneMask((heads .== firstVector) .& (tails .== lastVector))
            if !both.isEmpty {
                var found: Int?
                let here = index
                _ = both.forEachLane { lane in
                    guard matches(base, at: here &+ lane) else { return false }
                    found = here &+ lane
                    return true
                }
                if let found { return found }
            }
            index &+= 16
        }
        while index + length <= count {
            if matches(base, at: index) { return index }
            index += 1
        }
        return nil
    }

    @inline(__always)
    private func matches(_ base: UnsafePointer<UInt8>, at start: Int) -> Bool {
        needle.withUnsafeBufferPointer { pattern in
            guard let patternBase = pattern.baseAddress else { return false }
            guard caseless else { return memcmp(base + start, patternBase, pattern.count) == 0 }
            for offset in 0..<pattern.count {
                let byte = base[start + offset]
                if (byte &- 0x41 < 26 ? byte | 0x20 : byte) != pattern[offset] { return false }
            }
            return true
        }
    }

    private static func isLowerLetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
    }
}
