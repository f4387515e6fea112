import BrowseSupport
import TestSupport
import Testing

/// The filter's folding and "contains" give the answers of `lowercased()` and of the standard
/// library's character search, whichever way they find them.
@Suite struct TextFoldingTests {
    /// Pieces that join or compare across scalars — a carriage return before a line feed, a
    /// letter before a combining accent, kana before a voicing mark, a Hangul syllable before a
    /// trailing jamo, a compatibility ideograph equal to a unified one — beside plain ones.
    private static let pieces: [String] = [
        "a", "B", "z", "1", " ", ",", "\n", "\r", "\r\n", "é", "e\u{301}", "\u{301}", "É", "ß", "ǅ",
        "台", "積", "電", "豈", "\u{F900}", "\u{8C48}", "か", "が", "か\u{3099}", "\u{3099}", "각", "가",
        "\u{11A8}", "、", "\u{302A}", "Ａ", "ａ", "\u{3000}", "🇹🇼", "👍🏽", "\u{200D}", "ʰ", "\u{0085}",
    ]

    private static func text(_ random: inout SeededRandom, upTo length: Int) -> String {
        (0..<Int.random(in: 0...length, using: &random)).map { _ in
            pieces[Int.random(in: 0..<pieces.count, using: &random)]
        }.joined()
    }

    @Test func containsIsTheStandardLibrarysCharacterSearch() {
        var random = SeededRandom(seed: 27)
        var agreed = 0
        for _ in 0..<40_000 {
            let text = TextFolding.fold(Self.text(&random, upTo: 10))
            let query = TextFolding.fold(Self.text(&random, upTo: 3))
            let expected = query.isEmpty || text.firstRange(of: query) != nil
            #expect(
                TextFolding.folded(text, contains: query) == expected,
                "\(text.debugDescription) contains \(query.debugDescription)")
            if expected { agreed += 1 }
        }
        // Enough of the draws match for both answers to be tried.
        #expect(agreed > 4_000)
    }

    @Test func aMatchThatSplitsACharacterIsNoMatch() {
        #expect(!TextFolding.folded("cafe\u{301}", contains: "cafe"))
        #expect(TextFolding.folded("cafe\u{301}", contains: "café"))
        #expect(!TextFolding.folded("a\r\nb", contains: "\r"))
        #expect(!TextFolding.folded("か\u{3099}", contains: "か"))
        #expect(TextFolding.folded("\u{F900}", contains: "\u{8C48}"))
        #expect(TextFolding.folded("台積電 tsmc", contains: "積電"))
        #expect(!TextFolding.folded("台積電", contains: "積体"))
    }

    @Test func foldingIsLowercasingWithFullWidthFormsMadeHalfWidth() {
        var random = SeededRandom(seed: 1_027)
        for _ in 0..<20_000 {
            let text = Self.text(&random, upTo: 12)
            var halfWidth = String.UnicodeScalarView()
            for scalar in text.unicodeScalars {
                switch scalar.value {
                case 0xFF01...0xFF5E: halfWidth.append(Unicode.Scalar(scalar.value - 0xFEE0)!)
                case 0x3000: halfWidth.append(" ")
                default: halfWidth.append(scalar)
                }
            }
            #expect(TextFolding.fold(text) == String(halfWidth).lowercased(), "\(text.debugDescription)")
        }
        #expect(TextFolding.fold("TSMC 台積電") == "tsmc 台積電")
        #expect(TextFolding.fold("ＴＳＭＣ\u{3000}台積電") == "tsmc 台積電")
    }
}
