import Foundation
import ListKitTesting
import Synchronization

/// A loopback stand-in for the exchange's MIS quote service: `/stock/index.jsp` hands out a
/// session cookie, and each quote request gets the next of `answers` (the last one again once
/// they run out), so a test sees a table change between refreshes. Its log keeps every
/// request's arrival and the cookie it carried.
public final class FakeQuoteService: Sendable {
    /// The cookie the front page sets.
    public static let cookie = "JSESSIONID=fake-mis-session"

    public let server: LoopbackServer
    private let queue: AnswerQueue

    /// - Parameter answers: The quote answers, in the order they are served.
    public init(answers: [LoopbackServer.Response]) throws {
        let queue = AnswerQueue(answers)
        self.queue = queue
        server = try LoopbackServer { request in
            if request.path == "/stock/index.jsp" {
                return .respond(
                    LoopbackServer.Response(
                        status: 200, headers: [("Set-Cookie", "\(Self.cookie); Path=/")], text: "<html></html>"))
            }
            guard request.path.hasPrefix("/stock/api/") else {
                return .respond(LoopbackServer.Response(status: 404, text: "not found"))
            }
            return .respond(queue.next() ?? LoopbackServer.Response(status: 500, text: "no answer"))
        }
    }

    /// Answers from files, served in turn.
    public convenience init(files: [URL]) throws {
        try self.init(
            answers: try files.map { url in
                LoopbackServer.Response(
                    status: 200, headers: [("Content-Type", "application/json")],
                    body: Array(try Data(contentsOf: url)))
            })
    }

    /// Serves `answers` from the next quote request on.
    public func answer(with answers: [LoopbackServer.Response]) {
        queue.replace(answers)
    }

    /// The variables that point a run of the program here.
    public var environment: [String: String] { ["BROWSE_MIS_URL": server.baseURL.absoluteString] }

    /// The quote requests (not the front page) the server has received.
    public var quoteRequests: [LoopbackServer.Request] {
        server.requests.filter { $0.path.hasPrefix("/stock/api/") }
    }

    /// The most requests that arrived within any `seconds`.
    public func mostRequests(within seconds: TimeInterval) -> Int {
        let times = server.requests.map(\.receivedAt.timeIntervalSince1970).sorted()
        var most = 0
        var start = 0
        for end in times.indices {
            while times[end] - times[start] >= seconds { start += 1 }
            most = max(most, end - start + 1)
        }
        return most
    }

    public func stop() { server.stop() }
}
