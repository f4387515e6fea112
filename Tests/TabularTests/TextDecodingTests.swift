import TestSupport
import Testing

@testable import Tabular

@Suite struct TextDecodingTests {
    /// 台積電 in Big5, as in TWSE's Chinese CSV downloads.
    private let tsmcBig5: [UInt8] = [0xA5, 0x78, 0xBF, 0x6E, 0xB9, 0x71]

    @Test func big5DecodesTSMC() throws {
        #expect(try TextDecoding.decodeBig5(tsmcBig5) == "台積電")
    }

    @Test func big5RoundTrip() throws {
        let text = "\"110年07月 2330 台積電\",\"+3.00\"\n"
        let bytes = try TextDecoding.encodeBig5(text)
        #expect(bytes.count < text.utf8.count)  // Big5 uses 2 bytes where UTF-8 uses 3
        #expect(try TextDecoding.decodeBig5(bytes) == text)
        #expect(try TextDecoding.encodeBig5("台積電") == tsmcBig5)
    }

    @Test func big5BadByteIsReportedWithItsOffset() {
        #expect(throws: TextDecodingError.invalidBytes(encoding: "Big5", byteOffset: 2, bytes: [0xFF, 0xFF])) {
            try TextDecoding.decodeBig5([0xA5, 0x78, 0xFF, 0xFF, 0x41])
        }
        let error = TextDecodingError.invalidBytes(encoding: "Big5", byteOffset: 2, bytes: [0xFF, 0xFF])
        #expect(error.description == "invalid Big5 bytes FF FF at byte offset 2")
    }

    @Test func big5TruncatedCharacterIsReported() {
        #expect(throws: TextDecodingError.truncatedSequence(encoding: "Big5", byteOffset: 6)) {
            try TextDecoding.decodeBig5(tsmcBig5 + [0xA5])
        }
    }

    @Test func big5CannotEncodeAnEmoji() {
        #expect(throws: TextDecodingError.unencodable(encoding: "Big5", byteOffset: 3)) {
            try TextDecoding.encodeBig5("abc😀")
        }
    }

    @Test func utf8IsDecodedStrictly() throws {
        #expect(try TextDecoding.decodeUTF8(Array("台積電".utf8)) == "台積電")
        #expect(throws: TextDecodingError.invalidBytes(encoding: "UTF-8", byteOffset: 1, bytes: [0xA5, 0x78])) {
            try TextDecoding.decodeUTF8([0x41] + tsmcBig5)
        }
        #expect(throws: TextDecodingError.truncatedSequence(encoding: "UTF-8", byteOffset: 0)) {
            try TextDecoding.decodeUTF8([0xE5, 0x8F])
        }
        #expect(TextDecoding.isValidUTF8(Array("€ 1,045.00".utf8)))
        #expect(!TextDecoding.isValidUTF8(tsmcBig5))
        // An overlong encoding and a UTF-16 surrogate are not UTF-8.
        #expect(!TextDecoding.isValidUTF8([0xC0, 0xAF]))
        #expect(!TextDecoding.isValidUTF8([0xED, 0xA0, 0x80]))
    }

    /// A download's check reports the first bad sequence where a plain decode finds it, after
    /// runs of ASCII and CJK long enough to be skipped in steps, and says "cut short" exactly
    /// when bytes added at the end could finish that sequence.
    @Test func utf8ProblemsAreFoundWhereADecodeFindsThem() {
        let fragments: [[UInt8]] = [
            Array("abcdefghijklmnopqrstuvwxyz,".utf8), Array("台積電股份有限公司".utf8), Array("é".utf8),
            Array("😀".utf8),
            [0xE0, 0x80, 0x80], [0xED, 0xA0, 0x80], [0xE4, 0x41, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xFF], [0x80],
        ]
        let cutShort: [[UInt8]] = [[0xE4, 0xB8], [0xE0, 0xA0], [0xF0, 0x9F, 0x98], [0xC3], [0xED], [0xF4, 0x8F]]
        var generator = SeededRandom(seed: 27)
        var found = (bad: 0, cut: 0)
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0..<10, using: &generator) {
                let good = Int.random(in: 0..<5, using: &generator) > 0
                bytes += fragments[Int.random(in: 0..<(good ? 4 : fragments.count), using: &generator)]
            }
            if Bool.random(using: &generator) { bytes += cutShort.randomElement(using: &generator)! }
            let expected = UTF8ValidationTests.reference(bytes, from: 0)
            do {
                _ = try TextDecoding.decodeUTF8(bytes)
                #expect(expected == nil, "\(bytes)")
            } catch .truncatedSequence(_, let offset) {
                found.cut += 1
                #expect(offset == expected && Self.canBeFinished(bytes[offset...]), "\(bytes)")
            } catch .invalidBytes(_, let offset, _) {
                found.bad += 1
                #expect(offset == expected && !Self.canBeFinished(bytes[offset...]), "\(bytes)")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        #expect(found.bad > 500 && found.cut > 500)
    }

    /// True when one to three continuation bytes make `tail` valid UTF-8.
    private static func canBeFinished(_ tail: ArraySlice<UInt8>) -> Bool {
        (1...3).contains { count in
            [0x80, 0x90, 0xA0].contains { (byte: UInt8) in
                String(validating: Array(tail) + Array(repeating: byte, count: count), as: UTF8.self) != nil
            }
        }
    }
}
