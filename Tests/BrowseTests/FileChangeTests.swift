import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file truncated by another program while browse has it open (memory-mapped): the next
/// page, filter, sort or export says so instead of ending with SIGBUS, and `r` reloads it.
@Suite struct FileChangeTests {
    /// Rows long enough that the file spans many pages of memory.
    static func rows(_ count: Int) -> String {
        "name,value,note\n"
            + (0..<count).map { "row\($0),\($0),\(String(repeating: "x", count: 40))\n" }.joined()
    }

    @Test func commandsOnATruncatedFileSayItChangedAndRReloadsIt() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/shrinking.csv"
        try Data(Self.rows(50_000).utf8).write(to: URL(fileURLWithPath: path))
        let output = folder.path + "/out.csv"
        let terminal = try PseudoTerminal.browse([path], in: folder, rows: 30)
        try terminal.waitFor("of 50,000")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("g 900\r")
        try terminal.waitFor("row")
        try terminal.waitFor(PseudoTerminal.prompt)
        #expect(truncate(path, 100) == 0)
        for command in ["n", "g 1000", "/row4", "sort note desc", "export csv \(output)", "freq name", "12"] {
            terminal.type(command + "\r")
            try terminal.waitForMessage(
                "the file changed while open (shrinking.csv is shorter than when it was read); r reloads it")
            try terminal.waitFor(PseudoTerminal.prompt)
        }
        #expect(!FileManager.default.fileExists(atPath: output), "a failed export writes nothing")
        try Data("name,value\nnew,1\n".utf8).write(to: URL(fileURLWithPath: path))
        terminal.type("r\r")
        try terminal.waitFor("rows 1–1 of 1")
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
    }

    /// Truncated while a sort reads every row: the read past the new end is absorbed (zeros),
    /// and the sort's result is refused. Whatever the timing, no signal ends the program.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
    func aFileTruncatedDuringASortNeverEndsTheProgramBySignal() async throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/shrinking.csv"
        let text = Self.rows(200_000)
        let mappedPath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for round in 0..<3 {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            let run = try await blocking {
                let process = Process()
                process.executableURL = Browse.executable
                process.arguments = [path, "--width", "80"]
                process.environment = Browse.environment()
                let input = Pipe()
                let errors = Pipe()
                process.standardInput = input
                process.standardOutput = FileHandle.nullDevice
                process.standardError = errors
                try process.run()
                let collected = ErrorCollector(errors.fileHandleForReading)
                defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
                try waitUntil("browse to map \(mappedPath)") { hasMapped(mappedPath, pid: process.processIdentifier) }
                try input.fileHandleForWriting.write(contentsOf: Data("sort note desc\nn\n".utf8))
                // A different moment each round (during the index, the sort, or after): not a
                // wait for anything, and what is asserted holds at every moment.
                usleep(UInt32(100_000 * round))
                _ = truncate(path, 4_096)
                try input.fileHandleForWriting.close()
                process.waitUntilExit()
                return (process.terminationReason, process.terminationStatus, collected.finish())
            }
            #expect(run.0 == .exit, "round \(round): ended by signal \(run.1)")
            #expect(run.1 == 0 || run.1 == 1, "round \(round)")
            let errors = String(decoding: run.2, as: UTF8.self)
            if run.1 == 1 { #expect(errors.contains("the file changed while open"), "\(errors)") }
        }
    }
}
