import Testing

@testable import Tabular

/// The fast UTF-8 check finds the same first bad byte as a plain decode, in one piece or in many.
@Suite struct UTF8ValidationTests {
    /// Text of every length of character, so pieces start next to continuation bytes.
    static func text(bytes count: Int) -> [UInt8] {
        let sample = Array("abc,台積電,é,😀\n".utf8)
        return (0..<count).map { sample[$0 % sample.count] }
    }

    static func reference(_ bytes: [UInt8], from start: Int) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < buffer.count {
                guard let (_, length) = UTF8Scalar.decode(buffer, at: index) else { return index }
                index += length
            }
            return nil
        }
    }

    @Test(arguments: [1_000, 5_000_000])
    func findsTheFirstBadByteWhereverItIs(size: Int) {
        var bytes = Self.text(bytes: size)
        // End on a whole character.
        while let last = bytes.last, last & 0xC0 == 0x80 || last >= 0xC0 { bytes.removeLast() }
        #expect(bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidByte(in: $0, from: 0) } == nil)
        var generator = SystemRandomNumberGenerator()
        for bad: UInt8 in [0xFF, 0x80, 0xC3, 0xED] {
            var broken = bytes
            let position = Int.random(in: 0..<broken.count, using: &generator)
            broken[position] = bad
            let found = broken.withUnsafeBufferPointer { UTF8Validation.firstInvalidByte(in: $0, from: 0) }
            #expect(found == Self.reference(broken, from: 0), "byte \(bad) at \(position)")
            // 0xFF is never UTF-8; the others may still make a character where they land.
            if bad == 0xFF { #expect(found.map { (position - 3)...position ~= $0 } == true) }
        }
    }
}
