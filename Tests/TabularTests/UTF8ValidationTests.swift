import Testing

@testable import Tabular

/// The fast UTF-8 check finds the same first bad byte as a plain decode, in one piece or in many.
@Suite struct UTF8ValidationTests {
    /// Text of every length of character, so pieces start next to continuation bytes.
    static func text(bytes count: Int) -> [UInt8] {
        let sample = Array("abc,台積電,é,😀\n".utf8)
        return (0..<count).map { sample[$0 % sample.count] }
    }

    static func reference(_ bytes: [UInt8], from start: Int, to end: Int? = nil) -> Int? {
        bytes.withUnsafeBufferPointer { buffer in
            var index = start
            while index < end ?? buffer.count {
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

    /// Runs of ASCII and of three-byte characters are skipped without decoding: next to every
    /// kind of bad byte and short character, at any start and end, the first bad byte is still
    /// the plain decode's.
    @Test func skippingRunsFindsWhatDecodingFinds() {
        let fragments: [[UInt8]] = [
            Array("a".utf8), Array("abcdefgh12345678".utf8), Array("台積電".utf8), Array("é".utf8), Array("😀".utf8),
            [0xEF, 0xBF, 0xBF],
            // Not UTF-8: overlong, a surrogate, cut short, a bad continuation, out of range.
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xE4, 0x41, 0x80], [0xF4, 0x90, 0x80, 0x80],
            [0xFF], [0x80], [0xC0, 0x80],
        ]
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<12, using: &generator) {
                // Mostly good text, so that runs form before a bad fragment.
                let good = Int.random(in: 0..<4, using: &generator) > 0
                bytes += fragments[Int.random(in: 0..<(good ? 6 : fragments.count), using: &generator)]
            }
            let start = bytes.isEmpty ? 0 : Int.random(in: 0..<bytes.count, using: &generator)
            let end = Int.random(in: start...bytes.count, using: &generator)
            let found = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalid($0, from: start, to: end) }
            #expect(found == Self.reference(bytes, from: start, to: end), "\(bytes) from \(start) to \(end)")
        }
    }

    /// The check a field of names goes through first never passes a bad byte, and passes text
    /// of ASCII and three-byte characters whole, such as names in Chinese.
    @Test func plainThreeByteTextPassesOnlyWhenItIsUTF8() {
        let fragments: [[UInt8]] = [
            Array("a,".utf8), Array("台積電".utf8), Array("한국".utf8), [0xEF, 0xBF, 0xBF], [0xE1, 0x80, 0x80],
            Array("é".utf8), Array("😀".utf8), [0xE0, 0xA0, 0x80],
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xE4, 0x41, 0x80], [0xE4, 0xB8, 0x41], [0xFF],
            [0x80],
        ]
        var generator = SystemRandomNumberGenerator()
        var passed = 0
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<8, using: &generator) {
                bytes += fragments[Int.random(in: 0..<fragments.count, using: &generator)]
            }
            let plain = bytes.withUnsafeBufferPointer {
                UTF8Validation.isASCIIOrPlainThreeByte($0, from: 0, to: $0.count)
            }
            if plain {
                passed += 1
                #expect(Self.reference(bytes, from: 0) == nil, "\(bytes)")
            }
        }
        #expect(passed > 1_000)
        for text in ["台積電", "鴻海 2317", "東京都", "", "abc", "서울"] {
            let bytes = Array(text.utf8)
            #expect(bytes.withUnsafeBufferPointer { UTF8Validation.isASCIIOrPlainThreeByte($0, from: 0, to: $0.count) })
        }
        let cut = Array("台積".utf8)
        #expect(!cut.withUnsafeBufferPointer { UTF8Validation.isASCIIOrPlainThreeByte($0, from: 0, to: 5) })
    }
}
