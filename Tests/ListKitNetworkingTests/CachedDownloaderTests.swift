import Foundation
import ListKitTesting
import Synchronization
import Testing

@testable import ListKitNetworking

@Suite struct CachedDownloaderTests {
    /// A cache folder of its own, removed at the end of the test.
    final class Folder: Sendable {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "cached-downloader-\(UUID().uuidString)")
        deinit { try? FileManager.default.removeItem(at: url) }
    }

    /// A clock the test moves.
    final class Clock: Sendable {
        private let instant = Mutex(Date(timeIntervalSince1970: 1_750_000_000))
        func now() -> Date { instant.withLock { $0 } }
        func advance(_ seconds: TimeInterval) { instant.withLock { $0 += seconds } }
    }

    func downloader(
        _ folder: Folder, clock: Clock, offline: Bool = false,
        client: HTTPClient = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
    )
        -> CachedDownloader
    {
        CachedDownloader(
            client: client, cache: CacheStore(folder: folder.url), offline: offline, now: { clock.now() })
    }

    func text(_ download: CachedDownload) -> String { String(decoding: download.body, as: UTF8.self) }

    @Test func aFreshCopyAnswersWithoutARequestAndAStaleOneAsksAgain() async throws {
        let served = Atomic(0)
        let server = try LoopbackServer { _ in
            let count = served.add(1, ordering: .relaxed).newValue
            return .respond(.init(text: "version \(count)\n"))
        }
        defer { server.stop() }
        let folder = Folder()
        let clock = Clock()
        let url = server.baseURL.appendingPathComponent("report.csv")
        let key = CachedDownloader.key(for: url, under: "test")
        let first = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .lasts(seconds: 3600))
        #expect(text(first) == "version 1\n")
        #expect(!first.provenance.fromCache)
        clock.advance(1800)
        let second = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .lasts(seconds: 3600))
        #expect(text(second) == "version 1\n")
        #expect(second.provenance.fromCache)
        #expect(server.requests.count == 1)
        clock.advance(1801)
        let third = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .lasts(seconds: 3600))
        #expect(text(third) == "version 2\n")
        #expect(server.requests.count == 2)
        // `refresh` asks even when the copy is fresh.
        let fourth = try await downloader(folder, clock: clock).fetch(
            url, key: key, freshness: .forever, refresh: true)
        #expect(text(fourth) == "version 3\n")
    }

    @Test func aFailedDownloadFallsBackToTheCopyWithANoteAndNeverReplacesIt() async throws {
        let failing = Atomic(false)
        let server = try LoopbackServer { _ in
            failing.load(ordering: .relaxed)
                ? .respond(.init(status: 500, text: "oops")) : .respond(.init(text: "good\n"))
        }
        defer { server.stop() }
        let folder = Folder()
        let clock = Clock()
        let url = server.baseURL.appendingPathComponent("r.csv")
        let key = CachedDownloader.key(for: url, under: "test")
        _ = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .always)
        failing.store(true, ordering: .relaxed)
        clock.advance(7200)
        let fallback = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .always)
        #expect(text(fallback) == "good\n")
        #expect(fallback.provenance.fromCache)
        #expect(fallback.notes.count == 1)
        #expect(fallback.notes.first?.contains("answered HTTP 500") == true)
        #expect(fallback.notes.first?.hasSuffix("showing the copy from 2 h ago") == true)
        #expect(try CacheStore(folder: folder.url).read(key)?.body == Data("good\n".utf8))
    }

    @Test func withoutACopyAFailureIsThrown() async throws {
        let server = try LoopbackServer { _ in .drop }
        defer { server.stop() }
        let folder = Folder()
        let url = server.baseURL.appendingPathComponent("r.csv")
        await #expect(throws: FetchError.dropped(host: "127.0.0.1")) {
            try await downloader(folder, clock: Clock()).fetch(
                url, key: CachedDownloader.key(for: url, under: "t"), freshness: .always)
        }
    }

    @Test func offlineNeverTouchesTheNetworkAndSaysWhatIsMissing() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "data\n")) }
        defer { server.stop() }
        let folder = Folder()
        let clock = Clock()
        let url = server.baseURL.appendingPathComponent("r.csv")
        let key = CachedDownloader.key(for: url, under: "t")
        await #expect(throws: FetchError.offline(url.absoluteString)) {
            try await downloader(folder, clock: clock, offline: true).fetch(url, key: key, freshness: .always)
        }
        #expect(server.requests.isEmpty)
        _ = try await downloader(folder, clock: clock).fetch(url, key: key, freshness: .always)
        clock.advance(86_400 * 30)
        let offline = try await downloader(folder, clock: clock, offline: true).fetch(
            url, key: key, freshness: .always, refresh: true)
        #expect(text(offline) == "data\n")
        #expect(offline.provenance.fromCache)
        #expect(server.requests.count == 1)
    }

    @Test func aBlockPageMarksTheHostBlockedAndIsNeverCached() async throws {
        let server = try LoopbackServer { _ in .respond(.blockPage) }
        defer { server.stop() }
        let folder = Folder()
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        let url = server.baseURL.appendingPathComponent("r.csv")
        let key = CachedDownloader.key(for: url, under: "t")
        do {
            _ = try await downloader(folder, clock: Clock(), client: client).fetch(url, key: key, freshness: .always)
            Issue.record("a block page is not data")
        } catch {
            guard case .blocked(let host, let reason) = error else {
                Issue.record("expected a block, got \(error)")
                return
            }
            #expect(host == "127.0.0.1")
            #expect(reason.contains("FOR SECURITY REASONS"))
        }
        #expect(client.blockReason(host: "127.0.0.1") != nil)
        #expect(try CacheStore(folder: folder.url).read(key) == nil)
        // No second request to a host that is blocking.
        _ = try? await downloader(folder, clock: Clock(), client: client).fetch(url, key: key, freshness: .always)
        #expect(server.requests.count == 1)
    }

    @Test func theRecogniserIsTheCallersToChoose() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "<html>maintenance until noon</html>")) }
        defer { server.stop() }
        let folder = Folder()
        let url = server.baseURL.appendingPathComponent("r.csv")
        let own = BlockPageRecognizer { bytes in
            String(decoding: bytes, as: UTF8.self).contains("maintenance") ? "it is down for maintenance" : nil
        }
        let custom = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder.url), offline: false, blockPages: own)
        await #expect(throws: FetchError.blocked(host: "127.0.0.1", reason: "it is down for maintenance")) {
            try await custom.fetch(url, key: "t/a", freshness: .always)
        }
        let plain = CachedDownloader(
            client: HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0"),
            cache: CacheStore(folder: folder.url), offline: false, blockPages: .none)
        #expect(try await plain.fetch(url, key: "t/b", freshness: .always).body.count > 0)
    }

    @Test func aDroppedConnectionIsABlockOnlyWhenAsked() async throws {
        let server = try LoopbackServer { _ in .drop }
        defer { server.stop() }
        let folder = Folder()
        let client = HTTPClient(throttle: nil, userAgent: "listkit-networking-tests/1.0")
        let url = server.baseURL.appendingPathComponent("r.csv")
        let strict = CachedDownloader(
            client: client, cache: CacheStore(folder: folder.url), offline: false, dropIsBlock: true)
        await #expect(throws: FetchError.blocked(host: "127.0.0.1", reason: "it dropped the connection")) {
            try await strict.fetch(url, key: "t/a", freshness: .always)
        }
    }

    @Test func aCutBodyIsNotKept() async throws {
        let body = Array(repeating: UInt8(ascii: "x"), count: 50_000)
        let server = try LoopbackServer { _ in .respond(LoopbackServer.Response(body: body).cut(after: 1000)) }
        defer { server.stop() }
        let folder = Folder()
        let url = server.baseURL.appendingPathComponent("r.csv")
        await #expect(throws: FetchError.self) {
            try await downloader(folder, clock: Clock()).fetch(url, key: "t/cut", freshness: .always)
        }
        #expect(try CacheStore(folder: folder.url).read("t/cut") == nil)
    }

    @Test func freshnessReadsWholeUnits() {
        #expect(DownloadFreshness(parsing: "6h") == .lasts(seconds: 21_600))
        #expect(DownloadFreshness(parsing: "90s") == .lasts(seconds: 90))
        #expect(DownloadFreshness(parsing: "1d")?.description == "1d")
        #expect(DownloadFreshness(parsing: "forever") == .forever)
        #expect(DownloadFreshness(parsing: "always") == .always)
        #expect(DownloadFreshness(parsing: "1.5h") == nil)
        #expect(DownloadFreshness(parsing: "-1h") == nil)
        #expect(DownloadFreshness(parsing: "soon") == nil)
    }

    @Test func keysSeparateURLsAndAreFileNames() throws {
        let a = try #require(URL(string: "https://example.com/a.csv?x=1"))
        let b = try #require(URL(string: "https://example.com/a.csv?x=2"))
        #expect(CachedDownloader.key(for: a, under: "p") != CachedDownloader.key(for: b, under: "p"))
        #expect(CachedDownloader.key(for: a, under: "p").hasPrefix("p/example.com/"))
    }
}
