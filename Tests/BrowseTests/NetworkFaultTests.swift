import Foundation
import LoopbackServer
import Testing

/// Network faults of the bad-input suite, against loopback servers, through the binary.
@Suite struct NetworkFaultTests {
    static let server: LoopbackServer? = try? LoopbackServer { request in
        let body = Array("code,close\n2330,1045.00\n".utf8)
        switch request.path {
        case "/reset.csv":
            var response = LoopbackServer.Response(body: body + Array(repeating: UInt8(ascii: "x"), count: 200_000))
            response.cutAfter = 100_000
            response.resetAfterCut = true
            return .respond(response)
        case "/busy.csv": return .respond(.init(status: 429, headers: [("Retry-After", "7")], text: "slow down"))
        case "/down.csv": return .respond(.init(status: 503, headers: [("Retry-After", "30")], text: "maintenance"))
        case "/redirect.csv":
            return .respond(.init(status: 302, headers: [("Location", "http://example.com/x.csv")], text: ""))
        case "/error.csv": return .respond(.init(status: 500, text: "oops"))
        default: return .respond(.init(body: body))
        }
    }

    func url(_ path: String) throws -> String {
        try #require(Self.server).baseURL.absoluteString + path
    }

    func cacheFolder() -> String {
        FileManager.default.temporaryDirectory.appendingPathComponent("browse-net-\(UUID())").path
    }

    @Test func aRefusedConnectionSaysSo() throws {
        let stopped = try LoopbackServer { _ in .drop }
        let port = stopped.port
        stopped.stop()
        let run = try Browse.run(["http://127.0.0.1:\(port)/data.csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains("could not reach 127.0.0.1: connection refused"))
    }

    @Test(arguments: [
        ("/reset.csv", "was cut short"),
        ("/busy.csv", "answered HTTP 429 and asked us to wait 7 s"),
        ("/down.csv", "answered HTTP 503 and asked us to wait 30 s"),
        ("/redirect.csv", "redirected to http://example.com/x.csv, which is not followed"),
        ("/error.csv", "answered HTTP 500"),
    ])
    func aFaultyServerGivesOneClearLineAndStatusOne(_ path: String, _ message: String) throws {
        let run = try Browse.run([try url(path), "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
        #expect(run.stdout.isEmpty, "nothing half-downloaded is shown")
    }

    @Test func aGoodURLOpens() throws {
        let run = try Browse.run([try url("/ok.csv"), "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 0)
        #expect(run.stdout == "code,close\n2330,1045.00\n")
    }

    @Test(arguments: [
        (FakeExchange.Mode.blockPage, "is blocking this client (it answered with its \"FOR SECURITY REASONS\" page)"),
        (FakeExchange.Mode.drop, "is blocking this client (it dropped the connection)"),
    ])
    func theExchangeBlockingUsIsSaidPlainly(_ mode: FakeExchange.Mode, _ message: String) throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        exchange.set(mode)
        let run = try Browse.run(
            ["ticks", "--format", "csv", "--cache-dir", cacheFolder()], input: "", environment: exchange.environment)
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
    }

    @Test func anUnwritableCacheIsReportedOnceAndTheDataStillShows() throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        let run = try Browse.run(
            ["companies", "--format", "csv", "--cache-dir", "/dev/null/cache"], input: "",
            environment: exchange.environment)
        #expect(run.status == 0)
        #expect(run.stdout.contains("2330,台積電"))
        #expect(run.stderr.components(separatedBy: "cannot write the cache").count == 2, "reported once: \(run.stderr)")
    }

    @Test func aMissingCacheFolderIsCreated() throws {
        let exchange = try FakeExchange(files: ExchangeTranscriptTests.files)
        defer { exchange.stop() }
        let folder = cacheFolder() + "/deep/er"
        let run = try Browse.run(
            ["ticks", "--format", "csv", "--cache-dir", folder], input: "", environment: exchange.environment)
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/twse/STOCK_DAY_ALL"))
    }
}
