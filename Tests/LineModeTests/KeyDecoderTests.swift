import LineMode
import Testing

/// Bytes from a terminal become keys, whatever pieces they arrive in.
@Suite struct KeyDecoderTests {
    func keys(_ text: String) -> [Key] {
        var decoder = KeyDecoder()
        return decoder.feed(Array(text.utf8)) + decoder.flush()
    }

    @Test func homeAndEndInEverySpelling() {
        for home in ["\u{1B}[H", "\u{1B}OH", "\u{1B}[1~", "\u{1B}[7~", "\u{1B}[1;5H"] {
            #expect(keys(home) == [.home], "\(home.debugDescription)")
        }
        for end in ["\u{1B}[F", "\u{1B}OF", "\u{1B}[4~", "\u{1B}[8~"] {
            #expect(keys(end) == [.end], "\(end.debugDescription)")
        }
    }

    @Test func arrowsDeleteAndWords() {
        #expect(keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [.up, .down, .right, .left])
        #expect(keys("\u{1B}OA\u{1B}OD") == [.up, .left], "application mode")
        #expect(keys("\u{1B}[3~") == [.delete])
        #expect(keys("\u{1B}[1;5C\u{1B}[1;3D") == [.wordRight, .wordLeft])
        #expect(keys("\u{1B}b\u{1B}f\u{1B}d") == [.alt("b"), .alt("f"), .alt("d")])
        #expect(keys("\u{1B}\u{7F}") == [.altBackspace])
    }

    @Test func controlKeysAndText() {
        #expect(
            keys("\u{01}\u{05}\u{12}\u{03}\u{04}") == [
                .control("a"), .control("e"), .control("r"), .control("c"), .control("d"),
            ])
        #expect(keys("ab台\r") == [.text("ab台"), .enter])
        #expect(keys("\r\n") == [.enter], "CR LF is one Enter")
        #expect(keys("\t\u{7F}") == [.tab, .backspace])
    }

    @Test func unknownSequencesAreSwallowedWhole() {
        #expect(keys("\u{1B}[15~x") == [.unknown, .text("x")], "F5")
        #expect(keys("\u{1B}[5~") == [.unknown], "Page Up")
    }

    @Test func aLoneEscapeWaitsThenIsEscape() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B]).isEmpty)
        #expect(decoder.isWaiting)
        #expect(decoder.flush() == [.escape])
        #expect(!decoder.isWaiting)
    }

    @Test func sequencesAndCharactersSplitAcrossReads() {
        var decoder = KeyDecoder()
        #expect(decoder.feed([0x1B, 0x5B]).isEmpty)
        #expect(decoder.feed([0x33]).isEmpty)
        #expect(decoder.feed([0x7E]) == [.delete])
        let bytes = Array("台".utf8)
        #expect(decoder.feed(bytes[0..<2]).isEmpty, "half a character waits")
        #expect(decoder.feed(bytes[2...]) == [.text("台")])
    }

    @Test func bracketedPasteIsOneKeyInAnyPieces() {
        let paste = "\u{1B}[200~open films\nsort year\u{1B}[D\u{1B}[201~"
        #expect(keys(paste) == [.paste("open films\nsort year\u{1B}[D")])
        var decoder = KeyDecoder()
        var found: [Key] = []
        for byte in Array((paste + "x").utf8) { found += decoder.feed([byte]) }
        #expect(found == [.paste("open films\nsort year\u{1B}[D"), .text("x")])
    }
}
