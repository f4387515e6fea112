import Foundation
import ListKitTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) during a long download ends batch runs and scripts with status 130.
@Suite struct InterruptTests {
    /// Runs browse against a server that never answers, and presses Ctrl-C once the server has
    /// been asked: without Ctrl-C, only the client's 20 s idle timeout could end the run (with
    /// status 1 and "did not answer").
    func interrupt(_ arguments: [String]) throws -> (status: Int32, stderr: String) {
        let silent = try LoopbackServer { _ in .silent }
        defer { silent.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-int-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = arguments + ["--cache-dir", cache.path]
        var environment = Browse.environment()
        for name in ["BROWSE_TWSE_URL", "BROWSE_MOPS_URL", "BROWSE_TPEX_URL"] {
            environment[name] = silent.baseURL.absoluteString
        }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
        let collector = ErrorCollector(errors.fileHandleForReading)
        try silent.waitForRequests()
        kill(process.processIdentifier, SIGINT)
        try process.waitForExit(after: "Ctrl-C during a download")
        return (process.terminationStatus, String(decoding: collector.finish(), as: UTF8.self))
    }

    @Test func ctrlCDuringABatchDownloadExits130() throws {
        let result = try interrupt(["ticks", "--format", "csv"])
        #expect(result.status == 130, "\(result.stderr)")
        #expect(!result.stderr.contains("did not answer"), "it does not wait for the download: \(result.stderr)")
    }

    @Test func ctrlCDuringAScriptExits130() throws {
        let result = try interrupt(["ticks", "-c", "ls"])
        #expect(result.status == 130, "\(result.stderr)")
    }
}
