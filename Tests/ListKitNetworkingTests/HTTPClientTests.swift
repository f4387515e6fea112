import BrowseSupport
import Foundation
import ListKitTesting
import Synchronization
import Testing

@testable import ListKitNetworking

@Suite struct HTTPClientTests {
    func serve(_ behaviour: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Behaviour) throws
        -> LoopbackServer
    {
        try LoopbackServer(handler: behaviour)
    }

    func fetch(
        _ server: LoopbackServer, _ path: String,
        client: HTTPClient = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
    )
        async throws(FetchError) -> FetchedResponse
    {
        try await client.get(server.baseURL.appendingPathComponent(path), progress: nil)
    }

    @Test func downloadsTheBodyAndTheFileNameOfContentDisposition() async throws {
        let server = try serve { _ in
            .respond(
                .init(
                    headers: [("Content-Disposition", "attachment; filename=STOCK_DAY_ALL_20250304.csv")],
                    text: "證券代號,證券名稱\n"))
        }
        defer { server.stop() }
        let response = try await fetch(server, "/exchangeReport/STOCK_DAY_ALL")
        #expect(response.status == 200)
        #expect(String(decoding: response.body, as: UTF8.self) == "證券代號,證券名稱\n")
        #expect(response.suggestedFileName == "STOCK_DAY_ALL_20250304.csv")
    }

    @Test func theUserAgentNamesTheProgramThatAsked() async throws {
        let server = try serve { _ in .respond(.init(text: "ok")) }
        defer { server.stop() }
        _ = try await fetch(server, "/a")
        _ = try await fetch(server, "/b", client: HTTPClient(throttle: nil, userAgent: "bookshelf/1.0.0"))
        // A client has no name of its own: each says what its program told it, never `browse`.
        #expect(
            server.requests.map { $0.headers["user-agent"] } == ["listkit-networking-tests/1.0", "bookshelf/1.0.0"])
    }

    @Test func serverErrorsCarryTheStatusAndRetryAfter() async throws {
        let server = try serve { request in
            request.path == "/busy"
                ? .respond(.init(status: 429, headers: [("Retry-After", "7")], text: "slow down"))
                : .respond(.init(status: 500, text: "oops"))
        }
        defer { server.stop() }
        await #expect(throws: FetchError.status(500, host: "127.0.0.1", retryAfter: nil)) {
            try await fetch(server, "/x")
        }
        await #expect(throws: FetchError.status(429, host: "127.0.0.1", retryAfter: 7)) {
            try await fetch(server, "/busy")
        }
    }

    @Test func aPlugInTellsFailuresApartByTheirCodeAndReadsWhatTheyCarry() async throws {
        let server = try serve { _ in .respond(.init(status: 429, headers: [("Retry-After", "7")], text: "slow down")) }
        defer { server.stop() }
        do {
            _ = try await fetch(server, "/busy")
            Issue.record("a 429 is not a download")
        } catch  where error.code == .status {
            #expect(error.code != .timeout)
            #expect(error.host == "127.0.0.1")
            #expect(error.status == 429)
            #expect(error.retryAfter == 7)
            #expect(error.description == "127.0.0.1 answered HTTP 429 and asked us to wait 7 s")
        } catch {
            Issue.record("expected an HTTP status, got \(error.code): \(error)")
        }
        #expect(FetchError.cancelled.code == .cancelled)
        #expect(FetchError.cancelled.host == nil)
        #expect(FetchError.offline("x").code.description == "offline")
    }

    @Test func aDroppedConnectionIsTellableFromACutBody() async throws {
        let body = Array(repeating: UInt8(ascii: "a"), count: 100_000)
        let server = try serve { request in
            switch request.path {
            case "/drop": return .drop
            case "/cut":
                var response = LoopbackServer.Response(body: body)
                response.cutAfter = 1000
                return .respond(response)
            default:
                var response = LoopbackServer.Response(body: body)
                response.cutAfter = 50_000
                response.resetAfterCut = true
                return .respond(response)
            }
        }
        defer { server.stop() }
        await #expect(throws: FetchError.dropped(host: "127.0.0.1")) { try await fetch(server, "/drop") }
        do {
            _ = try await fetch(server, "/cut")
            Issue.record("a cut body must not pass as a download")
        } catch {
            guard case .cutShort(_, _, let expected) = error.details else {
                Issue.record("expected cutShort, got \(error)")
                return
            }
            #expect(expected == 100_000)
        }
        do {
            _ = try await fetch(server, "/reset")
            Issue.record("a reset must not pass as a download")
        } catch {
            guard error.code == .cutShort else {
                Issue.record("expected cutShort, got \(error)")
                return
            }
        }
    }

    /// The server says nothing until the client has gone, so only the client's idle timeout
    /// can end the request, however slowly a busy machine runs.
    @Test(.timeLimit(.minutes(2))) func aSilentServerTimesOutInWholeSeconds() async throws {
        let server = try serve { _ in .silent }
        defer { server.stop() }
        await #expect(throws: FetchError.timeout(host: "127.0.0.1", seconds: 1)) {
            try await fetch(
                server, "/x",
                client: HTTPClient(
                    throttle: nil, idleTimeout: 1, deadline: 30, userAgent: "listkit-networking-tests/1.0"))
        }
    }

    /// A body that keeps the connection alive but never ends: with an idle timeout longer than
    /// any test, only the whole-download deadline can end it, and the test passes that deadline
    /// by hand once the first byte has arrived.
    @Test(.timeLimit(.minutes(2))) func aBodyThatNeverEndsCannotHoldTheProgramPastTheDeadline() async throws {
        let server = try serve { _ in .respond(.init(text: String(repeating: "x", count: 60)).stalled(after: 1)) }
        defer { server.stop() }
        let deadlines = HandFiredDeadlines()
        let client = HTTPClient(
            throttle: nil, idleTimeout: 3600, deadline: 2, maxBodyBytes: 1 << 20, userAgent: "browse-test",
            deadlineTimer: deadlines)
        let received = Counter()
        let url = server.baseURL.appendingPathComponent("x")
        // A child task: the time limit's cancelling reaches it, so a broken deadline fails the test.
        async let download = client.get(url, progress: { count, _ in received.set(count) })
        try await eventually("the first byte of the body") { received.value >= 1 }
        #expect(deadlines.startedSeconds == [2])
        deadlines.passAll()
        do {
            _ = try await download
            Issue.record("a body that never ends must not pass as a download")
        } catch {
            #expect(error as? FetchError == .tooSlow(host: "127.0.0.1", seconds: 2))
        }
    }

    @Test func redirectsToPlainHTTPAreRefused() async throws {
        let server = try serve { _ in
            .respond(.init(status: 302, headers: [("Location", "http://example.com/data.csv")], text: ""))
        }
        defer { server.stop() }
        await #expect(throws: FetchError.redirect(host: "127.0.0.1", to: "http://example.com/data.csv")) {
            try await fetch(server, "/x")
        }
    }

    @Test func plainHTTPIsOnlyForLoopback() async throws {
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        let url = try #require(URL(string: "http://example.com/data.csv"))
        await #expect(throws: FetchError.insecure("http://example.com/data.csv")) {
            try await client.get(url, progress: nil)
        }
    }

    @Test func aBlockedHostIsNotAskedAgain() async throws {
        let server = try serve { _ in .respond(.init(text: "ok")) }
        defer { server.stop() }
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        client.markBlocked(host: "127.0.0.1", reason: "it answered with its security page")
        await #expect(throws: FetchError.blocked(host: "127.0.0.1", reason: "it answered with its security page")) {
            try await fetch(server, "/x", client: client)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let refusing = try RefusedPort()
        defer { withExtendedLifetime(refusing) {} }
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        let url = try #require(URL(string: "http://127.0.0.1:\(refusing.port)/x"))
        await #expect(throws: FetchError.network(host: "127.0.0.1", reason: "connection refused")) {
            try await client.get(url, progress: nil)
        }
    }
}

@Suite struct NetworkPolicyTests {
    @Test(arguments: [
        ("127.0.0.1", true), ("127.255.10.2", true), ("localhost", true), ("LocalHost", true), ("::1", true),
        ("[::1]", true), ("0:0:0:0:0:0:0:1", true),
        ("127.evil.example", false), ("127.0.0.1.nip.io", false), ("localhost.evil.example", false),
        ("128.0.0.1", false), ("126.255.255.255", false), ("0x7f000001", false), ("127.1", false), ("::2", false),
        ("example.com", false), ("", false),
    ])
    func loopbackIsAnAddressNotAPrefix(_ host: String, _ loopback: Bool) {
        #expect(HTTPClient.isLoopback(host) == loopback)
    }

    @Test func plainHTTPToANameThatLooksLikeLoopbackIsRefusedBeforeAnyLookup() async throws {
        let url = try #require(URL(string: "http://127.evil.example/data.csv"))
        await #expect(throws: FetchError.insecure("http://127.evil.example/data.csv")) {
            try await HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0").get(url, progress: nil)
        }
    }

    @Test func aRedirectToANameThatLooksLikeLoopbackIsNotFollowed() async throws {
        let server = try LoopbackServer { _ in
            .respond(.init(status: 302, headers: [("Location", "http://127.evil.example/x.csv")], text: ""))
        }
        defer { server.stop() }
        await #expect(throws: FetchError.redirect(host: "127.0.0.1", to: "http://127.evil.example/x.csv")) {
            try await HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0").get(
                server.baseURL.appendingPathComponent("x"), progress: nil)
        }
        #expect(server.requests.count == 1)
    }

    @Test(
        arguments: [
            ("-5", nil), ("0", nil), ("soon", nil), ("1e3", nil), ("", nil), ("7", 7), (" 30 ", 30),
            ("Sun, 06 Nov 1994 08:49:37 GMT", nil),
        ] as [(String, Int?)])
    func retryAfterIsPositiveSecondsOrAFutureDate(_ value: String, _ seconds: Int?) {
        #expect(RetryAfter.seconds(from: value, now: Date()) == seconds)
    }

    @Test func retryAfterAsAnHTTPDateIsTheWaitUntilThen() {
        let now = Date(timeIntervalSince1970: 784_111_777)  // Sun, 06 Nov 1994 08:49:37 GMT
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:51:37 GMT", now: now) == 120)
        #expect(RetryAfter.seconds(from: "Sunday, 06-Nov-94 08:50:37 GMT", now: now) == 60)
        #expect(RetryAfter.seconds(from: "Sun Nov  6 08:49:47 1994", now: now) == 10)
        #expect(RetryAfter.seconds(from: "Sun, 06 Nov 1994 08:49:00 GMT", now: now) == nil, "a date already past")
    }

    @Test func aNegativeRetryAfterIsNotRepeated() async throws {
        let server = try LoopbackServer { _ in .respond(.init(status: 503, headers: [("Retry-After", "-5")], text: ""))
        }
        defer { server.stop() }
        do {
            _ = try await HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0").get(
                server.baseURL.appendingPathComponent("x"), progress: nil)
            Issue.record("a 503 is not a download")
        } catch {
            #expect(error == .status(503, host: "127.0.0.1", retryAfter: nil))
            #expect(!error.description.contains("-5"))
        }
    }

    @Test func descriptionsStateFactsAndRemediesNameTheNextStep() {
        let errors: [FetchError] = [
            .insecure("http://x/"), .blocked(host: "h", reason: "it dropped the connection"),
            .status(503, host: "h", retryAfter: 30),
            .timeout(host: "h", seconds: 20), .tooSlow(host: "h", seconds: 120),
            .cutShort(host: "h", received: 1, expected: 2), .dropped(host: "h"), .redirect(host: "h", to: "t"),
            .network(host: "h", reason: "connection refused"), .tooLarge(host: "h", limit: 1 << 30), .offline("x"),
            .cancelled,
        ]
        for error in errors {
            for advice in ["(r)", "--offline", "try again", "check the network", "wait a while"] {
                #expect(!error.description.contains(advice), "\(error) gives advice: \(advice)")
            }
        }
        #expect(FetchError.status(503, host: "h", retryAfter: 30).remedy == .retryLater(seconds: nil))
        #expect(FetchError.status(404, host: "h", retryAfter: nil).remedy == nil)
        #expect(FetchError.timeout(host: "h", seconds: 20).remedy == .checkNetworkOrUseCache)
        #expect(FetchError.network(host: "h", reason: "r").remedy == .checkNetworkOrUseCache)
        #expect(FetchError.cutShort(host: "h", received: 1, expected: nil).remedy == .retry)
        #expect(FetchError.offline("x").remedy == .goOnline)
        #expect(FetchError.tooLarge(host: "h", limit: 1).remedy == .allowLargerInput)
        #expect(FetchError.blocked(host: "h", reason: "r").remedy == .waitForALaterRun)
        #expect(FetchError.tooLarge(host: "h", limit: 1 << 30).description.contains("1 GiB"))
    }
}

@Suite struct UnreachableHostTests {
    /// The server says nothing until the client has gone: the first request can only time out.
    @Test(.timeLimit(.minutes(2))) func aHostThatTimedOutFailsAtOnceForTheOtherRequests() async throws {
        let server = try LoopbackServer { _ in .silent }
        defer { server.stop() }
        let client = HTTPClient(throttle: nil, idleTimeout: 1, deadline: 30, userAgent: "listkit-networking-tests/1.0")
        for path in ["/L", "/O", "/R"] {
            await #expect(throws: FetchError.timeout(host: "127.0.0.1", seconds: 1)) {
                try await client.get(server.baseURL.appendingPathComponent(path), progress: nil)
            }
        }
        let paths = server.requests.map(\.path)
        #expect(paths.allSatisfy { $0 == "/L" }, "only the first request reached the server: \(paths)")
    }

    @Test func aRefusedConnectionIsRememberedPerPort() async throws {
        // Held, the refusing port is not taken by the server started next (a port whose server
        // had stopped was, now and then, and answered).
        let refusing = try RefusedPort()
        defer { withExtendedLifetime(refusing) {} }
        let running = try LoopbackServer { _ in .respond(.init(text: "ok")) }
        defer { running.stop() }
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        let refused = try #require(URL(string: "http://127.0.0.1:\(refusing.port)/x"))
        for _ in 0..<2 {
            await #expect(throws: FetchError.network(host: "127.0.0.1", reason: "connection refused")) {
                try await client.get(refused, progress: nil)
            }
        }
        let answer = try await client.get(running.baseURL.appendingPathComponent("x"), progress: nil)
        #expect(answer.body == Data("ok".utf8), "another port of the same host is still asked")
    }
}

@Suite struct BodyLimitTests {
    @Test func anEndlessBodyIsStoppedAtTheLimit() async throws {
        let server = try LoopbackServer { _ in
            var response = LoopbackServer.Response(body: Array(repeating: UInt8(ascii: "x"), count: 65_536))
            response.repeatBody = 1 << 20  // 64 GiB unless the client stops it
            return .respond(response)
        }
        defer { server.stop() }
        let client = HTTPClient(throttle: nil, maxBodyBytes: 4 << 20, userAgent: "listkit-networking-tests/1.0")
        await #expect(throws: FetchError.tooLarge(host: "127.0.0.1", limit: 4 << 20)) {
            try await client.get(server.baseURL.appendingPathComponent("endless"), progress: nil)
        }
    }

    @Test func anAnnouncedLengthPastTheLimitIsRefusedAtTheHeaders() async throws {
        let server = try LoopbackServer { _ in
            .respond(.init(body: Array(repeating: UInt8(ascii: "x"), count: 2 << 20)))
        }
        defer { server.stop() }
        await #expect(throws: FetchError.tooLarge(host: "127.0.0.1", limit: 1 << 20)) {
            try await HTTPClient(throttle: nil, maxBodyBytes: 1 << 20, userAgent: "listkit-networking-tests/1.0").get(
                server.baseURL.appendingPathComponent("big"), progress: nil)
        }
    }

    @Test func aGzipBombIsCountedAfterDecompression() async throws {
        let bomb = GzipBomb.make(expandingTo: 64 << 20)
        let server = try LoopbackServer { _ in
            .respond(.init(headers: [("Content-Encoding", "gzip")], body: bomb))
        }
        defer { server.stop() }
        #expect(bomb.count < 1 << 20, "the compressed body is under the limit")
        await #expect(throws: FetchError.tooLarge(host: "127.0.0.1", limit: 1 << 20)) {
            try await HTTPClient(throttle: nil, maxBodyBytes: 1 << 20, userAgent: "listkit-networking-tests/1.0").get(
                server.baseURL.appendingPathComponent("bomb"), progress: nil)
        }
    }

    @Test func aBodyAtTheLimitIsKept() async throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 1 << 20)
        let server = try LoopbackServer { _ in .respond(.init(body: body)) }
        defer { server.stop() }
        let response = try await HTTPClient(
            throttle: nil, maxBodyBytes: 1 << 20, userAgent: "listkit-networking-tests/1.0"
        ).get(
            server.baseURL.appendingPathComponent("exact"), progress: nil)
        #expect(response.body.count == 1 << 20)
    }
}

@Suite struct FlowControlQueueTests {
    /// A network thread handing over calls faster than a slow delegate runs them waits, so
    /// no more than the capacity are ever queued.
    @Test func aFastProducerWaitsForASlowDelegate() async {
        let queue = FlowControlQueue(capacity: 4)
        let counts = Mutex((queued: 0, most: 0, run: 0))
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            Thread {
                for _ in 0..<40 {
                    counts.withLock {
                        $0.queued += 1
                        $0.most = max($0.most, $0.queued)
                    }
                    queue.addOperation {
                        usleep(2_000)
                        counts.withLock {
                            $0.queued -= 1
                            $0.run += 1
                        }
                    }
                }
                queue.waitUntilAllOperationsAreFinished()
                done.resume()
            }.start()
        }
        let final = counts.withLock { $0 }
        #expect(final.run == 40)
        #expect(final.most <= 5, "at most the capacity waiting, plus the one being handed over: \(final.most)")
    }
}
