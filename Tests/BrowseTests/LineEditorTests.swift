import Foundation
import ListKitTesting
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The prompt at a real terminal (a pseudo-terminal): editing, history, completion, the keys
/// that end things, and the terminal given back as it was on every way out.
@Suite struct LineEditorTests {
    @Test func anEditInTheMiddleOfALine() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open flms" + "\u{1B}[D\u{1B}[D\u{1B}[D" + "i")
        try terminal.waitFor("open films")
        terminal.type("\r")
        try terminal.waitFor("datasets › films")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func upRecallsThePreviousCommandInANewSession() throws {
        let folder = try ScratchFolder("pty")
        let first = try PseudoTerminal.browse(in: folder)
        try first.waitFor(PseudoTerminal.prompt)
        first.type("open people\r")
        try first.waitFor("datasets › people")
        try first.waitFor(PseudoTerminal.prompt)
        first.type("\u{04}")
        try first.expectEnded(.exited(0))

        let second = try PseudoTerminal.browse(in: folder)
        try second.waitFor(PseudoTerminal.prompt)
        second.type("\u{1B}[A")
        try second.waitFor("open people")
        second.type("\r")
        try second.waitFor("datasets › people")
        second.type("q\r")
        try second.expectEnded(.exited(0))
        let history = try String(contentsOfFile: folder.path + "/state/browse/history", encoding: .utf8)
        #expect(history == "open people\nq\n", "the recalled command is not kept twice in a row")
    }

    @Test func pipesAndScriptsNeverTouchTheHistory() throws {
        let folder = try ScratchFolder("pty")
        let environment = ["XDG_STATE_HOME": folder.path + "/state", "TERM": "xterm-256color"]
        let piped = try Browse.run(["films"], input: "sort year\nq\n", environment: environment)
        let script = try Browse.run(["films", "-c", "sort year"], input: "", environment: environment)
        #expect(piped.status == 0)
        #expect(script.status == 0)
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/state/browse/history"))
    }

    @Test func tabCompletesADatasetName() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open fi\t")
        try terminal.waitFor("open films ")
        terminal.type("\r")
        try terminal.waitFor("datasets › films")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func aSecondTabListsTheCandidates() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort \t")
        try terminal.waitFor("\u{07}")
        terminal.type("\t")
        // The columns, listed under the line, then the line again.
        let listed = try terminal.waitFor(PseudoTerminal.prompt + "sort ")
        let lines = listed.replacingOccurrences(of: "\r", with: "").split(separator: "\n")
        #expect(
            lines.contains { $0.hasPrefix("director") && $0.contains("  title") && $0.hasSuffix("year") }, "\(lines)")
        terminal.type("\u{03}q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func ctrlCAtThePromptKeepsTheSession() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open fil")
        try terminal.waitFor("open fil")
        terminal.send([0x03])
        try terminal.waitFor("^C")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("open people\r")
        try terminal.waitFor("datasets › people")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func ctrlCDuringAnExportReturnsToThePromptAndLeavesNoFile() throws {
        let folder = try ScratchFolder("pty")
        let data = folder.url.appendingPathComponent("large.csv")
        try Self.writeLargeFile(data, rows: 2_000_000)
        let terminal = try PseudoTerminal.browse(["large.csv"], in: folder)
        try terminal.waitFor("of 2,000,000", timeout: 120)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("export csv out.csv\r")
        // The prompt turns bracketed paste off as it hands the terminal back for the command.
        try terminal.waitFor("export csv out.csv")
        try terminal.waitFor("\u{1B}[?2004l")
        // The export of two million rows takes seconds; press Ctrl-C once it writes its file.
        try waitUntil("the export's temporary file") {
            let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
            return names.contains { $0.hasPrefix(".out.csv.browse-") }
        }
        #expect(sameSettings(terminal.settings(), terminal.settingsBefore), "the command runs in the usual mode")
        terminal.send([0x03])
        try terminal.waitFor("interrupted: the export was cancelled and out.csv was not written", timeout: 60)
        try terminal.waitFor(PseudoTerminal.prompt)
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.contains("out.csv") }
        #expect(left.isEmpty, "no file, not even a partial or temporary one: \(left)")
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func ctrlCDuringADownloadReturnsToThePrompt() throws {
        let slow = try LoopbackServer { _ in .silent }
        defer { slow.stop() }
        let folder = try ScratchFolder("pty")
        var mirrors: [String: String] = [:]
        for name in ["BROWSE_TWSE_URL", "BROWSE_MOPS_URL", "BROWSE_TPEX_URL"] {
            mirrors[name] = slow.baseURL.absoluteString
        }
        let terminal = try PseudoTerminal.browse(
            ["ticks", "--cache-dir", folder.path + "/cache"], in: folder, environment: mirrors)
        try slow.waitForRequests()
        terminal.send([0x03])
        try terminal.waitFor("interrupted: the load of")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func ctrlDOnAnEmptyLineQuits() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("ab\u{01}\u{04}")
        try terminal.waitFor(PseudoTerminal.prompt + "b")
        terminal.type("\u{04}\u{04}")
        try terminal.expectEnded(.exited(0))
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalThatEndsTheProgramGivesTheTerminalBack(_ number: Int32) throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort ye")
        try terminal.waitFor("sort ye")
        terminal.sendSignal(number)
        try terminal.expectEnded(.signalled(number))
    }

    @Test func aSecondInterruptSignalAtThePromptEndsWith130() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder)
        try terminal.waitFor(PseudoTerminal.prompt)
        try terminal.sendSignalAndWaitUntilTaken(SIGINT)
        terminal.sendSignal(SIGINT)
        try terminal.expectEnded(.exited(130))
    }

    @Test func anErrorPathGivesTheTerminalBack() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["no-such-file.csv"], in: folder)
        try terminal.expectEnded(.exited(2))
    }

    @Test func theWindowCanChangeSizeWhileALineIsTyped() throws {
        let folder = try ScratchFolder("pty")
        let terminal = try PseudoTerminal.browse(["films"], in: folder, columns: 100)
        try terminal.waitFor(PseudoTerminal.prompt)
        let long = "/" + String(repeating: "台北", count: 30) + " end"
        terminal.type(long)
        try terminal.waitFor(" end")
        terminal.resize(columns: 40, rows: 24)
        // Redrawn to fit 40 columns: the prompt and 37 columns at most, ending with the cursor's text.
        try terminal.waitFor(PseudoTerminal.prompt)
        try terminal.waitFor(" end\u{1B}[0K")
        terminal.type("\u{15}q\r")
        try terminal.expectEnded(.exited(0))
    }

    @Test func commandsFromTheTerminalWhileTheDataIsPiped() throws {
        let folder = try ScratchFolder("pty")
        let data = folder.url.appendingPathComponent("small.csv")
        try Data("name,year\nalpha,1999\nbeta,2001\n".utf8).write(to: data)
        let terminal = try PseudoTerminal.browse(["-"], in: folder, standardInput: data.path)
        try terminal.waitFor("rows 1–2 of 2")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort ye\t")
        try terminal.waitFor("sort year ")
        terminal.type("desc\r")
        try terminal.waitFor("sort year desc")
        // Ctrl-D at the next prompt: a key typed while a command runs is not the prompt's.
        try terminal.waitFor("1  beta")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("\u{04}")
        try terminal.expectEnded(.exited(0))
    }

    @Test func ctrlZStopsWithTheTerminalGivenBackAndFgRedrawsTheLine() throws {
        // A job-control shell, so the program's process group can stop and be continued.
        let folder = try ScratchFolder("pty")
        let script = "set -m; \"$@\"; echo \"[stopped $?]\"; stty -a; fg; echo \"[ended $?]\""
        let environment = Browse.environment(["TERM": "xterm-256color", "XDG_STATE_HOME": folder.path + "/state"])
        let terminal = try PseudoTerminal(
            "/bin/bash", ["--norc", "--noprofile", "-c", script, "bash", Browse.executable.path, "films"],
            environment: environment, directory: folder.path)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("sort ye")
        try terminal.waitFor("sort ye")
        terminal.send([0x1A])
        try terminal.waitFor("[stopped 148]")
        // While it is stopped the shell's `stty -a` sees the terminal as it was: lines, echo.
        try terminal.waitFor(" icanon")
        try terminal.waitFor(" echo ")
        try terminal.waitFor(PseudoTerminal.prompt + "sort ye")
        terminal.type("ar\r")
        try terminal.waitFor("sort year")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("q\r")
        try terminal.waitFor("[ended 0]")
        try terminal.expectEnded(.exited(0))
    }

    /// A CSV of `rows` rows, written quickly.
    static func writeLargeFile(_ url: URL, rows: Int) throws {
        var bytes: [UInt8] = Array("id,name,amount\n".utf8)
        bytes.reserveCapacity(rows * 24)
        for row in 0..<rows {
            bytes += Array("\(row),name \(row % 977),\(row % 100_000).\(row % 10)\n".utf8)
        }
        try Data(bytes).write(to: url)
    }
}
