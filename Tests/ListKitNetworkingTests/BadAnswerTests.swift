import Foundation
import ListKitTesting
import Testing

@testable import ListKitNetworking

/// Answers that are wrong in themselves: each is named, and none makes its host look unreachable.
@Suite struct BadAnswerTests {
    static let body = "a,b\n1,2\n"

    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/loop": return .respond(.init(status: 302, headers: [("Location", "/loop")], text: ""))
            case "/old": return .raw(Array(body.utf8))
            case "/lengths":
                return .respond(.init(headers: [("Content-Length", "8"), ("Content-Length", "4")], text: body))
            case "/not-a-length": return .respond(.init(headers: [("Content-Length", "8, x")], text: body))
            default: return .respond(.init(text: body))
            }
        }
    }

    @Test(arguments: [
        ("/loop", FetchError.tooManyRedirects(host: "127.0.0.1")),
        (
            "/old",
            .badResponse(
                host: "127.0.0.1",
                reason: "it did not begin with an HTTP status line (an HTTP/0.9 reply, or not HTTP)")
        ),
        (
            "/lengths",
            .badResponse(host: "127.0.0.1", reason: "it announced two different lengths (Content-Length: 8, 4)")
        ),
        ("/not-a-length", .badResponse(host: "127.0.0.1", reason: "its Content-Length is not a length (8, x)")),
    ])
    func aBadAnswerIsNamedAndTheHostIsAskedAgain(_ path: String, _ expected: FetchError) async throws {
        let server = try Self.server()
        defer { server.stop() }
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        await #expect(throws: expected) {
            try await client.get(server.baseURL.appendingPathComponent(path), progress: nil)
        }
        let good = try await client.get(server.baseURL.appendingPathComponent("good"), progress: nil)
        #expect(good.body == Data(Self.body.utf8))
    }

    @Test func newFailuresStateFactsWithoutAdvice() {
        let errors: [FetchError] = [
            .tooManyRedirects(host: "h"), .badResponse(host: "h", reason: "r"), .failed(host: "h", reason: "r"),
        ]
        for error in errors {
            #expect(error.remedy == nil)
            #expect(!error.meansUnreachable)
        }
        #expect(FetchError.network(host: "h", reason: "r").meansUnreachable)
        #expect(FetchError.timeout(host: "h", seconds: 1).meansUnreachable)
        #expect(FetchError.tooManyRedirects(host: "h").description == "h sent too many redirects (a redirect loop?)")
    }

    @Test(arguments: [
        ("HTTP://127.0.0.1:8/x?q=A", "http://127.0.0.1:8/x?q=A"), ("Https://Example.com/X", "https://Example.com/X"),
        ("https://example.com/x", "https://example.com/x"),
    ])
    func theSchemeIsSpelledInLowerCase(_ given: String, _ normalized: String) throws {
        #expect(HTTPClient.normalized(try #require(URL(string: given))).absoluteString == normalized)
    }

    @Test func anIPv6AddressOtherThanTheLoopbackIsRefusedWithALine() async throws {
        #if canImport(FoundationNetworking)
            let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
            let url = try #require(URL(string: "https://[2001:db8::1]/x.csv"))
            await #expect(
                throws: FetchError.failed(
                    host: "2001:db8::1",
                    reason: "an IPv6 address cannot be fetched on this system (only [::1] can); use the host's name")
            ) {
                try await client.get(url, progress: nil)
            }
        #endif
    }
}
