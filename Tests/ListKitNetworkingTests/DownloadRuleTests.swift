import Foundation
import ListKitTesting
import Synchronization
import Testing

@testable import ListKitNetworking

/// A decoded fetch keeps a download only once it reads, and never trades data for nothing.
@Suite struct DownloadRuleTests {
    typealias Folder = CachedDownloaderTests.Folder
    typealias Clock = CachedDownloaderTests.Clock

    struct Unreadable: Error, CustomStringConvertible {
        var description: String { "not a list of numbers" }
    }

    /// Reads lines of numbers; anything else is unreadable.
    static let numbers = DownloadRule<[Int]>(
        title: "the numbers", isFresh: DownloadFreshness.lasts(seconds: 60).rule,
        decode: { body, _ in
            let lines = String(decoding: body, as: UTF8.self).split(separator: "\n")
            let values = lines.compactMap { Int($0) }
            guard values.count == lines.count else { throw Unreadable() }
            return values
        }, isEmpty: \.isEmpty)

    /// A server that answers each request with the next of `bodies` (the last one again after).
    static func server(_ bodies: [String]) throws -> LoopbackServer {
        let served = Atomic(0)
        return try LoopbackServer { _ in
            let index = served.add(1, ordering: .relaxed).oldValue
            return .respond(.init(text: bodies[min(index, bodies.count - 1)]))
        }
    }

    @Test func anUnreadableOrEmptyRefreshKeepsTheCopyAndSaysSo() async throws {
        let server = try Self.server(["1\n2\n", "<html>oops</html>", ""])
        defer { server.stop() }
        let folder = Folder()
        let clock = Clock()
        let downloader = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder.url), offline: false,
            now: { clock.now() })
        let url = server.baseURL.appendingPathComponent("numbers")
        let first = try await downloader.fetch(url, key: "n", rule: Self.numbers)
        #expect(first.value == [1, 2] && !first.provenance.fromCache)
        for expected in ["not a list of numbers", "answered with no data where the cache has some"] {
            let notes = Mutex<[String]>([])
            let kept = try await downloader.fetch(
                url, key: "n", rule: Self.numbers, refresh: true, note: { note in notes.withLock { $0.append(note) } })
            #expect(kept.value == [1, 2] && kept.provenance.fromCache)
            let said = notes.withLock { $0 }
            #expect(said.count == 1 && said[0].hasPrefix("could not refresh the numbers") && said[0].contains(expected))
        }
        #expect(
            String(decoding: try #require(try CacheStore(folder: folder.url).read("n")).body, as: UTF8.self) == "1\n2\n"
        )
        #expect(server.requests.count == 3)
    }

    @Test func withoutACopyAnUnreadableDownloadIsTheErrorAndIsNotKept() async throws {
        let server = try Self.server(["<html>oops</html>"])
        defer { server.stop() }
        let folder = Folder()
        let downloader = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder.url), offline: false)
        await #expect(throws: Unreadable.self) {
            try await downloader.fetch(server.baseURL.appendingPathComponent("numbers"), key: "n", rule: Self.numbers)
        }
        #expect(try CacheStore(folder: folder.url).read("n") == nil)
    }

    @Test func aDatedDownloadIsKeptUnderItsDateAndAFinalCopyAnswersARefresh() async throws {
        let server = try Self.server(["7\n"])
        defer { server.stop() }
        let folder = Folder()
        let downloader = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder.url), offline: false)
        var rule = Self.numbers
        rule.storage = { _ in ("days/2025-06-30", "2025-06-30") }
        rule.isFinal = { metadata in metadata.tradingDate != nil }
        let url = server.baseURL.appendingPathComponent("day")
        let first = try await downloader.fetch(url, key: "days/latest", rule: rule)
        #expect(first.key == "days/2025-06-30")
        #expect(try CacheStore(folder: folder.url).read("days/2025-06-30")?.metadata.tradingDate == "2025-06-30")
        let again = try await downloader.fetch(url, key: "days/2025-06-30", rule: rule, refresh: true)
        #expect(again.provenance.fromCache, "a final copy answers even a refresh")
        #expect(server.requests.count == 1)
    }

    @Test func offlineWithADamagedCopySaysBothAndThrows() async throws {
        let folder = Folder()
        let cache = CacheStore(folder: folder.url)
        try cache.write("n", body: Data("1\n".utf8), source: "x", fetchedAt: Date(), tradingDate: nil)
        let body = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.url.path).first { $0.hasSuffix(".body") })
        try Data("2\n".utf8).write(to: folder.url.appendingPathComponent(body))
        let downloader = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"), cache: cache, offline: true)
        let notes = Mutex<[String]>([])
        await #expect(throws: FetchError.offline("the numbers")) {
            try await downloader.fetch(
                URL(string: "https://example.com/n")!, key: "n", rule: Self.numbers,
                note: { note in notes.withLock { $0.append(note) } })
        }
        #expect(notes.withLock { $0 }.contains { $0.contains("its data has changed since it was stored") })
    }
}
