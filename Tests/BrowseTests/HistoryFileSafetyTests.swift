import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The history file never destroys what its path names: a link is written through, a device,
/// a FIFO or a folder is refused with one line and left alone, and a file larger than a
/// history keeps its newest commands.
@Suite struct HistoryFileSafetyTests {
    func start(_ folder: ScratchFolder, history: String) throws -> PseudoTerminal {
        try PseudoTerminal.browse(in: folder, environment: ["BROWSE_HISTORY": history])
    }

    func end(_ terminal: PseudoTerminal) throws {
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0), "screen:\n\(terminal.screen)")
    }

    /// A character device made for the test (the same as `/dev/null`: major 1, minor 3), never
    /// the real one.
    @Test(.enabled(if: geteuid() == 0, "making a device node needs root"))
    func aDeviceNodeAsTheHistoryStaysADevice() throws {
        let folder = try ScratchFolder("history")
        let node = folder.file("null")
        let device = dev_t(1 << 8 | 3)
        try #require(mknod(node, S_IFCHR | 0o666, device) == 0, "mknod: \(errno)")
        let terminal = try start(folder, history: node)
        try terminal.waitForMessage("it is a device, not a regular file; commands are neither recalled nor saved")
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("ls\r")
        try terminal.waitFor("Star Wars films")
        try terminal.waitFor(PseudoTerminal.prompt)
        try end(terminal)
        var status = stat()
        #expect(lstat(node, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR, "the device node was replaced")
        #expect(status.st_rdev == device)
        #expect(
            terminal.screen.components(separatedBy: "command history").count == 2,
            "one line, once:\n\(terminal.screen)")
        #expect(!folder.names().contains { $0 != "null" }, "nothing made beside it: \(folder.names())")
    }

    @Test func aLinkedHistoryIsWrittenThroughItsLink() throws {
        let folder = try ScratchFolder("history")
        let real = try folder.write("kept/history", "open people\n")
        try FileManager.default.createSymbolicLink(atPath: folder.file("history"), withDestinationPath: "kept/history")
        let terminal = try start(folder, history: folder.file("history"))
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("\u{1B}[A")
        try terminal.waitFor("open people")
        terminal.type("\u{15}ls\r")
        try terminal.waitFor(PseudoTerminal.prompt)
        try end(terminal)
        #expect(folder.kind("history") == S_IFLNK, "the link stays a link")
        #expect(try String(contentsOfFile: real, encoding: .utf8) == "open people\nls\nq\n")
    }

    @Test func aFIFOAsTheHistoryNeverHoldsTheSession() throws {
        let folder = try ScratchFolder("history")
        let fifo = folder.file("history")
        try #require(mkfifo(fifo, 0o600) == 0)
        let terminal = try start(folder, history: fifo)
        try terminal.waitForMessage("it is a FIFO (a named pipe), not a regular file")
        try terminal.waitFor(PseudoTerminal.prompt)
        try end(terminal)
        #expect(folder.kind("history") == S_IFIFO)
    }

    /// 70 MB of history, newest last: read from its end, so the newest command is recalled
    /// and no line is cut.
    @Test func aHistoryLargerThanSixtyFourMebibytesKeepsItsNewestCommands() throws {
        let folder = try ScratchFolder("history")
        let path = folder.file("history")
        var text = ""
        text.reserveCapacity(71_000_000)
        var line = 0
        while text.utf8.count < 70_000_000 {
            text += "command \(String(repeating: "x", count: 40)) \(line)\n"
            line += 1
        }
        text += "open people\n"
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        let terminal = try start(folder, history: path)
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("\u{1B}[A")
        try terminal.waitFor("open people")
        terminal.type("\r")
        try terminal.waitFor("datasets › people")
        try terminal.waitFor(PseudoTerminal.prompt)
        try end(terminal)
        let kept = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n")
        #expect(kept.suffix(2) == ["open people", "q"])
        let whole = "command " + String(repeating: "x", count: 40) + " "
        #expect(kept.dropLast(2).allSatisfy { $0.hasPrefix(whole) }, "no line is cut")
        #expect(kept.dropLast(2).last == Substring("\(whole)\(line - 1)"), "the newest commands are the ones kept")
    }
}
