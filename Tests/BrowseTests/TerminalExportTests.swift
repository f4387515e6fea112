import Foundation
import TestSupport
import Testing

/// An export printed at a terminal is read there, so it is made visible as a screen is: data
/// cannot clear the screen, write the clipboard (OSC 52) or set the title. Into a file or a
/// pipe it stays byte for byte (`TerminalSafetyTests.exportsKeepTheExactData`).
@Suite struct TerminalExportTests {
    func hostileFile(in folder: ScratchFolder) throws -> String {
        var text = "kind,value\n"
        for (kind, value) in TerminalSafetyTests.hostile {
            text += kind + ",\"" + value.replacingOccurrences(of: "\"", with: "\"\"") + "\"\n"
        }
        return try folder.write("escapes.csv", text)
    }

    /// Every scalar the terminal received that could drive it. A carriage return is allowed
    /// only before a line feed: the terminal's own output processing puts it there.
    func rawControls(_ screen: String) -> [String] {
        let scalars = Array(screen.unicodeScalars)
        var found: [String] = []
        for (index, scalar) in scalars.enumerated() {
            let value = scalar.value
            let carriageReturnOfANewline = value == 0x0D && index + 1 < scalars.count && scalars[index + 1] == "\n"
            let control = value < 0x20 && value != 0x0A && value != 0x09 && !carriageReturnOfANewline
            if control || (0x7F...0x9F).contains(value) || [0x202A, 0x202B, 0x202C, 0x202D, 0x202E].contains(value)
                || value == 0x200B
            {
                found.append("U+" + String(value, radix: 16, uppercase: true))
            }
        }
        return found
    }

    @Test(arguments: ["csv", "tsv", "json", "markdown"])
    func aBatchExportAtATerminalShowsControlsVisibly(_ format: String) throws {
        let folder = try ScratchFolder("terminal-export")
        let file = try hostileFile(in: folder)
        let terminal = try PseudoTerminal(
            Browse.executable.path, [file, "--format", format], environment: Browse.environment(), columns: 200)
        #expect(try terminal.waitForEnd() == .exited(0))
        let screen = terminal.screen
        #expect(rawControls(screen).isEmpty, "raw controls reached the terminal: \(rawControls(screen))")
        #expect(screen.contains("<U+202E>"), "a bidi override is named:\n\(screen)")
        #expect(screen.contains("<U+009B>"), "an 8-bit CSI is named")
        if format != "json" {
            #expect(screen.contains("␛]52;c;cm0gLXJmIH4=␇"), "OSC 52 is shown, not obeyed")
            #expect(screen.contains("␛[2J"), "a clear screen is shown, not obeyed")
        }
    }

    @Test func anExportAtThePromptAndOneToTheTerminalDeviceShowControlsVisibly() throws {
        let folder = try ScratchFolder("terminal-export")
        let file = try hostileFile(in: folder)
        // No colour: then every escape sequence on the screen would have come from the data.
        let terminal = try PseudoTerminal(
            Browse.executable.path, [file, "-c", "export csv; export tsv /dev/tty"],
            environment: Browse.environment(["NO_COLOR": "1"]), columns: 200)
        #expect(try terminal.waitForEnd() == .exited(0))
        let screen = terminal.screen
        #expect(rawControls(screen).isEmpty, "raw controls reached the terminal: \(rawControls(screen))")
        #expect(
            screen.components(separatedBy: "␛]0;pwned␛\\").count >= 4,
            "the title change shown on the screen and in both exports:\n\(screen)")
    }
}
