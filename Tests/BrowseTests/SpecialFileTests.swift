import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Paths that are not plain files: a FIFO or a folder where a manifest is read, a FIFO an
/// export writes to, a chain of links longer than the kernel follows. Each is one line and
/// never a wait, and nothing they name is replaced.
@Suite struct SpecialFileTests {
    @Test func aFIFOOrAFolderInTheManifestFolderIsOneLineAndTheProgramGoesOn() throws {
        let folder = try ScratchFolder("special")
        let manifests = folder.file("config/browse/datasets")
        try folder.write("orders.csv", "id,total\n1,30\n")
        try folder.write(
            "config/browse/datasets/orders.json",
            #"{"id": "orders", "title": "Orders", "source": "\#(folder.file("orders.csv"))"}"#)
        try #require(mkfifo(manifests + "/pipe.json", 0o600) == 0)
        try FileManager.default.createDirectory(atPath: manifests + "/folder.json", withIntermediateDirectories: true)
        let run = try Browse.runEnding(["--list"], environment: ["XDG_CONFIG_HOME": folder.file("config")])
        #expect(run.status == 0)
        #expect(run.stdout.contains("* Orders — from"), "the good manifest is listed:\n\(run.stdout)")
        #expect(
            run.stderr.split(separator: "\n").sorted() == [
                "browse: folder.json: is a folder, not a manifest; a manifest is a JSON file",
                "browse: pipe.json: is a FIFO (a named pipe), not a manifest; a manifest is a JSON file",
            ])
        let removed = try Browse.runEnding(
            ["remove-dataset", "orders"], environment: ["XDG_CONFIG_HOME": folder.file("config")])
        #expect(removed.status == 0, "finding a manifest by its id reads past the FIFO: \(removed.stderr)")
    }

    @Test func anExportToAFIFONobodyReadsIsOneLineAndTheSessionGoesOn() throws {
        let folder = try ScratchFolder("special")
        try folder.write("small.csv", "a\n1\n")
        try #require(mkfifo(folder.file("pipe"), 0o600) == 0)
        let terminal = try PseudoTerminal.browse(["small.csv"], in: folder, environment: ["BROWSE_HISTORY": ""])
        try terminal.waitFor(PseudoTerminal.prompt)
        terminal.type("export csv pipe\r")
        try terminal.waitForMessage(
            "could not write pipe: it is a FIFO (a named pipe) that no program is reading; start its reader first")
        try terminal.waitFor(PseudoTerminal.prompt)
        // With a reader, the export goes through the FIFO.
        let reader = open(folder.file("pipe"), O_RDONLY | O_NONBLOCK)
        defer { close(reader) }
        terminal.type("export csv pipe\r")
        try terminal.waitFor("wrote 1 row to pipe")
        var bytes = [UInt8](repeating: 0, count: 64)
        let count = read(reader, &bytes, bytes.count)
        #expect(count == 4 && bytes.prefix(4) == Array("a\n1\n".utf8)[...])
        terminal.type("q\r")
        #expect(try terminal.waitForEnd() == .exited(0))
        #expect(folder.kind("pipe") == S_IFIFO)
    }

    @Test func anExportThroughMoreLinksThanTheKernelFollowsIsRefusedAndNoLinkChanges() throws {
        let folder = try ScratchFolder("special")
        try folder.write("small.csv", "a\n1\n")
        try folder.write("real.csv", "kept\n")
        try FileManager.default.createSymbolicLink(atPath: folder.file("chain0.csv"), withDestinationPath: "real.csv")
        for index in 1...45 {
            try FileManager.default.createSymbolicLink(
                atPath: folder.file("chain\(index).csv"), withDestinationPath: "chain\(index - 1).csv")
        }
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop-a.csv"), withDestinationPath: "loop-b.csv")
        try FileManager.default.createSymbolicLink(atPath: folder.file("loop-b.csv"), withDestinationPath: "loop-a.csv")
        let run = try Browse.runEnding(
            ["small.csv", "-c", "export csv chain45.csv; export csv loop-a.csv; export csv chain30.csv"],
            directory: folder.path)
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("could not write chain45.csv: too many levels of symbolic links; nothing was written"))
        #expect(
            run.stderr.contains("could not write loop-a.csv: too many levels of symbolic links; nothing was written"))
        #expect(
            run.stderr.contains("replaced chain30.csv: wrote 1 row"), "a chain the kernel follows is written through")
        for index in 0...45 {
            #expect(folder.kind("chain\(index).csv") == S_IFLNK, "chain\(index).csv stays a link")
        }
        #expect(folder.kind("loop-a.csv") == S_IFLNK && folder.kind("loop-b.csv") == S_IFLNK)
        #expect(try String(contentsOfFile: folder.file("real.csv"), encoding: .utf8) == "a\n1\n")
        #expect(folder.exportTemporaries().isEmpty)
    }
}
