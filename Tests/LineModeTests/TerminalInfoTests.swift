import LineMode
import Testing

@Suite struct TerminalInfoTests {
    @Test func colourOnlyOnATerminalAndNeverWithNoColorOrADumbTerminal() {
        let tty = TerminalInfo(outputIsTerminal: true, errorIsTerminal: true, environment: ["TERM": "xterm"])
        #expect(tty.colorEnabled)
        #expect(tty.animatesProgress)
        var noColor = tty
        noColor.environment["NO_COLOR"] = "1"
        #expect(!noColor.colorEnabled)
        var dumb = tty
        dumb.environment["TERM"] = "dumb"
        #expect(!dumb.colorEnabled)
        #expect(!dumb.animatesProgress, "a dumb terminal cannot redraw a progress line")
        let pipe = TerminalInfo(outputIsTerminal: false, environment: ["TERM": "xterm"])
        #expect(!pipe.colorEnabled)
    }

    @Test func styleIsANoOpWhenColourIsOff() {
        #expect(TextStyle(enabled: false).bold("x") == "x")
        #expect(TextStyle(enabled: true).bold("x") == "\u{1B}[1mx\u{1B}[0m")
    }
}
