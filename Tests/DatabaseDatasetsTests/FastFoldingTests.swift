import BrowseSupport
import TestSupport
import Testing

@testable import DatabaseDatasets

/// The filter's folding on bytes gives the bytes the string folding gives, or leaves the text to
/// it: a SQLite filter keeps the rows the local filter keeps either way.
@Suite struct FastFoldingTests {
    private func fast(_ text: String) -> [UInt8]? {
        var output: [UInt8] = []
        var copy = text
        let covered = copy.withUTF8 { FastFolding.append($0, to: &output) }
        return covered ? output : nil
    }

    @Test func theCoveredCharactersFoldAsTheStringFoldingFoldsThem() {
        for text in ["台積電 2330 TSMC", "ＡＢＣ！　ｘｙｚ", "ひらがな カタカナ ｶﾀｶﾅ", "한국어 ABC", "「上市」、上櫃。", "", "\u{0}A\u{7F}"] {
            #expect(fast(text) == Array(TextFolding.fold(text).utf8), "\(text)")
        }
    }

    @Test func otherCharactersAreLeftToTheStringFolding() {
        for text in ["Éclair", "straße", "ΣΊΣΥΦΟΣ", "İstanbul", "emoji 😀", "Ⅻ", "ǅ"] {
            #expect(fast(text) == nil, "\(text)")
        }
        var output: [UInt8] = []
        let broken: [UInt8] = [0x41, 0xE5, 0x8F]
        #expect(!broken.withUnsafeBufferPointer { FastFolding.append($0, to: &output) })
    }

    /// Random text from every range the folding covers and some it does not: wherever it
    /// answers, its answer is the string folding's.
    @Test func randomTextFoldsAsTheStringFoldingFoldsIt() {
        var random = SeededRandom(seed: 27)
        let ranges: [ClosedRange<UInt32>] = [
            0x20...0x7E, 0x3000...0x30FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF9F,
            0xA0...0x24F, 0x370...0x3FF, 0x2160...0x217F,
        ]
        var answered = 0
        for _ in 0..<3_000 {
            var scalars = String.UnicodeScalarView()
            for _ in 0..<Int(random.next() % 12) {
                let range = ranges[Int(random.next() % UInt64(ranges.count))]
                let value = range.lowerBound + UInt32(random.next() % UInt64(range.count))
                if let scalar = Unicode.Scalar(value) { scalars.append(scalar) }
            }
            let text = String(scalars)
            guard let folded = fast(text) else { continue }
            answered += 1
            #expect(folded == Array(TextFolding.fold(text).utf8), "\(text.unicodeScalars.map { $0.value })")
        }
        #expect(answered > 300)
    }
}
