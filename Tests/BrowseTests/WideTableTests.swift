import Foundation
import TestSupport
import Testing

/// A table of thousands of columns: a screen lays out only the columns that can fit, so the
/// first page, a sort, scrolling and `stats` come back as fast as for a narrow table.
@Suite struct WideTableTests {
    /// 5,000 columns of three rows. Laid out by weighing every column against every other, a
    /// character at a time, the first screen took minutes (a minute even optimized), and Ctrl-C
    /// could not stop it; each wait below has only the terminal's generous watchdog.
    @Test func fiveThousandColumnsShowSortScrollAndSummarize() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/wide.csv"
        let count = 5_000
        var text = (0..<count).map { "column\($0)" }.joined(separator: ",") + "\n"
        for row in 1...3 { text += (0..<count).map { String($0 * row) }.joined(separator: ",") + "\n" }
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let terminal = try PseudoTerminal.browse([path], in: folder, columns: 80)
        try terminal.waitFor("rows 1–3 of 3")
        try terminal.waitFor("more columns · scroll with >")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort column7 desc\r")
        try terminal.waitFor("sort column7 desc")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type(">\r")
        try terminal.waitFor("1 column scrolled past")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("stats\r")
        try terminal.waitFor("stats of wide.csv")
        try terminal.waitFor("rows 1–")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
    }
}
