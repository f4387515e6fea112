import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An export's temporary file (`.NAME.browse-XXXXXX`) never outlives the program: a signal
/// that ends it removes the file, and one left by a writer killed outright (SIGKILL) is
/// removed by the next export to that folder.
///
/// No test relies on timing: each waits until the temporary file exists, stops the program
/// (SIGSTOP), checks that the file is still there (the export has not finished), and only
/// then sends the signal. A machine fast enough to finish first gets a larger file.
@Suite struct ExportLeftoverTests {
    /// A CSV of `rows` rows, whose JSON export takes a while.
    func data(rows: Int, in folder: ScratchFolder) throws -> String {
        var text = "id,name,value\n"
        text.reserveCapacity(rows * 24)
        for row in 0..<rows { text += "\(row),name\(row % 977),\(row * 3).5\n" }
        return try folder.write("data.csv", text)
    }

    /// Starts `start` on ever larger files until it is caught (stopped) with its temporary file
    /// in place, then sends `signal` and lets it go on.
    ///
    /// - Returns: The folder and the process id, for the caller to wait on.
    func catchMidExport(
        _ signal: Int32, start: (_ data: String, _ folder: ScratchFolder) throws -> pid_t,
        isRunning: (pid_t) -> Bool
    ) throws -> (folder: ScratchFolder, pid: pid_t) {
        var rows = 300_000
        while true {
            let folder = try ScratchFolder("export-leftover")
            let pid = try start(try data(rows: rows, in: folder), folder)
            // Or the export's end: out.json in place, or the program gone.
            try waitUntil("the export's temporary file in \(folder.path)") {
                !folder.exportTemporaries().isEmpty || folder.names().contains("out.json") || !isRunning(pid)
            }
            kill(pid, SIGSTOP)
            if !folder.exportTemporaries().isEmpty {
                kill(pid, signal)
                kill(pid, SIGCONT)
                return (folder, pid)
            }
            // It finished before it could be stopped: try again with twice the rows (the
            // process's owner reaps it).
            kill(pid, SIGKILL)
            kill(pid, SIGCONT)
            rows *= 2
            try #require(rows <= 10_000_000, "every export finished before it could be stopped")
        }
    }

    /// Runs `browse DATA -c 'export json out.json'` in the background.
    func spawnScript(_ data: String, _ folder: ScratchFolder) throws -> Process {
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = [data, "-c", "export json out.json"]
        process.environment = Browse.environment()
        process.currentDirectoryURL = folder.url
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    @Test(arguments: [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGUSR1])
    func aSignalDuringAScriptsExportLeavesNoTemporaryFile(_ signal: Int32) throws {
        let processes = ProcessBox()
        let (folder, _) = try catchMidExport(signal) { data, folder in
            let process = try spawnScript(data, folder)
            processes.last = process
            return process.processIdentifier
        } isRunning: { _ in
            processes.last?.isRunning ?? false
        }
        let process = try #require(processes.last)
        process.waitUntilExit()
        if signal == SIGINT {
            #expect(process.terminationReason == .exit && process.terminationStatus == 130)
        } else {
            #expect(process.terminationReason == .uncaughtSignal && process.terminationStatus == signal)
        }
        #expect(folder.exportTemporaries().isEmpty, "left behind: \(folder.exportTemporaries())")
        #expect(!folder.names().contains("out.json"), "nothing was written")
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func aSignalDuringAnExportAtThePromptLeavesNoTemporaryFile(_ signal: Int32) throws {
        let terminals = TerminalBox()
        let (folder, _) = try catchMidExport(signal) { data, folder in
            let terminal = try PseudoTerminal.browse([data], in: folder, environment: ["BROWSE_HISTORY": ""])
            terminals.last = terminal
            try terminal.waitFor(PseudoTerminal.prompt)
            terminal.type("export json out.json\r")
            return terminal.pid
        } isRunning: { pid in
            kill(pid, 0) == 0
        }
        let terminal = try #require(terminals.last)
        try terminal.expectEnded(.signalled(signal))
        #expect(folder.exportTemporaries().isEmpty, "left behind: \(folder.exportTemporaries())")
        #expect(!folder.names().contains("out.json"))
    }

    @Test func aTemporaryFileOfAKilledWriterIsRemovedByTheNextExportThere() throws {
        let processes = ProcessBox()
        let (folder, _) = try catchMidExport(SIGKILL) { data, folder in
            let process = try spawnScript(data, folder)
            processes.last = process
            return process.processIdentifier
        } isRunning: { _ in
            processes.last?.isRunning ?? false
        }
        try #require(processes.last).waitUntilExit()
        let left = folder.exportTemporaries()
        #expect(left.count == 1, "SIGKILL cannot be caught: its file stays until the next export")
        // A live writer's file is locked and stays.
        let live = try folder.write(".live.csv.browse-Ab12Cd", "being written")
        let descriptor = open(live, O_RDONLY)
        defer { close(descriptor) }
        try #require(flock(descriptor, LOCK_EX) == 0)
        try folder.write("small.csv", "a\n1\n")
        let run = try Browse.runEnding(
            ["small.csv", "-c", "export csv small-out.csv"], directory: folder.path)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(folder.exportTemporaries() == [".live.csv.browse-Ab12Cd"], "the dead writer's file is gone")
        #expect(try String(contentsOfFile: folder.file("small-out.csv"), encoding: .utf8) == "a\n1\n")
    }
}

/// The process a closure started, for the test that waits on it.
final class ProcessBox: @unchecked Sendable {
    var last: Process?
}

/// The terminal a closure started, for the test that waits on it.
final class TerminalBox: @unchecked Sendable {
    var last: PseudoTerminal?
}
