import Foundation
import ListKitTesting
import Testing

@testable import ListKitNetworking

/// A form sent with POST goes through the same client as a GET: the server receives the
/// method, the form's type and its fields; the throttle counts each POST; the cache keeps the
/// answer under the key given and answers from it next time.
@Suite struct PostRequestTests {
    @Test func aFormIsEncodedAsFormsAre() {
        let body = RequestBody.form([("startDate", "2024/03/22"), ("name", "台 積"), ("a&b", "c=d")])
        #expect(body.contentType == "application/x-www-form-urlencoded")
        #expect(body.description == "startDate=2024%2F03%2F22&name=%E5%8F%B0+%E7%A9%8D&a%26b=c%3Dd")
    }

    @Test func theServerReceivesTheFormThroughTheThrottle() async throws {
        let server = try LoopbackServer { request in
            .respond(.init(text: "\(request.method) \(request.form("startDate") ?? "-")"))
        }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("post-throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let client = HTTPClient(throttle: HostThrottle(folder: folder), userAgent: "listkit-networking-tests/1.0")
        let url = server.baseURL.appendingPathComponent("bulletin")
        for day in 1...4 {
            let body = RequestBody.form([("startDate", "2024/03/0\(day)"), ("response", "json")])
            let answer = try await client.post(url, body: body, progress: nil)
            #expect(String(decoding: answer.body, as: UTF8.self) == "POST 2024/03/0\(day)")
        }
        let requests = server.requests
        #expect(requests.map(\.method) == ["POST", "POST", "POST", "POST"])
        #expect(requests.first?.headers["content-type"] == "application/x-www-form-urlencoded")
        #expect(requests.first?.form("response") == "json")
        let arrivals = requests.map(\.receivedAt.timeIntervalSince1970).sorted()
        try #require(arrivals.count == 4)
        #expect(arrivals[3] - arrivals[0] >= 5, "the fourth POST waited for the throttle: \(arrivals)")
    }

    @Test func aPostedAnswerIsCachedUnderItsKey() async throws {
        let server = try LoopbackServer { request in .respond(.init(text: request.form("startDate") ?? "-")) }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("post-cache-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let downloader = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder), offline: false)
        let url = server.baseURL.appendingPathComponent("bulletin")
        let rule = DownloadRule<String>(
            title: "the bulletin", isFresh: { _, _ in true },
            decode: { body, _ in String(decoding: body, as: UTF8.self) })
        let first = try await downloader.fetch(
            url, key: "bulletin/20240322", rule: rule, body: .form([("startDate", "2024/03/22")]))
        #expect(first.value == "2024/03/22")
        #expect(first.provenance.source.hasSuffix("/bulletin (POST startDate=2024%2F03%2F22)"))
        let again = try await downloader.fetch(
            url, key: "bulletin/20240322", rule: rule, body: .form([("startDate", "2024/03/22")]))
        #expect(again.provenance.fromCache)
        #expect(again.value == "2024/03/22")
        let other = try await downloader.fetch(
            url, key: "bulletin/20240323", rule: rule, body: .form([("startDate", "2024/03/23")]))
        #expect(other.value == "2024/03/23")
        #expect(server.requests.count == 2, "the cached form is not asked again")
    }

    @Test func aFetcherWithoutBodiesRefusesAPost() async throws {
        struct GetOnly: HTTPFetching {
            func get(_ url: URL, progress: (@Sendable (Int64, Int64?) -> Void)?) async throws(FetchError)
                -> FetchedResponse
            {
                throw .offline(url.absoluteString)
            }
            func markBlocked(host: String, reason: String) {}
            func blockReason(host: String) -> String? { nil }
        }
        let url = try #require(URL(string: "https://example.com/x"))
        await #expect(throws: FetchError.failed(host: "example.com", reason: "this client sends no POST requests")) {
            _ = try await GetOnly().post(url, body: .form([("a", "b")]), progress: nil)
        }
    }
}
