import BrowseSupport
import ListKit
import Tabular
import TestSupport
import Testing

@testable import FileDatasets

/// The byte-level pieces agree with the `String` and `ListKit` functions they stand in for.
@Suite struct ByteFoldingTests {
    @Test func foldingBytesMatchesTextFoldingForEveryPlaneZeroScalarAndSomeOthers() {
        var folder = ByteFolder()
        var scalars: [Unicode.Scalar] = (0..<0x1_0000).compactMap { Unicode.Scalar(UInt32($0)) }
        scalars += [0x1_0400, 0x1_0428, 0x1_E900, 0x1_F1F9, 0x1_F600].compactMap { Unicode.Scalar(UInt32($0)) }
        for chunk in stride(from: 0, to: scalars.count, by: 64) {
            var text = String.UnicodeScalarView()
            text.append(contentsOf: scalars[chunk..<min(chunk + 64, scalars.count)])
            let string = String(text)
            var folded: [UInt8] = []
            let valid = Array(string.utf8).withUnsafeBufferPointer { folder.fold($0, into: &folded) }
            #expect(valid)
            #expect(folded == Array(TextFolding.fold(string).utf8), "scalars from U+\(String(chunk, radix: 16))")
        }
    }

    @Test func invalidUTF8IsRefusedSoTheCallerCanAskString() {
        var folder = ByteFolder()
        var output: [UInt8] = []
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xE5, 0x8F], [0xF4, 0x90, 0x80, 0x80]] {
            output.removeAll()
            #expect(!bad.withUnsafeBufferPointer { folder.fold($0, into: &output) }, "\(bad)")
        }
    }

    @Test func fieldParsingMatchesExactDecimalAndCalendarDate() {
        var random = SeededRandom(seed: 99)
        let alphabet = Array("0123456789,.-+ /X")
        var samples = [
            "1,045.00", "-20.0000", "+0.30", " 0.00", "1,2", "12,3456", "1.2.3", ",1", "1,", "--", "", "0050",
            "99999999999999999999", "2025-06-02", "2025/6/2", "20250602", "20250230", "+201-01-01", "2025-1-", "1.5e3",
        ]
        for _ in 0..<20_000 {
            samples.append(
                String(
                    (0..<Int.random(in: 0...12, using: &random)).map { _ in
                        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
                    }))
        }
        for sample in samples {
            let bytes = Array(sample.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                #expect(FieldParser.decimal(buffer) == ExactDecimal(sample), "\(sample.debugDescription)")
                #expect(FieldParser.decimal(buffer)?.scale == ExactDecimal(sample)?.scale)
                #expect(FieldParser.date(buffer) == CalendarDate(iso: sample), "\(sample.debugDescription)")
            }
        }
    }
}
