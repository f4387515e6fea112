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
}
