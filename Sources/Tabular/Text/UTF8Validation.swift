import BrowseSupport
import Dispatch

/// Finds bytes that are not UTF-8 in a large buffer, quickly: sixteen ASCII bytes are checked
/// at a time, runs of three-byte characters by their lead bytes, and a large buffer in pieces,
/// one per core.
package enum UTF8Validation {
    /// Buffers smaller than this are checked on one core.
    static let parallelThreshold = 4 << 20

    /// The offset of the first byte at or after `start` that does not begin or continue a valid
    /// UTF-8 character (the end of the buffer cutting a character counts), or `nil`.
    ///
    /// - Complexity: O(n) in the bytes after `start`.
    package static func firstInvalidByte(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        guard start < bytes.count else { return nil }
        let pieces = bytes.count - start < parallelThreshold ? 1 : 8
        guard pieces > 1 else { return firstInvalid(bytes, from: start, to: bytes.count) }
        // Each piece starts at a character's first byte: continuation bytes belong to the piece
        // before, which reads past its end to finish its last character.
        var starts = (0...pieces).map { start + (bytes.count - start) * $0 / pieces }
        for index in 1..<pieces {
            var bound = starts[index]
            while bound < bytes.count, bound - starts[index] < 3, bytes[bound] & 0xC0 == 0x80 { bound += 1 }
            starts[index] = bound
        }
        let bounds = starts
        let found = UnsafeMutableBufferPointer<Int>.allocate(capacity: pieces)
        defer { found.deallocate() }
        found.initialize(repeating: -1)
        let input = Shared(bytes)
        let output = Shared(found)
        // Threads of their own: this runs while a file's first page is on the screen.
        WorkerThreads.run(pieces) { piece in
            output.value[piece] = firstInvalid(input.value, from: bounds[piece], to: bounds[piece + 1]) ?? -1
        }
        return found.first { $0 >= 0 }
    }

    /// True when `start..<end` holds ASCII and three-byte characters whose lead byte allows any
    /// continuation (E1–EC, EE, EF: most of the Basic Multilingual Plane, Chinese, Japanese and
    /// Korean among it), each whole: valid UTF-8, told without the full check. A file's names
    /// are checked field by field, a few characters each, where that check's call and its
    /// eight- and sixteen-byte steps cost more than the characters.
    ///
    /// - Complexity: O(n) in the bytes from `start` to `end`.
    @inlinable
    package static func isASCIIOrPlainThreeByte(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int)
        -> Bool
    {
        var index = start
        while index < end {
            if bytes[index] < 0x80 {
                index &+= 1
                continue
            }
            guard isPlainThreeByte(bytes, at: index, end: end) else { return false }
            index &+= 3
        }
        return true
    }

    /// True when a whole three-byte character starts at `index`, before `end`, whose lead byte
    /// allows any continuation (E1–EC, EE, EF: not E0's overlong forms nor ED's surrogates), so
    /// that it is UTF-8 without more checks.
    @inlinable @inline(__always)
    static func isPlainThreeByte(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, end: Int) -> Bool {
        let lead = bytes[index]
        return lead >= 0xE1 && lead <= 0xEF && lead != 0xED && index &+ 2 < end
            && bytes[index &+ 1] & 0xC0 == 0x80 && bytes[index &+ 2] & 0xC0 == 0x80
    }

    /// The first invalid byte of the characters that start in `start..<end`.
    ///
    /// - Complexity: O(n) in the bytes from `start` to `end`.
    package static func firstInvalid(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        let raw = UnsafeRawBufferPointer(bytes)
        while index < end {
            if index + 16 <= end {
                let first = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                let second = raw.loadUnaligned(fromByteOffset: index + 8, as: UInt64.self)
                if (first | second) & 0x8080_8080_8080_8080 == 0 {
                    index += 16
                    continue
                }
            }
            if index + 8 <= end {
                let high = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080
                // The ASCII bytes before the first that is not (the low bytes, little-endian).
                let ascii = high.littleEndian.trailingZeroBitCount / 8
                index += ascii
                if ascii == 8 { continue }
            } else if bytes[index] < 0x80 {
                index += 1
                continue
            }
            // Most text that is not ASCII comes in runs of three-byte characters (Chinese,
            // Japanese, Korean): a lead byte that allows any continuation needs no more checks.
            while isPlainThreeByte(bytes, at: index, end: end) {
                index += 3
                guard index < end else { return nil }
            }
            if bytes[index] < 0x80 { continue }
            guard let (_, length) = UTF8Scalar.decode(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }
}

/// Memory handed to concurrent workers that read it or write disjoint elements, while the
/// caller waits for them; that is why it is `@unchecked Sendable`.
private struct Shared<Value>: @unchecked Sendable {
    let value: Value
    init(_ value: Value) { self.value = value }
}
