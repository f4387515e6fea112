import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while a large file is being indexed on every core: heard at once, and a second one
/// while the first is still cancelling ends the program with 130, as the README says.
@Suite struct LongLoadInterruptTests {
    /// A file of `count` copies of `row` under a header of six columns, written in `folder`.
    static func repeatedRows(_ row: String, count: Int, named name: String, in folder: String) throws -> String {
        let path = folder + "/" + name
        try Data(("code,name,price,volume,date,note\n" + String(repeating: row, count: count)).utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    /// About 45 MB: indexing it takes seconds in a debug build.
    static func largeFile(in folder: String) throws -> String {
        let row = "1234,a company name of some length,12.50,99999,2025-01-01,some text to make the row long\n"
        return try repeatedRows(row, count: 500_000, named: "large.csv", in: folder)
    }

    /// About 90 MB of rows with quoted fields, read field by field: seconds of indexing in a
    /// debug build.
    static func largeQuotedFile(in folder: String) throws -> String {
        let row = "1234,\"台積電 \"\"quoted\"\" name\",12.50,\"99,999\",2025-01-01,\"some text, to make it long\"\n"
        return try repeatedRows(row, count: 1_000_000, named: "quoted.csv", in: folder)
    }

    /// The first rows are shown while the rest of a large file is indexed: the status line says
    /// how far the index has come, and says it again as it goes on.
    @Test func theStatusLineFollowsTheIndex() throws {
        let folder = try ScratchFolder("pty")
        let path = try Self.largeQuotedFile(in: folder.path)
        let terminal = try PseudoTerminal.browse([path], in: folder)
        var figures: Set<String> = []
        while figures.count < 2 {
            try terminal.waitFor("indexing ")
            let figure = try terminal.waitFor("%").dropLast()
            let isFigure = !figure.isEmpty && figure.allSatisfy { $0.isNumber }
            #expect(isFigure, "\(figure)")
            figures.insert(String(figure))
        }
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
    }

    /// Standard input is a pipe that stays open and silent: the read that loads it does not
    /// notice a cancel, so the first Ctrl-C leaves the load cancelling for as long as it waits,
    /// and only the second can end the program.
    @Test func aSecondCtrlCWhileALoadIsCancellingExits130() throws {
        let folder = try ScratchFolder("pty")
        let fifo = folder.path + "/silent"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading and writing: the program's read waits, and never sees an end.
        let held = open(fifo, O_RDWR)
        defer { close(held) }
        let terminal = try PseudoTerminal.browse(["-"], in: folder, standardInput: fifo)
        // The indicator draws only once the load waits where Ctrl-C reaches it.
        try terminal.waitFor("loading stdin")
        terminal.type("\u{3}")
        // The first Ctrl-C is heard: the indicator's line is cleared, and the load winds down.
        try terminal.waitFor("\r\u{1B}[K")
        terminal.type("\u{3}")
        #expect(try terminal.waitForEnd() == .exited(130))
        #expect(!terminal.screen.contains("> "), "the first Ctrl-C did not end the load's wait: no prompt came")
    }

    /// The index runs on every core; Ctrl-C, pressed once the file is mapped for it, ends the
    /// run before any row is written (as it would not if it were heard only when the index was done).
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/maps")))
    func ctrlCDuringTheIndexOfABatchRunExitsAtOnce() throws {
        let folder = try ScratchFolder("pty")
        let path = try Self.largeFile(in: folder.path)
        let mappedPath = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = [path, "--format", "csv"]
        process.environment = Browse.environment()
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let written = ErrorCollector(output.fileHandleForReading)
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        try waitUntil("browse to map \(mappedPath) for its index") {
            hasMapped(mappedPath, pid: process.processIdentifier)
        }
        kill(process.processIdentifier, SIGINT)
        try process.waitForExit(after: "Ctrl-C during the index")
        #expect(process.terminationStatus == 130)
        #expect(written.finish().isEmpty, "Ctrl-C was heard only when the index was done: rows were written")
    }
}
