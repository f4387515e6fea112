import Foundation
import ListKitTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Ctrl-C (SIGINT) during a long download ends batch runs and scripts with status 130.
@Suite struct InterruptTests {
    func interrupt(_ arguments: [String]) throws -> (status: Int32, stderr: String, waited: Double) {
        let slow = try LoopbackServer { _ in
            var response = LoopbackServer.Response(text: "late")
            response.delay = .seconds(20)
            return .respond(response)
        }
        defer { slow.stop() }
        let cache = FileManager.default.temporaryDirectory.appendingPathComponent("browse-int-\(UUID())")
        defer { try? FileManager.default.removeItem(at: cache) }
        let process = Process()
        process.executableURL = Browse.executable
        process.arguments = arguments + ["--cache-dir", cache.path]
        var environment = Browse.environment()
        for name in ["BROWSE_TWSE_URL", "BROWSE_MOPS_URL", "BROWSE_TWSE_OPENAPI_URL"] {
            environment[name] = slow.baseURL.absoluteString
        }
        process.environment = environment
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let collector = ErrorCollector(errors.fileHandleForReading)
        // Wait until the request is on its way, then press Ctrl-C.
        for _ in 0..<100 where slow.requests.isEmpty { usleep(50_000) }
        let pressed = Date()
        kill(process.processIdentifier, SIGINT)
        process.waitUntilExit()
        return (
            process.terminationStatus, String(decoding: collector.finish(), as: UTF8.self),
            Date().timeIntervalSince(pressed)
        )
    }

    @Test func ctrlCDuringABatchDownloadExits130() throws {
        let result = try interrupt(["ticks", "--format", "csv"])
        #expect(result.status == 130)
        #expect(result.waited < 10, "it does not wait for the download")
    }

    @Test func ctrlCDuringAScriptExits130() throws {
        let result = try interrupt(["ticks", "-c", "ls"])
        #expect(result.status == 130)
    }
}
