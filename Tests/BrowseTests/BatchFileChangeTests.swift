import Foundation
import Testing

#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file cut short or written to while a batch run reads it: the run stops with the line the
/// prompt gives ("the file changed while open"), exit 1, having written only rows that are the
/// file's; it never crashes, spins, or exports what the change left behind.
///
/// The change happens at a fixed point of the run, whatever the machine's speed: the test reads
/// the first part of the output and stops reading, so the program is held by the full pipe
/// having read at most a few megabytes of a file several times that size; the file is changed,
/// and only then is the rest read.
@Suite struct BatchFileChangeTests {
    static let rowCount = 400_000

    /// `id,value,name`, each row about 40 bytes: 16 MB, far more than a held run has read.
    static func write(to path: String) throws -> [UInt8] {
        var text = "id,value,name\n"
        text.reserveCapacity(rowCount * 44)
        for index in 0..<rowCount {
            text += "row\(index),\(index * 7 % 10_007).\(index % 100),name\(index % 977) of the file\n"
        }
        let bytes = Array(text.utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        // Written long ago, so that a write now changes the time it was last written.
        var times = [timeval(tv_sec: 946_684_800, tv_usec: 0), timeval(tv_sec: 946_684_800, tv_usec: 0)]
        #expect(utimes(path, &times) == 0)
        return bytes
    }

    /// Runs browse, reads `held` bytes of its output, calls `change`, then reads the rest.
    static func run(
        _ arguments: [String], in folder: String, holdingAfter held: Int = 256 << 10, change: () throws -> Void
    ) throws -> (status: Int32, reason: Process.TerminationReason, stdout: [UInt8], stderr: String) {
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = arguments
        process.environment = Browse.environment()
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let collected = ErrorCollector(errors.fileHandleForReading)
        // The watchdog: a run that spins or hangs is ended, and the test says so.
        let watchdog = DispatchWorkItem { if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        defer { watchdog.cancel() }
        let reader = output.fileHandleForReading
        var stdout: [UInt8] = []
        while stdout.count < held {
            let chunk = reader.availableData
            if chunk.isEmpty { break }
            stdout += chunk
        }
        try #require(stdout.count >= held, "the output stopped at \(stdout.count) bytes, before the change")
        try change()
        stdout += reader.readDataToEndOfFile()
        process.waitUntilExit()
        let stderr = String(decoding: collected.finish(), as: UTF8.self)
        #expect(
            process.terminationReason == .exit,
            "ended by signal \(process.terminationStatus) (or by the watchdog, after 120 s); stderr: \(stderr)")
        return (process.terminationStatus, process.terminationReason, stdout, stderr)
    }

    /// The lines written are lines of the file, in its order, and none holds a NUL byte.
    static func expectLinesOfTheFile(
        _ output: [UInt8], _ file: [UInt8], sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!output.contains(0), "no NUL byte is written", sourceLocation: sourceLocation)
        let lines = Set(file.split(separator: UInt8(ascii: "\n")).map { Array($0) })
        let written = output.split(separator: UInt8(ascii: "\n"))
        let strangers = written.filter { !lines.contains(Array($0)) }
        #expect(
            strangers.isEmpty, "\(strangers.count) lines are not the file's: \(strangers.prefix(2))",
            sourceLocation: sourceLocation)
    }

    @Test func csvOfAFileCutShortStopsWithTheLineThePromptGives() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/t.csv"
        let bytes = try Self.write(to: path)
        let run = try Self.run([path, "--format", "csv"], in: folder.path) { #expect(truncate(path, 5_000) == 0) }
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("the file changed while open (t.csv is shorter than when it was read)"), "\(run.stderr)"
        )
        Self.expectLinesOfTheFile(run.stdout, bytes)
    }

    @Test func aSortedJSONExportOfAFileCutShortStops() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/t.csv"
        _ = try Self.write(to: path)
        let run = try Self.run([path, "--sort", "value", "--format", "json"], in: folder.path) {
            #expect(truncate(path, 5_000) == 0)
        }
        #expect(run.status == 1)
        #expect(run.stderr.contains("the file changed while open"), "\(run.stderr)")
        #expect(!run.stdout.contains(0), "no NUL byte is written")
    }

    @Test func aFilteredExportOfAFileCutShortStops() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/t.csv"
        let bytes = try Self.write(to: path)
        let run = try Self.run([path, "--filter", "of the", "--format", "csv"], in: folder.path) {
            #expect(truncate(path, 5_000) == 0)
        }
        #expect(run.status == 1)
        #expect(run.stderr.contains("the file changed while open"), "\(run.stderr)")
        Self.expectLinesOfTheFile(run.stdout, bytes)
    }

    /// A script's export stops, and the next command that reads rows is refused: nothing is
    /// written to the file it names.
    @Test func aScriptExportOfAFileCutShortStopsAndWritesNothingMore() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/t.csv"
        _ = try Self.write(to: path)
        let run = try Self.run([path, "-c", "export csv; export csv out.csv"], in: folder.path) {
            #expect(truncate(path, 5_000) == 0)
        }
        #expect(run.status == 1)
        let said = run.stderr.components(separatedBy: "the file changed while open (t.csv is shorter than when")
        #expect(said.count == 3, "both exports say why they stopped: \(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out.csv"), "out.csv is not written")
        #expect(!run.stdout.contains(0), "no NUL byte is written")
    }

    /// Rewritten in place at the same size, the file's bytes move under the index: every row
    /// read after that would be cut in the wrong places, yet look like rows.
    @Test func aFileRewrittenInPlaceStopsTheExport() throws {
        let folder = try ScratchFolder("pty")
        let path = folder.path + "/t.csv"
        let bytes = try Self.write(to: path)
        let run = try Self.run([path, "--format", "csv"], in: folder.path) {
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: path))
            try handle.write(contentsOf: Data(Array("XXXXXXX".utf8) + bytes.dropLast(7)))
            try handle.close()
        }
        #expect(run.status == 1)
        #expect(
            run.stderr.contains("the file changed while open (t.csv was written to after it was read)"),
            "\(run.stderr)")
        Self.expectLinesOfTheFile(run.stdout, bytes)
    }
}
