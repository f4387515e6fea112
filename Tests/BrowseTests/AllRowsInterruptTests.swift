import Foundation
import TestSupport
import Testing

/// Work over every row of a large file, at a real terminal: its progress line shows while it
/// runs, Ctrl-C stops it, and the prompt comes back on the view as it was.
@Suite struct AllRowsInterruptTests {
    /// 400,000 rows of six columns: enough that `stats` runs for a long while after its
    /// progress line shows, on any machine that runs the tests.
    static func largeFile(at url: URL) throws {
        var bytes = Array("date,code,name,volume,close,change\n".utf8)
        bytes.reserveCapacity(20_000_000)
        let names = ["台泥", "亞泥", "台積電", "日月光投控", "元大台灣50"]
        for row in 0..<400_000 {
            let line =
                "2025-03-\(row % 28 + 1),\(1101 + row % 3_000),\(names[row % names.count])\(row % 97),"
                + "\(row * 7 % 100_003),\(row % 900 + 10).\(row % 100),\(row % 21 - 10).5\n"
            bytes.append(contentsOf: line.utf8)
        }
        try Data(bytes).write(to: url)
    }

    @Test func ctrlCDuringStatsOfALargeFileStopsItAndKeepsTheView() throws {
        let folder = try ScratchFolder("pty")
        try Self.largeFile(at: folder.url.appendingPathComponent("large.csv"))
        let terminal = try PseudoTerminal.browse(["large.csv"], in: folder)
        try terminal.waitFor("rows 1–", timeout: 120)
        try terminal.waitFor(PseudoTerminal.prompt, timeout: 120)
        terminal.type("/2025\r")
        try terminal.waitFor("filter \"2025\"", timeout: 120)
        try terminal.waitFor(PseudoTerminal.prompt, timeout: 120)
        terminal.type("stats\r")
        // The progress line, drawn beside the work while it holds the program.
        try terminal.waitFor("\r⠋ stats", timeout: 120)
        terminal.send([0x03])
        try terminal.waitFor("interrupted: stats was cancelled", timeout: 120)
        try terminal.waitFor(PseudoTerminal.prompt, timeout: 120)
        // An empty line draws the screen again: the filtered file, not a screen of stats.
        terminal.type("\r")
        let redrawn = try terminal.waitFor("filter \"2025\"", timeout: 120)
        #expect(redrawn.contains("datasets › large.csv\u{1B}[0m\r\n"), "the view as it was:\n\(redrawn)")
        #expect(!redrawn.contains("stats of"), "no screen of stats was pushed:\n\(redrawn)")
        try terminal.waitFor(PseudoTerminal.prompt, timeout: 120)
        terminal.type("q\r")
        #expect(try terminal.waitForEnd(timeout: 120) == .exited(0), "screen:\n\(terminal.screen)")
    }
}
