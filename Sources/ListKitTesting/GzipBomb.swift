/// A gzip body that expands enormously: one `a`, then back-references of 258 bytes at
/// distance 1, in fixed-Huffman DEFLATE (13 bits for every 258 bytes, about 160 to 1).
///
/// Made at test time, so no bomb is ever stored in the repository. Its trailer does not hold
/// the true checksum: a client under test must stop long before it reaches the end.
public enum GzipBomb {
    /// The compressed bytes of at least `size` bytes of `a`.
    ///
    /// - Complexity: O(size / 258).
    public static func make(expandingTo size: Int) -> [UInt8] {
        var writer = BitWriter()
        // gzip header: magic, deflate, no flags, no time, no extra flags, unknown OS.
        writer.bytes = [0x1F, 0x8B, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xFF]
        writer.write(1, count: 1)  // the final block
        writer.write(1, count: 2)  // fixed Huffman codes
        writer.writeCode(0x30 + 0x61, length: 8)  // the literal "a"
        let repeats = max(0, size - 1 + 257) / 258
        for _ in 0..<repeats {
            writer.writeCode(0xC5, length: 8)  // length 258 (symbol 285)
            writer.writeCode(0, length: 5)  // distance 1
        }
        writer.writeCode(0, length: 7)  // end of block
        writer.flush()
        let expanded = UInt32(truncatingIfNeeded: 1 + repeats * 258)
        writer.bytes += [0, 0, 0, 0]  // CRC-32, not computed
        writer.bytes += (0..<4).map { UInt8(truncatingIfNeeded: expanded >> (8 * $0)) }
        return writer.bytes
    }

    /// Bits, least significant first, as DEFLATE packs them.
    private struct BitWriter {
        var bytes: [UInt8] = []
        private var pending: UInt64 = 0
        private var pendingCount = 0

        mutating func write(_ value: UInt64, count: Int) {
            pending |= value << UInt64(pendingCount)
            pendingCount += count
            while pendingCount >= 8 {
                bytes.append(UInt8(truncatingIfNeeded: pending))
                pending >>= 8
                pendingCount -= 8
            }
        }

        /// A Huffman code, which DEFLATE stores most significant bit first.
        mutating func writeCode(_ code: UInt64, length: Int) {
            var reversed: UInt64 = 0
            for bit in 0..<length where code & (1 << UInt64(length - 1 - bit)) != 0 {
                reversed |= 1 << UInt64(bit)
            }
            write(reversed, count: length)
        }

        mutating func flush() {
            if pendingCount > 0 { write(0, count: 8 - pendingCount) }
        }
    }
}
