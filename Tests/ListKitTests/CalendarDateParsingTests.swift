import BrowseSupport
import ListKit
import Testing

/// Days of the usual ten-byte form are read by position; every text must read as the
/// byte-by-byte parser reads it.
@Suite struct CalendarDateParsingTests {
    @Test func readsTheFormsAFileWrites() throws {
        for text in ["2015/01/01", "2015-01-01", "20150101", " 2015-01-01 ", "2015/1/1"] {
            #expect(try #require(CalendarDate(iso: text), "\(text) reads").description == "2015-01-01")
        }
        #expect(CalendarDate(iso: "2024-02-29")?.description == "2024-02-29")
        #expect(CalendarDate(iso: "2015/12/31")?.description == "2015-12-31")
    }

    @Test(arguments: [
        "", "2015-01-0", "2015/01-01", "2015-01/01", "2015.01.01", "2015-13-01", "2015-00-10", "2015-01-32",
        "2025-02-29", "2015-01-00", "0000-01-01", "2015-01-0x", "x015-01-01", "2015_01_01", "2015--1-01",
    ])
    func rejectsWhatIsNotADay(_ text: String) {
        #expect(CalendarDate(iso: text) == nil, "\(text.debugDescription)")
    }

    @Test func readsEveryTextAsTheByteByByteParserDoes() {
        let alphabet = Array("0123456789012345678901234567890123456789-/-/ x".utf8)
        var state: UInt64 = 11
        var disagreements: [String] = []
        var read = 0
        for trial in 0..<300_000 {
            // A small xorshift, so that every run tries the same texts.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            var bytes: [UInt8]
            if trial % 2 == 0 {
                // A day of the ten-byte form, its month and day around their ranges and its
                // separators mostly, not always, the same dash or slash: the texts the position
                // reader takes or turns away.
                let year = Int(state % 10_000)
                let month = Int((state >> 16) % 14)
                let day = Int((state >> 24) % 33)
                let marks = Array("--//-/x 0".utf8)
                let separators = (marks[Int((state >> 32) % 9)], marks[Int((state >> 40) % 4)])
                bytes = Array(format4(year).utf8) + [separators.0] + Array(format2(month).utf8)
                bytes += [separators.1] + Array(format2(day).utf8)
            } else {
                bytes = []
                var bits = state
                for _ in 0..<Int(state % 13) {
                    bits = bits &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                    bytes.append(alphabet[Int(bits >> 33) % alphabet.count])
                }
            }
            let fast = CalendarDate(isoUTF8: bytes)
            if fast != nil { read += 1 }
            if fast != CalendarDate(byteByByte: bytes) { disagreements.append(String(decoding: bytes, as: UTF8.self)) }
        }
        #expect(disagreements.isEmpty)
        // The texts reach both parsers' days, not only their refusals.
        #expect(read > 10_000)
    }

    private func format4(_ value: Int) -> String { String(String(value + 10_000).dropFirst()) }
    private func format2(_ value: Int) -> String { String(String(value + 100).dropFirst()) }
}
