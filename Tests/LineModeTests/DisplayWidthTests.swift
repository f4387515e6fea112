import TestSupport
import Testing

@testable import LineMode

@Suite struct DisplayWidthTests {
    @Test func printableASCIICountsOneColumnPerByte() {
        #expect(DisplayWidth.of("") == 0)
        #expect(DisplayWidth.of("a") == 1)
        #expect(DisplayWidth.of("Hello, world! ~{}") == 17)
        #expect(DisplayWidth.of(String(repeating: "x", count: 300)) == 300)
    }

    @Test func chineseCharactersAreTwoColumns() {
        #expect(DisplayWidth.of("台積電") == 6)
        #expect(DisplayWidth.of("2330 台積電") == 11)
        #expect(DisplayWidth.of("\u{3000}") == 2)  // IDEOGRAPHIC SPACE
        #expect(DisplayWidth.of("𠀀") == 2)  // CJK Extension B, plane 2
        #expect(DisplayWidth.of("\u{3134A}") == 2)  // CJK Extension G, plane 3
    }

    @Test func fullwidthFormsAreTwoColumnsAndHalfwidthFormsOne() {
        #expect(DisplayWidth.of("ＡＢＣ") == 6)
        #expect(DisplayWidth.of("１２３") == 6)
        #expect(DisplayWidth.of("ｶ") == 1)
        #expect(DisplayWidth.of("ｶﾀｶﾅ") == 4)
        #expect(DisplayWidth.of("カタカナ") == 8)
    }

    @Test func combiningMarksTakeNoColumn() {
        #expect(DisplayWidth.of("e\u{301}") == 1)
        #expect(DisplayWidth.of("Cafe\u{301}") == 4)
        #expect(DisplayWidth.of("a\u{300}\u{301}\u{302}\u{303}") == 1)
        #expect(DisplayWidth.of(Character("e\u{301}")) == 1)
        #expect(DisplayWidth.of("\u{301}") == 0)  // a lone combining mark
        #expect(DisplayWidth.of("か\u{3099}") == 2)  // kana with combining voiced sound mark
    }

    @Test func hangulSyllablesAndJamoSequencesAreTwoColumns() {
        #expect(DisplayWidth.of("한국어") == 6)
        // 한 spelled with conjoining jamo: leading consonant, vowel, final consonant.
        #expect(DisplayWidth.of("\u{1112}\u{1161}\u{11AB}") == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}") == 2)
        #expect(DisplayWidth.of("\u{1100}\u{1161}\u{1100}\u{1161}\u{11A8}") == 4)
        #expect(DisplayWidth.of("\u{1161}") == 0)  // a lone medial vowel
        #expect(DisplayWidth.of("\u{D7B0}") == 0)  // Hangul Jamo Extended-B vowel
        #expect(DisplayWidth.of("ㄱ") == 2)  // compatibility jamo stands alone
    }

    @Test func emojiAreTwoColumns() {
        #expect(DisplayWidth.of("👍") == 2)
        #expect(DisplayWidth.of("👍🏽") == 2)  // skin tone modifier
        #expect(DisplayWidth.of("👨‍👩‍👧") == 2)  // ZWJ sequence
        #expect(DisplayWidth.of("🇹🇼") == 2)  // flag
        #expect(DisplayWidth.of("🇹🇼🇯🇵") == 4)
        #expect(DisplayWidth.of("❤️") == 2)  // text-presentation emoji with VS16
        #expect(DisplayWidth.of("❤️‍🔥") == 2)
        #expect(DisplayWidth.of("1\u{FE0F}\u{20E3}") == 2)  // keycap
        #expect(DisplayWidth.of("🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}") == 2)  // England
        #expect(DisplayWidth.of("\u{1FAE8}") == 2)  // SHAKING FACE, new in Unicode 15.0
        #expect(DisplayWidth.of("ok 👍") == 5)
    }

    @Test func textPresentationEmojiWithoutSelectorIsOneColumn() {
        #expect(DisplayWidth.of("☺") == 1)
        #expect(DisplayWidth.of("❤") == 1)
        #expect(DisplayWidth.of("☺\u{FE0F}") == 2)
        // VS16 only widens an emoji; after a letter it changes nothing.
        #expect(DisplayWidth.of("a\u{FE0F}") == 1)
        #expect(DisplayWidth.of(" \u{FE0F}") == 1)
    }

    @Test func zeroWidthFormatCharactersTakeNoColumn() {
        #expect(DisplayWidth.of("a\u{200D}b") == 2)  // ZERO WIDTH JOINER
        #expect(DisplayWidth.of("\u{200C}") == 0)  // ZERO WIDTH NON-JOINER
        #expect(DisplayWidth.of("\u{FE0F}") == 0)
        #expect(DisplayWidth.of("\u{E0041}") == 0)  // TAG LATIN CAPITAL LETTER A
    }

    @Test func escapedScalarsCountOneColumnEach() {
        #expect(DisplayWidth.of("\u{1B}[2J") == 4)
        #expect(DisplayWidth.of("\u{7}") == 1)
        #expect(DisplayWidth.of("\u{9B}") == 1)
        #expect(DisplayWidth.of("\u{202E}") == 1)
        #expect(DisplayWidth.of("\u{200B}") == 1)
        #expect(DisplayWidth.of("\u{AD}") == 1)
        #expect(DisplayWidth.of("a\r\nb") == 4)
        #expect(DisplayWidth.of(Character("\r\n")) == 2)
    }

    @Test func ambiguousWidthCharactersAreOneColumn() {
        #expect(DisplayWidth.of("±") == 1)
        #expect(DisplayWidth.of("Ω") == 1)
        #expect(DisplayWidth.of("…") == 1)
        #expect(DisplayWidth.of("─│") == 2)
    }

    @Test func characterWidthIsAtMostTwo() {
        #expect(DisplayWidth.of(Character("👨‍👩‍👧‍👦")) == 2)
        #expect(DisplayWidth.of(Character("🇹🇼")) == 2)
        #expect(DisplayWidth.of(Character("a")) == 1)
        #expect(DisplayWidth.of(Character("台")) == 2)
        #expect(DisplayWidth.of(Character("\u{301}")) == 0)
    }

    @Test func stringWidthIsTheSumOfCharacterWidths() {
        var generator = SeededRandom(seed: 0x5EED_0001)
        for _ in 0..<500 {
            let text = RandomText.make(using: &generator)
            let sum = text.reduce(0) { $0 + DisplayWidth.of($1) }
            #expect(DisplayWidth.of(text) == sum, "\(text.unicodeScalars.map { $0.value })")
        }
    }
}

@Suite struct StandaloneScalarTests {
    /// Every scalar DisplayWidth measures without grapheme breaking must break from its
    /// neighbours: it is not Prepend (joins "a" after it), not Extend, SpacingMark or ZWJ
    /// (joins "a" before it), not a regional indicator (joins itself), not a leading jamo
    /// (joins a Hangul syllable after it) and not a medial or final jamo (joins one before it).
    @Test func standaloneScalarsNeverJoinTheirNeighbours() {
        var checked = 0
        for value in UInt32(0)...0x10_FFFF {
            guard let scalar = Unicode.Scalar(value), DisplayWidth.standsAlone(scalar) else { continue }
            checked += 1
            let text = String(scalar)
            for pair in [text + "a", "a" + text, text + text, text + "가", "가" + text] {
                #expect(pair.count == 2, "U+\(String(value, radix: 16))")
            }
            #expect(DisplayWidth.of(text) == DisplayWidth.of(Character(scalar)), "U+\(String(value, radix: 16))")
        }
        #expect(checked > 100_000)
    }

    @Test func standaloneTextIsMeasuredLikeClusters() {
        let text = "台積電 2330 ＡＢＣ ｶﾀｶﾅ 한국어 ─│ « » ‘’ …"
        #expect(DisplayWidth.standaloneScalarsWidth(text) != nil)
        #expect(DisplayWidth.of(text) == text.reduce(0) { $0 + DisplayWidth.of($1) })
        #expect(DisplayWidth.standaloneScalarsWidth("e\u{301}") == nil)
        #expect(DisplayWidth.standaloneScalarsWidth("ｶﾞ") == nil)  // halfwidth voiced sound mark extends
    }
}
