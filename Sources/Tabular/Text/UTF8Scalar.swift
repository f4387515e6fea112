/// Decoding and encoding single scalars of UTF-8, strictly (no overlong forms, no surrogates).
package enum UTF8Scalar {
    /// The scalar that starts at `index`, and its length in bytes; `nil` when the bytes there
    /// are not valid UTF-8.
    ///
    /// - Complexity: O(1).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = bytes[index]
        if lead < 0x80 { return (UInt32(lead), 1) }
        guard let form = form(of: lead), index + form.length <= bytes.count else { return nil }
        var value = form.bits
        for position in 1..<form.length {
            let byte = bytes[index + position]
            if position == 1 {
                guard byte >= form.lowerSecond, byte <= form.upperSecond else { return nil }
            } else {
                guard byte & 0xC0 == 0x80 else { return nil }
            }
            value = value << 6 | UInt32(byte & 0x3F)
        }
        return (value, length: form.length)
    }

    /// True when the sequence that starts at `index` is valid as far as it goes but the bytes
    /// end before it does, as in a text cut off in the middle of a character.
    ///
    /// - Complexity: O(1).
    package static func isCutShort(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard let form = form(of: bytes[index]) else { return false }
        for position in 1..<form.length {
            guard index + position < bytes.count else { return true }
            let byte = bytes[index + position]
            let lower = position == 1 ? form.lowerSecond : 0x80
            let upper = position == 1 ? form.upperSecond : 0xBF
            guard byte >= lower, byte <= upper else { return false }
        }
        return false
    }

    /// What a lead byte of two to four bytes says of its sequence: its length, the range of its
    /// second byte (narrower after E0, ED, F0 and F4, which would otherwise allow overlong forms,
    /// surrogates and values past U+10FFFF), and the scalar's bits it holds; `nil` for a byte
    /// that starts no sequence.
    @inline(__always)
    private static func form(of lead: UInt8) -> (length: Int, lowerSecond: UInt8, upperSecond: UInt8, bits: UInt32)? {
        switch lead {
        case 0xC2...0xDF: return (2, 0x80, 0xBF, UInt32(lead & 0x1F))
        case 0xE0: return (3, 0xA0, 0xBF, 0)
        case 0xE1...0xEC, 0xEE...0xEF: return (3, 0x80, 0xBF, UInt32(lead & 0x0F))
        case 0xED: return (3, 0x80, 0x9F, UInt32(lead & 0x0F))
        case 0xF0: return (4, 0x90, 0xBF, 0)
        case 0xF1...0xF3: return (4, 0x80, 0xBF, UInt32(lead & 0x07))
        case 0xF4: return (4, 0x80, 0x8F, 4)
        default: return nil
        }
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
