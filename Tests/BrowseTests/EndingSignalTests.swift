import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every signal that ends the program gives the terminal back first: a signal at the prompt
/// (where the terminal is raw and bracketed paste is on) ends it with that signal, as before,
/// with the terminal's settings as they were and bracketed paste turned off.
@Suite struct EndingSignalTests {
    static let signals: [Int32] = {
        var numbers = [SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGSYS, SIGIO]
        #if os(Linux)
            numbers.append(SIGPWR)
        #endif
        return numbers
    }()

    @Test(arguments: signals)
    func aSignalAtThePromptGivesTheTerminalBack(_ signal: Int32) throws {
        let folder = try ScratchFolder("ending-signal")
        let terminal = try PseudoTerminal.browse(in: folder, environment: ["BROWSE_HISTORY": ""])
        try terminal.waitFor("\u{1B}[?2004h\r> ")
        // The prompt has the terminal raw: what the signal must undo.
        try waitUntil("raw mode at the prompt") { !sameSettings(terminal.settingsBefore, terminal.settings()) }
        terminal.sendSignal(signal)
        try terminal.expectEnded(.signalled(signal))
        #expect(terminal.sinceLastFind.contains("\u{1B}[?2004l"), "bracketed paste is turned off")
    }
}
