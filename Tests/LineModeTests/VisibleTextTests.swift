import TestSupport
import Testing

@testable import LineMode

@Suite struct VisibleTextTests {
    @Test func escapeSequencesAreShownNotObeyed() {
        #expect(VisibleText.make("\u{1B}[2J") == "\u{241B}[2J")
        #expect(VisibleText.make("\u{1B}[31mred\u{1B}[0m") == "\u{241B}[31mred\u{241B}[0m")
        #expect(VisibleText.make("\u{1B}[10;20H") == "\u{241B}[10;20H")
    }

    @Test func clipboardWriteIsDefused() {
        let osc52 = "\u{1B}]52;c;ZWNobyBwd25lZAo=\u{7}"
        #expect(VisibleText.make(osc52) == "\u{241B}]52;c;ZWNobyBwd25lZAo=\u{2407}")
        #expect(VisibleText.make("\u{1B}]52;c;ZWNobw==\u{1B}\\") == "\u{241B}]52;c;ZWNobw==\u{241B}\\")
    }

    @Test func titleChangeIsDefused() {
        #expect(VisibleText.make("\u{1B}]0;pwned\u{7}") == "\u{241B}]0;pwned\u{2407}")
        #expect(VisibleText.make("\u{1B}]2;pwned\u{9C}") == "\u{241B}]2;pwned<U+009C>")
    }

    @Test func c0ControlsBecomeControlPictures() {
        #expect(VisibleText.make("\u{7}") == "␇")
        #expect(VisibleText.make("abc\u{8}\u{8}\u{8}xyz") == "abc␈␈␈xyz")
        #expect(VisibleText.make("100%\rDone") == "100%␍Done")
        #expect(VisibleText.make("a\tb\nc") == "a␉b␊c")
        #expect(VisibleText.make("a\r\nb") == "a␍␊b")
        #expect(VisibleText.make("\u{0}") == "␀")
        #expect(VisibleText.make("\u{1F}") == "\u{241F}")
        #expect(VisibleText.make("\u{7F}") == "␡")
    }

    @Test func c1ControlsBecomeCodePoints() {
        #expect(VisibleText.make("\u{9B}2J") == "<U+009B>2J")  // 8-bit CSI
        #expect(VisibleText.make("x\u{85}y") == "x<U+0085>y")
        #expect(VisibleText.make("\u{80}\u{9F}") == "<U+0080><U+009F>")
    }

    @Test func bidiControlsBecomeCodePoints() {
        #expect(VisibleText.make("invoice\u{202E}fdp.exe") == "invoice<U+202E>fdp.exe")
        #expect(VisibleText.make("\u{2066}a\u{2069}") == "<U+2066>a<U+2069>")
        #expect(VisibleText.make("\u{200E}\u{200F}\u{61C}") == "<U+200E><U+200F><U+061C>")
        #expect(VisibleText.make("台\u{202B}積") == "台<U+202B>積")
    }

    @Test func invisibleCharactersBecomeCodePoints() {
        #expect(VisibleText.make("pay\u{200B}pal") == "pay<U+200B>pal")
        #expect(VisibleText.make("\u{FEFF}2330") == "<U+FEFF>2330")
        #expect(VisibleText.make("a\u{2060}b") == "a<U+2060>b")
        #expect(VisibleText.make("co\u{AD}operate") == "co<U+00AD>operate")
        #expect(VisibleText.make("line\u{2028}break") == "line<U+2028>break")
        #expect(VisibleText.make("\u{E0001}") == "<U+E0001>")
    }

    @Test func joinersAndSelectorsStayInsideSequences() {
        let kept = [
            "👨‍👩‍👧", "❤️", "❤️‍🔥", "👍🏽", "🇹🇼", "1\u{FE0F}\u{20E3}", "क्\u{200D}ष", "می\u{200C}خواهم", "葛\u{E0100}",
            "🏴\u{E0067}\u{E0062}\u{E0065}\u{E006E}\u{E0067}\u{E007F}",
        ]
        for text in kept {
            #expect(VisibleText.make(text) == text)
        }
    }

    @Test func strayJoinersAndSelectorsAreEscaped() {
        #expect(VisibleText.make("\u{200D}") == "<U+200D>")
        #expect(VisibleText.make("\u{FE0F}abc") == "<U+FE0F>abc")
        #expect(VisibleText.make("\n\u{200D}👍") == "␊<U+200D>👍")
        #expect(VisibleText.make("\u{200C}") == "<U+200C>")
    }

    @Test func tagCharactersOutsideAFlagAreEscaped() {
        // Tag characters spell invisible ASCII after any base character.
        #expect(VisibleText.make("ok\u{E0068}\u{E0069}") == "ok<U+E0068><U+E0069>")
        #expect(VisibleText.make("\u{E0041}") == "<U+E0041>")
    }

    @Test func cleanTextIsReturnedUnchanged() {
        let texts = ["", "plain ASCII text that is long enough to be stored on the heap", "台積電 2330 ＡＢＣ ｶ 한국어"]
        for text in texts {
            #expect(VisibleText.make(text) == text)
        }
    }

    @Test func cleanTextIsReturnedWithoutCopying() {
        // Longer than 15 UTF-8 bytes, so each string has its own heap buffer to compare.
        let texts = [
            "plain ASCII text that is long enough to be stored on the heap",
            "台積電股份有限公司 Taiwan Semiconductor",
            "emoji stay: 👨‍👩‍👧 ❤️ 👍🏽 🇹🇼 and more",
        ]
        for text in texts {
            let made = VisibleText.make(text)
            #expect(bufferAddress(of: made) != nil)
            #expect(bufferAddress(of: made) == bufferAddress(of: text))
        }
    }

    @Test func outputNeverContainsControlsOrBidiControls() {
        var generator = SeededRandom(seed: 0x5EED_0002)
        for _ in 0..<2000 {
            let text = RandomText.make(using: &generator)
            let made = VisibleText.make(text)
            let forbidden = made.unicodeScalars.filter(Self.isForbidden)
            #expect(forbidden.isEmpty, "\(text.unicodeScalars.map { $0.value }) gave \(forbidden.map { $0.value })")
            #expect(VisibleText.make(made) == made, "escaping twice changes nothing")
        }
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        let bidiControls: Set<UInt32> = [
            0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        ]
        return scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || bidiControls.contains(scalar.value)
    }

    private func bufferAddress(of text: String) -> UInt? {
        text.utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { UInt(bitPattern: $0) }
        } ?? nil
    }

    @Test func anExportAtATerminalKeepsItsLinesAndTabsAndShowsTheRest() {
        #expect(
            VisibleText.keepingLines("a,\u{1B}]52;c;eA==\u{07}\nb\t\u{202E}x\r\n")
                == "a,\u{241B}]52;c;eA==\u{2407}\nb\t<U+202E>x\u{240D}\n")
        #expect(VisibleText.keepingLines("plain,text\n1,2\n") == "plain,text\n1,2\n")
        #expect(VisibleText.keepingLines("\u{9B}31m\n\n") == "<U+009B>31m\n\n")
        // A joiner keeps its place in an emoji sequence on any line.
        #expect(VisibleText.keepingLines("x\n👩\u{200D}💻\n") == "x\n👩\u{200D}💻\n")
    }
}
