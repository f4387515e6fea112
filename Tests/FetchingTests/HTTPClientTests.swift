import Fetching
import Foundation
import LoopbackServer
import Testing

@Suite struct HTTPClientTests {
    func serve(_ behaviour: @escaping @Sendable (LoopbackServer.Request) -> LoopbackServer.Behaviour) throws
        -> LoopbackServer
    {
        try LoopbackServer(handler: behaviour)
    }

    func fetch(_ server: LoopbackServer, _ path: String, client: HTTPClient = HTTPClient(throttle: nil))
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
            guard case .cutShort(_, _, let expected) = error else {
                Issue.record("expected cutShort, got \(error)")
                return
            }
            #expect(expected == 100_000)
        }
        do {
            _ = try await fetch(server, "/reset")
            Issue.record("a reset must not pass as a download")
        } catch {
            guard case .cutShort = error else {
                Issue.record("expected cutShort, got \(error)")
                return
            }
        }
    }

    @Test func aSilentServerTimesOutInWholeSeconds() async throws {
        let server = try serve { _ in
            var response = LoopbackServer.Response(text: "late")
            response.delay = .seconds(8)
            return .respond(response)
        }
        defer { server.stop() }
        // The error itself shows which limit fired; elapsed times are not asserted (load varies).
        await #expect(throws: FetchError.timeout(host: "127.0.0.1", seconds: 1)) {
            try await fetch(server, "/x", client: HTTPClient(throttle: nil, idleTimeout: 1, deadline: 30))
        }
    }

    @Test func aServerSendingOneByteASecondCannotHoldTheProgram() async throws {
        let server = try serve { _ in
            var response = LoopbackServer.Response(text: String(repeating: "x", count: 60))
            response.bytesPerSecond = 1
            return .respond(response)
        }
        defer { server.stop() }
        await #expect(throws: FetchError.tooSlow(host: "127.0.0.1", seconds: 2)) {
            try await fetch(server, "/x", client: HTTPClient(throttle: nil, idleTimeout: 5, deadline: 2))
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
        let client = HTTPClient(throttle: nil)
        let url = try #require(URL(string: "http://example.com/data.csv"))
        await #expect(throws: FetchError.insecure("http://example.com/data.csv")) {
            try await client.get(url, progress: nil)
        }
    }

    @Test func aBlockedHostIsNotAskedAgain() async throws {
        let server = try serve { _ in .respond(.init(text: "ok")) }
        defer { server.stop() }
        let client = HTTPClient(throttle: nil)
        client.markBlocked(host: "127.0.0.1", reason: "it answered with its security page")
        await #expect(throws: FetchError.blocked(host: "127.0.0.1", reason: "it answered with its security page")) {
            try await fetch(server, "/x", client: client)
        }
        #expect(server.requests.isEmpty)
    }

    @Test func aRefusedConnectionSaysSo() async throws {
        let server = try serve { _ in .drop }
        let port = server.port
        server.stop()
        let client = HTTPClient(throttle: nil)
        let url = try #require(URL(string: "http://127.0.0.1:\(port)/x"))
        await #expect(throws: FetchError.network(host: "127.0.0.1", reason: "connection refused")) {
            try await client.get(url, progress: nil)
        }
    }
}
