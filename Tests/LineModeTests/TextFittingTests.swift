import ListKit
import TestSupport
import Testing

@testable import LineMode

@Suite struct TextFittingTests {
    @Test func textThatFitsIsUnchanged() {
        #expect(TextFitting.truncate("abc", toWidth: 3) == "abc")
        #expect(TextFitting.truncate("abc", toWidth: 10) == "abc")
        #expect(TextFitting.truncate("台積電", toWidth: 6) == "台積電")
        #expect(TextFitting.truncate("", toWidth: 4) == "")
    }

    @Test func asciiIsCutWithAnEllipsis() {
        #expect(TextFitting.truncate("abcdef", toWidth: 4) == "abc…")
        #expect(TextFitting.truncate("abcd", toWidth: 3) == "ab…")
        #expect(DisplayWidth.of(TextFitting.truncate("abcdef", toWidth: 4)) == 4)
    }

    @Test func cutAtAChineseBoundary() {
        let five = TextFitting.truncate("台積電公司", toWidth: 5)
        #expect(five == "台積…")
        #expect(DisplayWidth.of(five) == 5)
        // 台積 would take 4 columns and leave none for the ellipsis; 積 does not half fit.
        let four = TextFitting.truncate("台積電公司", toWidth: 4)
        #expect(four == "台…")
        #expect(DisplayWidth.of(four) == 3)
        #expect(TextFitting.fit("台積電公司", toWidth: 4, alignment: .leading) == "台… ")
        #expect(TextFitting.fit("台積電公司", toWidth: 4, alignment: .trailing) == " 台…")
    }

    @Test func tinyWidths() {
        #expect(TextFitting.truncate("abc", toWidth: 0) == "")
        #expect(TextFitting.truncate("abc", toWidth: -3) == "")
        #expect(TextFitting.truncate("abc", toWidth: 1) == "…")
        #expect(TextFitting.truncate("abc", toWidth: 2) == "a…")
        #expect(TextFitting.truncate("a", toWidth: 1) == "a")
        #expect(TextFitting.truncate("台", toWidth: 1) == "…")
        #expect(TextFitting.truncate("台", toWidth: 2) == "台")
        #expect(TextFitting.truncate("台積", toWidth: 2) == "…")
        #expect(TextFitting.truncate("台積", toWidth: 3) == "台…")
        #expect(TextFitting.truncate("台積電", toWidth: 2) == "…")
        #expect(TextFitting.truncate("👍👍", toWidth: 2) == "…")
        #expect(TextFitting.truncate("👍👍", toWidth: 3) == "👍…")
        #expect(TextFitting.fit("台積電", toWidth: 2, alignment: .leading) == "… ")
        #expect(TextFitting.fit("台積電", toWidth: 2, alignment: .trailing) == " …")
        #expect(TextFitting.fit("abc", toWidth: 0, alignment: .leading) == "")
        #expect(TextFitting.fit("abc", toWidth: -1, alignment: .trailing) == "")
        #expect(TextFitting.fit("", toWidth: 2, alignment: .leading) == "  ")
    }

    @Test func graphemeClustersAreNeverSplit() {
        #expect(TextFitting.truncate("e\u{301}e\u{301}e\u{301}", toWidth: 2) == "e\u{301}…")
        #expect(TextFitting.truncate("👨‍👩‍👧👨‍👩‍👧", toWidth: 3) == "👨‍👩‍👧…")
        #expect(TextFitting.truncate("🇹🇼🇯🇵", toWidth: 3) == "🇹🇼…")
        #expect(TextFitting.truncate("❤️❤️", toWidth: 3) == "❤️…")
        let han = "\u{1112}\u{1161}\u{11AB}"  // 한 as conjoining jamo
        let geu = "\u{1100}\u{1173}"  // 그 as conjoining jamo
        #expect(TextFitting.truncate(han + geu, toWidth: 3) == han + "…")
    }

    @Test func fitPadsToTheExactWidth() {
        #expect(TextFitting.fit("42", toWidth: 5, alignment: .trailing) == "   42")
        #expect(TextFitting.fit("42", toWidth: 5, alignment: .leading) == "42   ")
        #expect(TextFitting.fit("台積電", toWidth: 8, alignment: .leading) == "台積電  ")
        #expect(TextFitting.fit("台積電", toWidth: 8, alignment: .trailing) == "  台積電")
        #expect(TextFitting.fit("abcdef", toWidth: 4, alignment: .trailing) == "abc…")
        #expect(TextFitting.fit("abc", toWidth: 3, alignment: .leading) == "abc")
    }

    @Test func fitHandlesClustersThatJoinThePadding() {
        // U+0600 ARABIC NUMBER SIGN joins the space after it into one grapheme cluster; a
        // combining mark at the start joins the space before it.
        for alignment in [Alignment.leading, .trailing] {
            for text in ["\u{600}", "\u{600}\u{600}\u{600}", "\u{301}a", "\u{FE0F}x", "\u{D4E}\u{D4E}"] {
                for width in 1...4 {
                    let fitted = TextFitting.fit(text, toWidth: width, alignment: alignment)
                    #expect(DisplayWidth.of(fitted) == width, "\(text.unicodeScalars.map { $0.value }) in \(width)")
                }
            }
        }
    }

    @Test(arguments: [Alignment.leading, .trailing])
    func fitAlwaysGivesTheRequestedWidth(alignment: Alignment) {
        var generator = SeededRandom(seed: alignment == .leading ? 0x5EED_0003 : 0x5EED_0004)
        for _ in 0..<1000 {
            let text = RandomText.make(using: &generator)
            let width = Int.random(in: 0...14, using: &generator)
            let fitted = TextFitting.fit(text, toWidth: width, alignment: alignment)
            #expect(DisplayWidth.of(fitted) == width, "\(text.unicodeScalars.map { $0.value }) in \(width)")
            // Escaped first, as callers do.
            let visible = TextFitting.fit(VisibleText.make(text), toWidth: width, alignment: alignment)
            #expect(DisplayWidth.of(visible) == width, "\(text.unicodeScalars.map { $0.value }) in \(width)")
        }
    }

    @Test func truncateKeepsWholeClustersOfThePrefix() {
        var generator = SeededRandom(seed: 0x5EED_0005)
        for _ in 0..<1000 {
            let text = RandomText.make(using: &generator)
            let width = Int.random(in: 0...14, using: &generator)
            let cut = TextFitting.truncate(text, toWidth: width)
            let label = "\(text.unicodeScalars.map { $0.value }) in \(width)"
            #expect(DisplayWidth.of(cut) <= max(width, 0), "\(label)")
            if width > 0 && DisplayWidth.of(text) <= width {
                #expect(cut == text, "\(label)")
                continue
            }
            guard width > 0 else {
                #expect(cut.isEmpty, "\(label)")
                continue
            }
            // Compared by scalar: a prepended mark before it joins the ellipsis into its cluster.
            #expect(cut.unicodeScalars.last == "…", "\(label)")
            // The cut text, less the ellipsis, is the text up to a grapheme cluster boundary.
            let kept = Array(cut.unicodeScalars.dropLast())
            #expect(Array(text.unicodeScalars.prefix(kept.count)) == kept, "\(label)")
            let end = text.unicodeScalars.index(text.unicodeScalars.startIndex, offsetBy: kept.count)
            #expect(end.samePosition(in: text) != nil, "\(label)")
        }
    }

    @Test func widePaddingIsExact() {
        // Wider than the cached run of spaces that padding is cut from.
        let fitted = TextFitting.fit("x", toWidth: 300, alignment: .trailing)
        #expect(fitted == String(repeating: " ", count: 299) + "x")
        #expect(TextFitting.fit("台", toWidth: 130, alignment: .leading) == "台" + String(repeating: " ", count: 128))
    }
}
