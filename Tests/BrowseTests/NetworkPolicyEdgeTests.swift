import Foundation
import ListKitTesting
import Testing

/// The edges of the network policy, through the binary: a bad answer is named as what it is and
/// never makes its host look unreachable; every loopback spelling the policy allows is fetched.
@Suite struct NetworkPolicyEdgeTests {
    static let body = "code,close\n2330,1045.00\n"

    /// A server with one bad URL of each kind, and good data at every other path.
    static func server() throws -> LoopbackServer {
        try LoopbackServer { request in
            switch request.path {
            case "/loop.csv":
                return .respond(.init(status: 302, headers: [("Location", "/loop.csv")], text: ""))
            case "/old.csv":
                return .raw(Array(body.utf8))
            case "/two-lengths.csv":
                return .respond(.init(headers: [("Content-Length", "24"), ("Content-Length", "11")], text: body))
            case "/one-length-twice.csv":
                return .respond(.init(headers: [("Content-Length", "24"), ("Content-Length", "24")], text: body))
            default:
                return .respond(.init(text: body))
            }
        }
    }

    /// True when a server can listen on `::1` here.
    static let hasIPv6Loopback: Bool = {
        guard let server = try? LoopbackServer(listeningOn: .ipv6, handler: { _ in .drop }) else { return false }
        server.stop()
        return true
    }()

    func cacheFolder() -> String {
        RunFolder.unique("edges")
    }

    /// One bad URL says what was wrong with it, and the host's other URLs still open in the same
    /// run: only a failure to connect keeps a host from being asked again for a minute.
    @Test(arguments: [
        ("/loop.csv", "127.0.0.1 sent too many redirects (a redirect loop?)"),
        (
            "/old.csv",
            "127.0.0.1 sent a bad response: it did not begin with an HTTP status line (an HTTP/0.9 reply, or not HTTP)"
        ),
    ])
    func aBadURLIsNamedAndItsHostStaysReachable(_ path: String, _ message: String) throws {
        let server = try Self.server()
        defer { server.stop() }
        let base = server.baseURL.absoluteString
        let run = try Browse.run(
            ["-c", "open \(base)\(path); open \(base)/good.csv", "--cache-dir", cacheFolder()], input: "")
        #expect(
            run.stderr == "browse: could not load \(path.dropFirst()): \(base)\(path): \(message)\n",
            "stderr: \(run.stderr)")
        #expect(run.stdout.contains("1045.00"), "the host's good URL opens in the same run: \(run.stdout)")
        #expect(server.requests.last?.path == "/good.csv")
    }

    @Test func twoDifferentContentLengthsAreABadResponse() throws {
        let server = try Self.server()
        defer { server.stop() }
        let address = server.baseURL.absoluteString + "/two-lengths.csv"
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 1)
        #expect(
            run.stderr
                == "browse: could not load two-lengths.csv: \(address): 127.0.0.1 sent a bad response: "
                + "it announced two different lengths (Content-Length: 24, 11)\n")
        #expect(run.stdout.isEmpty, "no part of the body is shown")
    }

    @Test func oneContentLengthSentTwiceIsAccepted() throws {
        let server = try Self.server()
        defer { server.stop() }
        let address = server.baseURL.absoluteString + "/one-length-twice.csv"
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.body)
    }

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback"))
    func theIPv6LoopbackIsFetchedOverPlainHTTP() throws {
        let server = try LoopbackServer(listeningOn: .ipv6) { _ in .respond(.init(text: Self.body)) }
        defer { server.stop() }
        let address = server.baseURL.absoluteString + "/six.csv"
        #expect(address.hasPrefix("http://[::1]:"))
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.body)
        #expect(server.requests.map(\.path) == ["/six.csv"])
    }

    @Test(arguments: ["HTTP", "Http"])
    func aSchemeInCapitalsIsFetched(_ scheme: String) throws {
        let server = try Self.server()
        defer { server.stop() }
        let address = "\(scheme)://127.0.0.1:\(server.port)/capitals.csv"
        let run = try Browse.run([address, "--format", "csv", "--cache-dir", cacheFolder()], input: "")
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout == Self.body)
    }
}
