/// Folds UTF-8 bytes exactly as `TextFolding.fold` folds a `String`, without making one.
///
/// `TextFolding.fold` maps full-width forms U+FF01–FF5E to ASCII and U+3000 to a space, then
/// lower-cases scalar by scalar (`String.lowercased()` uses each scalar's full lowercase
/// mapping, so `İ` becomes `i̇`). This does the same on bytes: ASCII through a table,
/// CJK and Hangul as they are, any other scalar through its lowercase mapping, looked up once
/// and remembered.
package struct ByteFolder {
    /// Lowercase mappings met so far, as UTF-8.
    private var mappings: [UInt32: [UInt8]] = [:]

    package init() {}

    /// Appends the folded form of `bytes` to `output`.
    ///
    /// - Returns: `false` when `bytes` is not valid UTF-8; `output` then holds a partial result
    ///   and the caller should fold a `String` instead (whose repairs it cannot mimic).
    /// - Complexity: O(n) in the number of bytes.
    package mutating func fold(_ bytes: UnsafeBufferPointer<UInt8>, into output: inout [UInt8]) -> Bool {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                output.append(byte &- 0x41 < 26 ? byte | 0x20 : byte)
                index += 1
                continue
            }
            guard let (scalar, length) = UTF8Scalar.decode(bytes, at: index) else { return false }
            index += length
            appendFolded(scalar, to: &output)
        }
        return true
    }

    private mutating func appendFolded(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0xFF01...0xFF5E:
            let ascii = UInt8(scalar - 0xFEE0)
            output.append(ascii &- 0x41 < 26 ? ascii | 0x20 : ascii)
        case 0x3000:
            output.append(ASCII.space)
        case 0x3001...0x9FFF, 0xAC00...0xD7A3:
            // CJK symbols, kana, ideographs and Hangul syllables have no lowercase forms.
            UTF8Scalar.append(scalar, to: &output)
        default:
            if let mapped = mappings[scalar] {
                output.append(contentsOf: mapped)
                return
            }
            let mapped = Unicode.Scalar(scalar).map { Array($0.properties.lowercaseMapping.utf8) } ?? []
            mappings[scalar] = mapped
            output.append(contentsOf: mapped)
        }
    }
}
