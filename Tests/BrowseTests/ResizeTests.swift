import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The screen follows the terminal: a resize while the prompt waits draws the page again at
/// once, in the new width and with as many rows as fit under the breadcrumb.
@Suite struct ResizeTests {
    @Test func aResizeAtThePromptRedrawsThePageToFit() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["people"], in: folder, columns: 100, rows: 30)
        try terminal.waitFor("rows 1–7 of 7 · page 1/1")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.resize(columns: 40, rows: 8)
        // Eight rows: breadcrumb, header, four people, the status and the prompt.
        let screen = try terminal.waitFor("rows 1–4 of 7 · page 1/2")
        #expect(screen.contains("datasets › people"))
        terminal.type("n\r")
        try terminal.waitFor("rows 5–7 of 7 · page 2/2")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.resize(columns: 120, rows: 30)
        try terminal.waitFor("rows 1–7 of 7 · page 1/1")
        terminal.type("q\r")
        _ = try terminal.waitForEnd()
    }
}
