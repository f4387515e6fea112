import BrowseSupport
import Foundation
import ListKitNetworking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite struct CacheStoreTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")

    @Test func storesAndReadsBackBytesAndMetadata() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        let date = Date(timeIntervalSince1970: 1_741_000_000)
        try cache.write(
            "twse/STOCK_DAY_ALL/20250304", body: Data("a,b\n".utf8), source: "https://www.twse.com.tw/x",
            fetchedAt: date, tradingDate: CalendarDate(year: 2025, month: 3, day: 4))
        let entry = try #require(try cache.read("twse/STOCK_DAY_ALL/20250304"))
        #expect(entry.body == Data("a,b\n".utf8))
        #expect(entry.metadata.tradingDate?.description == "2025-03-04")
        #expect(entry.metadata.fetchedAt == date)
        #expect(cache.keys(under: "twse/STOCK_DAY_ALL") == ["twse/STOCK_DAY_ALL/20250304"])
        #expect(try cache.read("twse/nothing") == nil)
    }

    @Test func aTradingDateThatIsNotADayReadsAsUnknown() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        try cache.write(
            "days/latest", body: Data("a,b\n".utf8), source: "s", fetchedAt: Date(),
            tradingDate: CalendarDate(year: 2025, month: 3, day: 4))
        let metadata = folder.appendingPathComponent("days/latest.meta.json")
        let text = try String(contentsOf: metadata, encoding: .utf8)
        #expect(text.contains(#""tradingDate" : "2025-03-04""#), "the day is kept as text")
        try text.replacingOccurrences(of: "2025-03-04", with: "someday").write(
            to: metadata, atomically: true, encoding: .utf8)
        let entry = try #require(try cache.read("days/latest"), "the copy still reads")
        #expect(entry.metadata.tradingDate == nil)
        #expect(entry.body == Data("a,b\n".utf8))
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

@Suite struct CacheSafetyTests {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID())")

    func bodyFile(_ key: String) throws -> URL {
        let directory = folder.appendingPathComponent(key).deletingLastPathComponent()
        let base = folder.appendingPathComponent(key).lastPathComponent
        let name = try #require(
            try FileManager.default.contentsOfDirectory(atPath: directory.path).first {
                $0.hasPrefix(base + ".") && $0.hasSuffix(".body")
            })
        return directory.appendingPathComponent(name)
    }

    @Test func aSameLengthChangeToABodyIsDetected() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        try cache.write("mops/k", body: Data("2330,1045.00\n".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        try Data("2330,1945.00\n".utf8).write(to: try bodyFile("mops/k"))
        do {
            _ = try cache.read("mops/k")
            Issue.record("a changed body must not be served")
        } catch {
            #expect(error.description.contains("has changed since it was stored"), "\(error)")
        }
    }

    @Test func writersAndReadersOfOneKeyInManyThreadsNeverLoseAVersion() async throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let versions = [
            Data(repeating: UInt8(ascii: "a"), count: 300_000), Data(repeating: UInt8(ascii: "b"), count: 200_000),
        ]
        let cache = CacheStore(folder: folder)
        try cache.write("k/v", body: versions[0], source: "s", fetchedAt: Date(), tradingDate: nil)
        let failures = try await withThrowingTaskGroup(of: Int.self) { group in
            for writer in 0..<2 {
                group.addTask {
                    for _ in 0..<100 {
                        try cache.write("k/v", body: versions[writer], source: "s", fetchedAt: Date(), tradingDate: nil)
                    }
                    return 0
                }
            }
            for _ in 0..<2 {
                group.addTask {
                    var failed = 0
                    for _ in 0..<200 {
                        guard let entry = try? cache.read("k/v"), versions.contains(entry.body) else {
                            failed += 1
                            continue
                        }
                    }
                    return failed
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(failures == 0)
        #expect(versions.contains(try #require(try cache.read("k/v")).body))
        let bodies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("k").path)
            .filter { $0.hasSuffix(".body") }
        #expect(bodies.count == 1, "only the current body is left: \(bodies)")
    }

    @Test func whatAKilledWriterLeftIsRemovedUnlessTheKeyIsBeingWritten() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = CacheStore(folder: folder)
        try cache.write("t/a", body: Data("kept".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        try cache.write("t/b", body: Data("kept".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
        let directory = folder.appendingPathComponent("t")
        let leftovers = [
            ".a.meta.json.4242.17.tmp", ".a.0123456789abcdef.body.4242.18.tmp", "a.fedcba9876543210.body",
            ".b.meta.json.4242.19.tmp",
        ]
        for name in leftovers { try Data("x".utf8).write(to: directory.appendingPathComponent(name)) }
        // A live writer of b holds its lock: its temporary file must stay.
        let lock = open(directory.appendingPathComponent(".b.lock").path, O_RDWR | O_CREAT, 0o644)
        defer { close(lock) }
        #expect(flock(lock, LOCK_EX) == 0)
        #expect(cache.removeAbandonedFiles() == 3)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
        #expect(names.isDisjoint(with: leftovers.prefix(3)))
        #expect(names.contains(".b.meta.json.4242.19.tmp"))
        #expect(try cache.read("t/a")?.body == Data("kept".utf8))
        #expect(try cache.read("t/b")?.body == Data("kept".utf8))
    }

    @Test func aFileWhereTheFolderShouldBeIsSaidSo() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("plain-file")
        try Data("x".utf8).write(to: file)
        do {
            try CacheStore(folder: file).write(
                "mops/k", body: Data("x".utf8), source: "s", fetchedAt: Date(), tradingDate: nil)
            Issue.record("a cache under a file cannot be written")
        } catch {
            #expect(
                error.description
                    == "cannot write the cache at \(file.path)/mops: \(file.path) is a file, not a folder; the data is not kept"
            )
        }
    }
}
