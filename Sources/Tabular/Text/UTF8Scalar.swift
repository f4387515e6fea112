/// Decoding and encoding single scalars of UTF-8, strictly (no overlong forms, no surrogates).
package enum UTF8Scalar {
    /// The scalar that starts at `index`, and its length in bytes; `nil` when the bytes there
    /// are not valid UTF-8.
    ///
    /// - Complexity: O(1).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        let length: Int
        var lowerSecond: UInt8 = 0x80
        var upperSecond: UInt8 = 0xBF
        var value: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            value = UInt32(lead & 0x1F)
        case 0xE0:
            length = 3
            lowerSecond = 0xA0
            value = 0
        case 0xE1...0xEC, 0xEE...0xEF:
            length = 3
            value = UInt32(lead & 0x0F)
        case 0xED:
            length = 3
            upperSecond = 0x9F
            value = UInt32(lead & 0x0F)
        case 0xF0:
            length = 4
            lowerSecond = 0x90
            value = 0
        case 0xF1...0xF3:
            length = 4
            value = UInt32(lead & 0x07)
        case 0xF4:
            length = 4
            upperSecond = 0x8F
            value = 4
        default:
            return nil
        }
        guard index + length <= bytes.count else { return nil }
        for position in 1..<length {
            let byte = bytes[index + position]
            if position == 1 {
                guard byte >= lowerSecond, byte <= upperSecond else { return nil }
            } else {
                guard byte & 0xC0 == 0x80 else { return nil }
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length)
    }

    /// The scalar that ends just before `end`, found by stepping back over continuation bytes.
    ///
    /// - Complexity: O(1).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, endingAt end: Int) -> UInt32? {
        var start = end - 1
        while start > 0, end - start < 4, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        guard start >= 0, let (scalar, length) = decode(bytes, at: start), start + length == end else { return nil }
        return scalar
    }

    /// Appends the UTF-8 encoding of `scalar`.
    package static func append(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(scalar))
        case 0x80..<0x800:
            output.append(UInt8(0xC0 | scalar >> 6))
            output.append(UInt8(0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(0xE0 | scalar >> 12))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(0xF0 | scalar >> 18))
            output.append(UInt8(0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(0x80 | scalar & 0x3F))
        }
    }
}
