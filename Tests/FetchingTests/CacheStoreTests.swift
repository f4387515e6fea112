import Fetching
import Foundation
import Testing

@Suite struct CacheStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")

    @Test func storesAndReadsBackBytesAndMetadata() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        let date = Date(timeIntervalSince1970: 1_741_000_000)
        try cache.write(
            "twse/STOCK_DAY_ALL/20250304", body: Data("a,b\n".utf8), source: "https://www.twse.com.tw/x",
            fetchedAt: date, tradingDate: "2025-03-04")
        let entry = try #require(try cache.read("twse/STOCK_DAY_ALL/20250304"))
        #expect(entry.body == Data("a,b\n".utf8))
        #expect(entry.metadata.tradingDate == "2025-03-04")
        #expect(entry.metadata.fetchedAt == date)
        #expect(cache.keys(under: "twse/STOCK_DAY_ALL") == ["twse/STOCK_DAY_ALL/20250304"])
        #expect(try cache.read("twse/nothing") == nil)
    }

    @Test func aNewWriteReplacesTheOldAndRemovesItsBody() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        try cache.write("k", body: Data("old".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        try cache.write("k", body: Data("new".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        #expect(try cache.read("k")?.body == Data("new".utf8))
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
        #expect(files.filter { $0.hasSuffix(".body") }.count == 1)
    }

    @Test func aDamagedEntryIsReportedNotUsed() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        try cache.write("k", body: Data("hello".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        let body = try #require(
            try FileManager.default.contentsOfDirectory(atPath: folder.path).first { $0.hasSuffix(".body") })
        try Data("hel".utf8).write(to: folder.appendingPathComponent(body))
        #expect(throws: CacheError.self) { try cache.read("k") }
        try Data("{not json".utf8).write(to: folder.appendingPathComponent("k.meta.json"))
        #expect(throws: CacheError.self) { try cache.read("k") }
    }

    @Test func anUnwritableFolderIsAClearError() throws {
        let cache = CacheStore(folder: URL(fileURLWithPath: "/dev/null/cache"))
        do {
            try cache.write("k", body: Data("x".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
            Issue.record("writing under /dev/null must fail")
        } catch {
            #expect(error.description.hasPrefix("cannot write the cache at /dev/null/cache"))
        }
    }
}
