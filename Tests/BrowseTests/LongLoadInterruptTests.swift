import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C while a large file is being indexed on every core: heard at once, and a second one
/// while the first is still cancelling ends the program with 130, as the README says.
@Suite struct LongLoadInterruptTests {
    /// About 45 MB: indexing it takes seconds in a debug build.
    static func largeFile(in folder: String) throws -> String {
        let path = folder + "/large.csv"
        let row = "1234,a company name of some length,12.50,99999,2025-01-01,some text to make the row long\n"
        try Data(("code,name,price,volume,date,note\n" + String(repeating: row, count: 500_000)).utf8)
            .write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Standard input is a pipe that stays open and silent: the read that loads it does not
    /// notice a cancel, so the first Ctrl-C leaves the load cancelling for as long as it waits.
    @Test func aSecondCtrlCWhileALoadIsCancellingExits130() throws {
        let folder = try LineEditorTests.Folder()
        let fifo = folder.path + "/silent"
        #expect(mkfifo(fifo, 0o600) == 0)
        // Held open for reading and writing: the program's read waits, and never sees an end.
        let held = open(fifo, O_RDWR)
        defer { close(held) }
        let terminal = try LineEditorTests().start(["-"], in: folder, standardInput: fifo)
        try terminal.waitFor("loading stdin")
        terminal.settle(0.5)
        terminal.type("\u{3}")
        terminal.settle(0.5)
        #expect(!terminal.screen.contains("> "), "the first Ctrl-C does not end the load's wait at once")
        let pressed = Date()
        terminal.type("\u{3}")
        #expect(try terminal.waitForEnd(timeout: 20) == .exited(130))
        #expect(Date().timeIntervalSince(pressed) < 3)
    }

    @Test func ctrlCDuringTheIndexOfABatchRunExitsAtOnce() throws {
        let folder = try LineEditorTests.Folder()
        let path = try Self.largeFile(in: folder.path)
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = [path, "--format", "csv"]
        process.environment = Browse.environment()
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        usleep(300_000)
        let pressed = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        #expect(process.terminationStatus == 130)
        #expect(Date().timeIntervalSince(pressed) < 1, "Ctrl-C was heard only when the index was done")
    }
}
