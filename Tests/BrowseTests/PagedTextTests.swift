import Foundation
import TestSupport
import Testing

/// Text longer than the terminal (help, a detail of many fields) is paged as a list is, at a
/// real terminal of 80 × 24: `n`, `p`, `G`, a status line that says which lines show, `b`
/// back; `G`, `g last` and `end` go to a list's last page; Ctrl-L and an empty Enter draw the
/// current page again.
@Suite struct PagedTextTests {
    /// `browse ARGUMENTS` at a terminal of 80 × 24, in `folder`.
    func start(_ arguments: [String], in folder: ScratchFolder) throws -> PseudoTerminal {
        try PseudoTerminal.browse(arguments, in: folder)
    }

    /// The numbers of the first `lines A–B of N` after the last wait.
    func shownLines(_ terminal: PseudoTerminal) throws -> (first: Int, last: Int, total: Int) {
        // The status line starts dim, which the text of a page never does.
        try terminal.waitFor("\u{1B}[2mlines ")
        let status = try terminal.waitFor(" · ")
        let numbers = status.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        try #require(numbers.count == 3, "a status line lines A–B of N: \(status)")
        return (numbers[0], numbers[1], numbers[2])
    }

    func quit(_ terminal: PseudoTerminal) throws {
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0), "screen:\n\(terminal.screen)")
    }

    @Test func helpLongerThanTheTerminalIsPagedAndBGoesBack() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try start(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("h\r")
        try terminal.waitFor("datasets › films › help")
        let first = try shownLines(terminal)
        #expect(first.first == 1)
        #expect(first.last < first.total, "help is longer than 24 rows")
        // The breadcrumb, the page and the status line fit the terminal with the prompt.
        #expect(first.last + 3 <= 24)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("n\r")
        let second = try shownLines(terminal)
        #expect(second.first == first.last + 1)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("G\r")
        let last = try shownLines(terminal)
        #expect(last.last == last.total)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("n\r")
        try terminal.waitFor("already on the last page")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("b\r")
        try terminal.waitFor("datasets › films\u{1B}[0m\r\n")
        try terminal.waitFor("rows 1–")
        try quit(terminal)
    }

    @Test func anotherCommandLeavesTheHelpAndRunsOnTheScreenUnderIt() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try start(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("h\r")
        _ = try shownLines(terminal)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort year desc\r")
        try terminal.waitFor("datasets › films\u{1B}[0m\r\n")
        try terminal.waitFor("sort year desc")
        try quit(terminal)
    }

    @Test func aDetailOfManyFieldsPagesBeforeItStepsToTheNextRow() throws {
        let folder = try ScratchFolder("pty")
        let names = (1...40).map { "field\($0)" }
        let rows = (1...3).map { row in names.map { "\($0)-row\(row)" } }
        let text = ([names] + rows).map { $0.joined(separator: ",") }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("wide.csv"))
        let terminal = try start(["wide.csv"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("1\r")
        try terminal.waitFor("field1-row1")
        let first = try shownLines(terminal)
        #expect(first.first == 1 && first.last < first.total)
        try terminal.waitFor("row 1 of 3")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("G\r")
        try terminal.waitFor("field40-row1")
        let last = try shownLines(terminal)
        #expect(last.last == last.total)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("n\r")
        try terminal.waitFor("field1-row2")
        let next = try shownLines(terminal)
        #expect(next.first == 1, "the next row starts at its first line")
        try terminal.waitFor("row 2 of 3")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("p\r")
        try terminal.waitFor("field1-row1")
        try quit(terminal)
    }

    @Test func gCapitalGLastAndEndGoToTheLastPage() throws {
        let folder = try ScratchFolder("pty")
        let text = "n,square\n" + (1...100).map { "\($0),\($0 * $0)" }.joined(separator: "\n") + "\n"
        try Data(text.utf8).write(to: folder.url.appendingPathComponent("squares.csv"))
        let terminal = try start(["squares.csv"], in: folder)
        try terminal.waitFor("rows 1–")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("G\r")
        try terminal.waitFor(" of 100 · page ")
        let status = try terminal.waitFor("\r\n")
        let pages = try #require(status.split(separator: "/").first.flatMap { Int($0) })
        #expect(status.hasPrefix("\(pages)/\(pages)"), "the last page: \(status)")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("g last\r")
        try terminal.waitFor("already on the last page")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("g 1\r")
        try terminal.waitFor("page 1/")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("end\r")
        try terminal.waitFor("page \(pages)/\(pages)")
        try quit(terminal)
    }

    @Test func ctrlLAndAnEmptyEnterDrawTheCurrentPageAgain() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try start(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("h\r")
        _ = try shownLines(terminal)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("n\r")
        let second = try shownLines(terminal)
        try terminal.waitFor(PseudoTerminal.prompt)
        // Ctrl-L with a line half typed: the screen is cleared, the page drawn, the line kept.
        terminal.type("sor\u{0C}")
        try terminal.waitFor("\u{1B}[2J")
        try terminal.waitFor("datasets › films › help")
        let redrawn = try shownLines(terminal)
        #expect(redrawn.first == second.first, "the same page")
        try terminal.waitFor(PseudoTerminal.prompt + "sor")
        terminal.type("\u{15}\r")
        try terminal.waitFor("datasets › films › help")
        let again = try shownLines(terminal)
        #expect(again.first == second.first, "an empty line draws the same page")
        try quit(terminal)
    }
}
