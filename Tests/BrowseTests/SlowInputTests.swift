import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Standard input from a writer that pauses: the first page shows with the rows that have
/// arrived, and the rest joins them when the writer has finished.
@Suite struct SlowInputTests {
    @Test func theFirstPageShowsBeforeASlowWriterHasFinished() throws {
        let folder = try ScratchFolder("pty")
        let fifo = folder.path + "/slow"
        #expect(mkfifo(fifo, 0o600) == 0)
        let terminal = try PseudoTerminal.browse(["-"], in: folder, standardInput: fifo)
        let writer = open(fifo, O_WRONLY)
        #expect(writer >= 0)
        func send(_ text: String) {
            _ = text.utf8CString.withUnsafeBufferPointer { write(writer, $0.baseAddress, $0.count - 1) }
        }
        send("code,name,price\n" + (1...30).map { "\($0),company \($0),\($0).5\n" }.joined())
        // The writer pauses with its pipe open: the rows so far show, the last perhaps cut short
        // left for the rest.
        let screen = try terminal.waitFor("… loading")
        #expect(screen.contains("company 1 "))
        #expect(screen.contains("rows 1–20 of 29… loading"))
        #expect(!screen.contains("company 31"))
        // A filter waits for every row; Ctrl-C gives up the filter, not the rows still coming.
        terminal.type("/company 4\r")
        // The indicator draws once the filter waits where Ctrl-C reaches it.
        try terminal.waitFor("loading stdin")
        terminal.type("\u{3}")
        try terminal.waitFor("the filter, which waits for every row, was cancelled")
        try terminal.waitFor(PseudoTerminal.prompt)

        send((31...45).map { "\($0),company \($0),\($0).5\n" }.joined())
        close(writer)
        // The screen is drawn again when the last row has arrived.
        try terminal.waitFor("rows 1–20 of 45 · page 1/3")
        terminal.type("g 3\r")
        let later = try terminal.waitFor("rows 41–45 of 45")
        #expect(later.contains("company 45"))
        terminal.type("/company 4\r")
        // The filter waits for every row: company 4 and 40–45.
        #expect(try terminal.waitFor("filter \"company 4\"").contains("rows 1–7 of 7"))
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }
}
