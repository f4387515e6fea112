import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Synchronization
import Testing

/// A dataset downloads one JSON document with one call on its context: the program's client,
/// named after the program, shared by every copy of the context, and the cache's rules.
@Suite struct ContextDownloadTests {
    struct Reading: Decodable, Sendable, Hashable {
        let station: String
        let temperature: Double
    }

    static let weather = ProgramIdentity(name: "weather", version: "2.0.0", summary: "readings")

    /// A cache folder of its own, removed at the end of the test.
    final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("context-download-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    func context(_ folder: Folder, offline: Bool = false) -> DatasetContext {
        DatasetContext(
            cacheDirectory: folder.url, offline: offline, now: { Date(timeIntervalSince1970: 1_750_000_000) },
            program: Self.weather)
    }

    func request(refresh: Bool = false) -> LoadRequest {
        LoadRequest(progress: ProgressReporter(), refresh: refresh)
    }

    @Test func oneCallDownloadsKeepsACopyAndAnswersOfflineFromIt() async throws {
        let server = try LoopbackServer { _ in
            .respond(.init(text: #"[{"station": "466920", "temperature": 31.5}]"#))
        }
        defer { server.stop() }
        let folder = Folder()
        let url = server.baseURL.appendingPathComponent("readings.json")
        let online = context(folder)
        let readings = try await online.download([Reading].self, from: url, fresh: .minutes(10), for: request())
        #expect(readings == [Reading(station: "466920", temperature: 31.5)])
        #expect(server.requests.map { $0.headers["user-agent"] } == ["weather/2.0.0"], "the program names itself")
        _ = try await online.download([Reading].self, from: url, fresh: .minutes(10), for: request())
        #expect(server.requests.count == 1, "a fresh copy answers without a request")
        let offline = try await context(folder, offline: true).download(
            [Reading].self, from: url, fresh: .minutes(10), for: request(refresh: true))
        #expect(offline == readings, "offline, the copy answers")
        #expect(server.requests.count == 1, "offline never asks")
        _ = try await online.download([Reading].self, from: url, fresh: .minutes(10), for: request(refresh: true))
        #expect(server.requests.count == 2, "r asks again")
    }

    @Test func anAnswerOfAnotherShapeSaysWhereAndIsNotKept() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: #"[{"station": "466920"}]"#)) }
        defer { server.stop() }
        let folder = Folder()
        let url = server.baseURL.appendingPathComponent("readings.json")
        let error = await #expect(throws: UnreadableDownload.self) {
            try await context(folder).download([Reading].self, from: url, fresh: .minutes(10), for: request())
        }
        #expect(
            error?.description
                == "\(url.absoluteString) is not the Array<Reading> expected: \"temperature\" is missing at [0]")
        await #expect(throws: FetchError.offline(url.absoluteString), "nothing was kept") {
            try await context(folder, offline: true).download(
                [Reading].self, from: url, fresh: .minutes(10), for: request())
        }
    }

    @Test func aClientSetInTheServicesIsTheOneUsed() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "[]")) }
        defer { server.stop() }
        let folder = Folder()
        var context = context(folder)
        context.services.httpClient = HTTPClient(throttle: nil, userAgent: "weather-tests/1.0.0")
        _ = try await context.download(
            [Reading].self, from: server.baseURL.appendingPathComponent("r.json"), fresh: .minutes(10), for: request())
        #expect(server.requests.first?.headers["user-agent"] == "weather-tests/1.0.0")
    }

    @Test func everyCopyOfAContextSharesOneClientAndWhatItRemembers() {
        let folder = Folder()
        let first = context(folder)
        var copy = first
        copy.options["station"] = "466920"
        first.httpClient.markBlocked(host: "example.com", reason: "its refusal page")
        #expect(copy.httpClient.blockReason(host: "example.com") == "its refusal page", "a screen's copy remembers")
        var otherLimit = first
        otherLimit.maxInputBytes = 1024
        #expect(otherLimit.httpClient.blockReason(host: "example.com") == nil, "another limit makes another client")
    }
}
