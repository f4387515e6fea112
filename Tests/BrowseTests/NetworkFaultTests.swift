import FakeExchange
import Foundation
import ListKitTesting
import Testing

/// Network faults of the bad-input suite, against loopback servers, through the binary.
@Suite struct NetworkFaultTests {
    static let server: LoopbackServer? = try? LoopbackServer(handler: answer)

    static let answer: @Sendable (LoopbackServer.Request) -> LoopbackServer.Behaviour = { request in
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
        RunFolder.unique("net")
    }

    @Test func aRefusedConnectionSaysSo() throws {
        let refusing = try RefusedPort()
        defer { withExtendedLifetime(refusing) {} }
        let run = try Browse.run(
            ["http://127.0.0.1:\(refusing.port)/data.csv", "--cache-dir", cacheFolder()], input: "")
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
        // A server of its own: a Retry-After holds back every later request to its server.
        let server = try LoopbackServer(handler: Self.answer)
        defer { server.stop() }
        let address = server.baseURL.absoluteString + path
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
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
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        sandbox.exchange.set(mode)
        let run = try Browse.run(
            ["ticks", "--format", "csv", "--cache-dir", sandbox.cache.path], input: "", environment: sandbox.environment
        )
        #expect(run.status == 1)
        #expect(run.stderr.contains(message), "stderr: \(run.stderr)")
    }

    @Test func anUnwritableCacheIsReportedOnceAndTheDataStillShows() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let run = try Browse.run(
            ["companies", "--format", "csv", "--cache-dir", "/dev/null/cache"], input: "",
            environment: sandbox.environment)
        #expect(run.status == 0)
        #expect(run.stdout.contains("2330,台積電"))
        #expect(run.stderr.components(separatedBy: "cannot write the cache").count == 2, "reported once: \(run.stderr)")
    }

    @Test func aMissingCacheFolderIsCreated() throws {
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let folder = sandbox.cache.path + "/deep/er"
        let run = try Browse.run(
            ["ticks", "--format", "csv", "--cache-dir", folder], input: "", environment: sandbox.environment)
        #expect(run.status == 0)
        #expect(FileManager.default.fileExists(atPath: folder + "/twse/STOCK_DAY_ALL"))
    }
}

/// The network policy, as an outsider meets it through the binary.
@Suite struct NetworkPolicyTests {
    func cacheFolder() -> String {
        RunFolder.unique("policy")
    }

    @Test func plainHTTPToANameStartingWith127IsRefused() throws {
        let run = try Browse.run(
            ["http://127.evil.example/x.csv", "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "browse: could not load x.csv: http://127.evil.example/x.csv: refusing plain http to "
                + "127.evil.example: plain http goes only to this machine (127.0.0.0/8, ::1, localhost); "
                + "other hosts need https\n")
    }

    @Test func aRedirectToANameStartingWith127IsNotFollowed() throws {
        let server = try LoopbackServer { _ in
            .respond(.init(status: 302, headers: [("Location", "http://127.evil.example/x.csv")], text: ""))
        }
        defer { server.stop() }
        let run = try Browse.run(
            [server.baseURL.absoluteString + "/x.csv", "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(run.stderr.contains("redirected to http://127.evil.example/x.csv, which is not followed"))
        #expect(server.requests.count == 1)
    }

    @Test func aNegativeRetryAfterIsIgnoredAndADateIsTheWait() throws {
        let server = try LoopbackServer { request in
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "GMT")
            formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
            let value = request.path == "/later.csv" ? formatter.string(from: Date().addingTimeInterval(120)) : "-5"
            return .respond(.init(status: 503, headers: [("Retry-After", value)], text: "maintenance"))
        }
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let negative = try Browse.run([base + "/x.csv", "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(negative.status == 1)
        #expect(negative.stderr.hasSuffix("127.0.0.1 answered HTTP 503; try again later\n"), "\(negative.stderr)")
        let dated = try Browse.run([base + "/later.csv", "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        let wait = dated.stderr.split(separator: " ").firstIndex(of: "wait").map {
            Int(dated.stderr.split(separator: " ")[$0 + 1])
        }
        // The date was 120 s after the server answered; the program counts from when it read it,
        // at most as long after as the request took from the server's answer to now.
        let answered = try #require(server.requests.last?.receivedAt)
        let since = Int(Date().timeIntervalSince(answered).rounded(.up))
        #expect((wait ?? nil).map { (120 - since - 1...121).contains($0) } == true, "\(dated.stderr)")
    }

    @Test func aWebPageServedForATableIsSaidToBeOne() throws {
        let server = try LoopbackServer { _ in
            .respond(
                .init(
                    headers: [("Content-Type", "text/html")],
                    text: "<!DOCTYPE html><html><head><title>Sign in</title></head><body></body></html>"))
        }
        defer { server.stop() }
        let address = server.baseURL.absoluteString + "/data.csv"
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "browse: could not load data.csv: \(address): it is a web page (\"Sign in\"), not a table; "
                + "CSV, TSV and JSON files can be opened\n")
    }

    @Test func aCacheFolderThatIsAFileIsSaidToBeOne() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("browse-file-\(UUID())")
        try Data("x".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let listed = ConcurrentCacheTests.listed.path
        let run = try Browse.run(["import", "--cache-dir", file.path, listed], input: "")
        #expect(run.status == 1)
        #expect(
            run.stderr.contains(
                "cannot write the cache at \(file.path)/mops: \(file.path) is a file, not a folder; the data is not kept"
            ),
            "\(run.stderr)")
        #expect(!run.stderr.contains("NSCocoaErrorDomain"))
    }

    /// Three markets on one host that does not answer cost one wait, and the advice is said once.
    @Test func aSilentHostIsAbandonedOnceForAllItsSources() async throws {
        let silent = try LoopbackServer { _ in .silent }
        defer { silent.stop() }
        let cache = cacheFolder()
        let environment = ["BROWSE_MOPS_URL": silent.baseURL.absoluteString]
        let run = try await blocking {
            try Browse.run(
                ["companies", "--format", "csv", "--cache-dir", cache], input: "", environment: environment)
        }
        #expect(run.status == 1)
        #expect(silent.requests.count <= 1, "the other markets were not asked")
        #expect(
            run.stderr
                == "browse: could not load companies: 上市, 上櫃, 興櫃: 127.0.0.1 did not answer within 20 s; "
                + "check the network, or use --offline for cached data\n")
    }

    /// Three processes at once, one cache folder: the server's own arrival times never hold
    /// four requests within five seconds.
    @Test func threeProcessesAtOnceStayWithinThreeRequestsInFiveSeconds() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let cache = cacheFolder()
        defer { try? FileManager.default.removeItem(atPath: cache) }
        let runs = try await ConcurrentCacheTests.runAtOnce(
            (1...3).map { [server.baseURL.absoluteString + "/t\($0).csv", "--cache-dir", cache, "-c", "r; r"] })
        #expect(runs.map(\.status) == [0, 0, 0])
        let arrivals = server.requests.map { $0.receivedAt.timeIntervalSince1970 }.sorted()
        #expect(arrivals.count == 9)
        for index in 3..<arrivals.count {
            #expect(
                arrivals[index] - arrivals[index - 3] >= 5,
                "requests \(index - 3) and \(index) arrived \(arrivals[index] - arrivals[index - 3]) s apart")
        }
    }
}
