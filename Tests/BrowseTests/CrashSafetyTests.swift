import FakeExchange
import Foundation
import ListKitNetworking
import ListKitTesting
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A process killed (SIGKILL) at any point of a cache write leaves the old data or the new,
/// never a damaged entry.
@Suite struct CrashSafetyTests {
    @Test func killingAWriterAtRandomMomentsNeverDamagesTheCache() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-kill-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let probe = Browse.executable.deletingLastPathComponent().appendingPathComponent("cache-writer-probe")
        let size = 2_000_000
        var killedMidway = 0
        for round in 0..<30 {
            let process = Process()
            process.executableURL = probe
            process.arguments = [folder.path, String(size)]
            let ready = Pipe()
            process.standardOutput = ready
            try process.run()
            _ = ready.fileHandleForReading.availableData  // "ready": it is writing from now on
            // The probe does nothing but write, so any moment is a moment inside a write.
            usleep(UInt32.random(in: 1_000...60_000))
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            if process.terminationReason == .uncaughtSignal { killedMidway += 1 }
            let entry = try CacheStore(folder: folder).read("probe/entry")
            if let entry {
                let whole = entry.body.count == size || entry.body.count == size + 1
                #expect(whole, "round \(round): the entry is one whole version, not \(entry.body.count) bytes")
                #expect(Set(entry.body).count == 1, "round \(round): no mix of versions")
            }
        }
        #expect(killedMidway == 30)
        let bodies = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("probe").path)
            .filter { $0.hasSuffix(".body") }
        #expect(bodies.count <= 2, "at most one stray body from a write killed before its cleanup")
    }
}

/// Several processes at once on one cache: writers of one key take turns, readers always get
/// one whole version, damage is found by the digest, and a killed writer's leftovers go.
@Suite struct ConcurrentCacheTests {
    static let listed = ExchangeSandbox.fixture("t187ap03_L_bom_crlf.csv")

    /// Two versions of the 上市 company list: the fixture, and the same with 2330's paid-in
    /// capital changed (one more share), in files whose names say the market.
    static func versions(in folder: URL) throws -> [URL] {
        let original = try Data(contentsOf: listed)
        let changed = try replacing("259327332420", with: "259327332421", in: original)
        let urls = [1, 2].map { folder.appendingPathComponent("v\($0)").appendingPathComponent("t187ap03_L.csv") }
        for (url, body) in zip(urls, [original, changed]) {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try body.write(to: url)
        }
        return urls
    }

    /// `data` with the one occurrence of `old` replaced by `new`, byte for byte.
    static func replacing(_ old: String, with new: String, in data: Data) throws -> Data {
        let range = try #require(data.range(of: Data(old.utf8)))
        var changed = data
        changed.replaceSubrange(range, with: Data(new.utf8))
        return changed
    }

    /// Runs browse once for each argument list, all at once, each on a thread of its own.
    static func runAtOnce(_ runs: [[String]]) async throws -> [Run] {
        try await withThrowingTaskGroup(of: (Int, Run).self) { group in
            for (index, arguments) in runs.enumerated() {
                group.addTask { (index, try await blocking { try Browse.run(arguments, input: "") }) }
            }
            var results: [Int: Run] = [:]
            for try await (index, run) in group { results[index] = run }
            return runs.indices.compactMap { results[$0] }
        }
    }

    @Test func concurrentImportsOfTwoVersionsNeverLoseOneAndReadersNeverFail() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-race-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let files = try Self.versions(in: folder)
        let bodies = try files.map { try Data(contentsOf: $0) }
        let imports = files.map { ["import", "--cache-dir", cache.path, $0.path] }
        let read = ["companies", "--offline", "--market", "listed", "--format", "csv", "--cache-dir", cache.path]
        // What a reader prints for each version.
        var expected: [String] = []
        for arguments in imports {
            #expect(try await Self.runAtOnce([arguments])[0].status == 0)
            expected.append(try await Self.runAtOnce([read])[0].stdout)
        }
        #expect(expected[0] != expected[1])
        var lostVersions = 0
        var failedReaders = 0
        var failedImports = 0
        for round in 0..<100 {
            let runs = try await Self.runAtOnce(imports + [read, read])
            for run in runs.prefix(2) where run.status != 0 {
                failedImports += 1
                Issue.record("round \(round): an import failed: \(run.stderr)")
            }
            for run in runs.dropFirst(2) where run.status != 0 || !expected.contains(run.stdout) {
                failedReaders += 1
                Issue.record("round \(round): a reader failed (exit \(run.status)): \(run.stderr)")
            }
            let entry = try? CacheStore(folder: cache).read("mops/t187ap03_L")
            if entry.map({ bodies.contains($0.body) }) != true {
                lostVersions += 1
                Issue.record("round \(round): the entry is not one whole version")
            }
        }
        #expect(lostVersions == 0)
        #expect(failedReaders == 0)
        #expect(failedImports == 0)
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.appendingPathComponent("mops").path)
        #expect(names.filter { $0.hasSuffix(".body") }.count == 1, "no stray body: \(names)")
        #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "no temporary file: \(names)")
    }

    @Test func aSameLengthChangeToACachedBodyIsAMiss() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-digest-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let cache = folder.appendingPathComponent("cache")
        let imported = try await Self.runAtOnce([["import", "--cache-dir", cache.path, Self.listed.path]])[0]
        #expect(imported.status == 0)
        let mops = cache.appendingPathComponent("mops")
        let body = try #require(
            try FileManager.default.contentsOfDirectory(atPath: mops.path).first { $0.hasSuffix(".body") })
        let bodyURL = mops.appendingPathComponent(body)
        let original = try Data(contentsOf: bodyURL)
        let tampered = try Self.replacing("259327332420", with: "959327332420", in: original)
        #expect(tampered.count == original.count)
        try tampered.write(to: bodyURL)
        // Offline, it is reported and not shown.
        let offline = try await Self.runAtOnce([
            ["companies", "--offline", "--market", "listed", "--format", "csv", "--cache-dir", cache.path]
        ])[0]
        #expect(offline.status == 1)
        #expect(!offline.stdout.contains("959327332420"))
        #expect(
            offline.stderr.contains("ignoring the cached \(bodyURL.path): its data has changed since it was stored"))
        #expect(offline.stderr.contains("offline: no cached copy of the 上市 company list"))
        // Online, it is downloaded again and the cache is whole again.
        let sandbox = try ExchangeSandbox()
        defer { sandbox.close() }
        let exchange = sandbox.exchange
        let online = try await blocking { [environment = sandbox.environment] in
            try Browse.run(
                ["companies", "--market", "listed", "--format", "csv", "--cache-dir", cache.path], input: "",
                environment: environment)
        }
        #expect(online.status == 0)
        #expect(online.stdout.contains("259327332420"))
        #expect(exchange.server.requests.map(\.path) == ["/opendata/t187ap03_L.csv"])
        #expect(try CacheStore(folder: cache).read("mops/t187ap03_L")?.body == original)
    }

    @Test func aKilledWritersTemporaryFilesAreRemovedAtTheNextStart() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-leftover-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let entry = folder.appendingPathComponent("probe")
        try CacheStore(folder: folder).write(
            "probe/entry", body: Data("first".utf8), source: "probe", fetchedAt: Date(), tradingDate: nil)
        let leftovers = try await blocking { try Self.killAWriterInsideAWrite(folder: folder, entry: entry) }
        try #require(!leftovers.isEmpty, "no kill landed inside a write in 50 tries")
        let run = try await Self.runAtOnce([["companies", "--offline", "--format", "csv", "--cache-dir", folder.path]])[
            0]
        #expect(run.status == 1, "there are no company lists in this cache")
        let names = try FileManager.default.contentsOfDirectory(atPath: entry.path)
        #expect(names.filter { $0.hasSuffix(".tmp") }.isEmpty, "left: \(names)")
        #expect(names.filter { $0.hasSuffix(".body") }.count == 1, "only the body the metadata names: \(names)")
        #expect(try CacheStore(folder: folder).read("probe/entry") != nil)
    }

    /// Kills the cache writer probe until a kill lands in the middle of writing a file.
    ///
    /// - Returns: The temporary files it left.
    static func killAWriterInsideAWrite(folder: URL, entry: URL) throws -> [String] {
        let probe = Browse.executable.deletingLastPathComponent().appendingPathComponent("cache-writer-probe")
        for _ in 0..<50 {
            let process = Process()
            process.executableURL = probe
            process.arguments = [folder.path, "2000000"]
            let ready = Pipe()
            process.standardOutput = ready
            try process.run()
            _ = ready.fileHandleForReading.availableData
            // Killed while a temporary file is there: unless it was renamed in between, the
            // kill lands inside a write.
            try waitUntil("the cache writer's temporary file") {
                let names = (try? FileManager.default.contentsOfDirectory(atPath: entry.path)) ?? []
                return names.contains { $0.hasSuffix(".tmp") }
            }
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: entry.path).filter {
                $0.hasSuffix(".tmp")
            }
            if !leftovers.isEmpty { return leftovers }
        }
        return []
    }
}
