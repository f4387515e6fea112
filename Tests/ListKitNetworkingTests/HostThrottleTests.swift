import Foundation
import ListKitTesting
import Synchronization
import Testing

@testable import ListKitNetworking

/// A clock that moves only when someone sleeps on it.
final class FakeClock: ThrottleClock {
    private let time = Mutex(1_000_000.0)
    func now() -> Double { time.withLock { $0 } }
    func sleep(seconds: Double) async throws { time.withLock { $0 += seconds } }
}

/// Writes records, as their names, into a budget's folder.
func writeRecords(_ names: [String], budget: String, in folder: URL) throws {
    let records = folder.appendingPathComponent(budget)
    try FileManager.default.createDirectory(at: records, withIntermediateDirectories: true)
    for name in names { try Data().write(to: records.appendingPathComponent(name)) }
}

/// True when no `window`-second span holds more than `limit` of `times`.
func withinLimit(_ times: [Double], limit: Int, window: Double) -> Bool {
    let sorted = times.sorted()
    guard sorted.count > limit else { return true }
    for index in limit..<sorted.count where sorted[index] - sorted[index - limit] < window - 0.0005 {
        return false
    }
    return true
}

@Suite struct HostThrottleTests {
    @Test func aBurstIsSpreadToThreeRequestsInAnyFiveSeconds() async throws {
        let clock = FakeClock()
        let throttle = HostThrottle(folder: nil, clock: clock)
        var times: [Double] = []
        for _ in 0..<10 {
            try await throttle.acquire(host: "www.twse.com.tw")
            times.append(clock.now())
        }
        #expect(withinLimit(times, limit: 3, window: 5))
        #expect(times[2] == times[0], "the first three go at once")
        #expect(times[9] - times[0] >= 15, "ten requests need at least three more windows")
    }

    @Test func otherHostsAreNotHeldUp() async throws {
        let clock = FakeClock()
        let throttle = HostThrottle(folder: nil, clock: clock)
        for _ in 0..<3 { try await throttle.acquire(host: "a") }
        let before = clock.now()
        try await throttle.acquire(host: "b")
        #expect(clock.now() == before)
    }

    @Test func theLimitHoldsAcrossThrottlesSharingAFolder() async throws {
        // Two throttles over one folder stand for two processes; the file carries the times.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = FakeClock()
        let first = HostThrottle(folder: folder, clock: clock)
        let second = HostThrottle(folder: folder, clock: clock)
        var times: [Double] = []
        for index in 0..<8 {
            try await (index.isMultiple(of: 2) ? first : second).acquire(host: "www.twse.com.tw")
            times.append(clock.now())
        }
        #expect(withinLimit(times, limit: 3, window: 5))
        #expect(first.fileProblem == nil)
    }

    @Test func anUnusableFolderStillThrottlesWithinTheProcess() async throws {
        let clock = FakeClock()
        let throttle = HostThrottle(folder: URL(fileURLWithPath: "/dev/null/throttle"), clock: clock)
        var times: [Double] = []
        for _ in 0..<6 {
            try await throttle.acquire(host: "h")
            times.append(clock.now())
        }
        #expect(withinLimit(times, limit: 3, window: 5))
        #expect(throttle.fileProblem != nil)
    }
}

@Suite struct OpenRequestThrottleTests {
    @Test func anOpenRequestCountsUntilItEndsAndTheWindowRunsFromItsEnd() async throws {
        let clock = FakeClock()
        let throttle = HostThrottle(folder: nil, clock: clock)
        let start = clock.now()
        let first = try await throttle.begin(host: "h")
        _ = try await throttle.begin(host: "h")
        _ = try await throttle.begin(host: "h")
        try await clock.sleep(seconds: 10)  // the server takes its time to answer the first
        throttle.end(first)
        _ = try await throttle.begin(host: "h")
        #expect(clock.now() >= start + 15, "the fourth starts five seconds after the first was answered")
    }

    @Test func aRequestLeftOpenByAProcessThatEndedIsClosedWhenNoticed() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let ended = Process()
        ended.executableURL = URL(fileURLWithPath: "/bin/true")
        try ended.run()
        ended.waitUntilExit()
        let clock = FakeClock()
        let now = clock.now()
        // Three requests of a process that is gone, one of them never ended.
        let gone = ended.processIdentifier
        try writeRecords(
            [
                String(format: "ended_%.6f_%d_0_5", now - 1, gone), String(format: "ended_%.6f_%d_0_6", now - 1, gone),
                String(format: "open_%.6f_%d_0_7_%.6f", now - 100, gone, now + 100),
            ], budget: "h", in: folder)
        let throttle = HostThrottle(folder: folder, clock: clock)
        try await throttle.acquire(host: "h")
        #expect(clock.now() >= now + 4, "three requests in the window: the next waits for the oldest")
        #expect(clock.now() < now + 5, "the open record is not waited for: its process is gone")
        try await throttle.acquire(host: "h")
        try await throttle.acquire(host: "h")
        #expect(clock.now() >= now + 5, "the open record counts as ended when it was noticed")
    }

    @Test func openRecordsOfARunningProcessThatIsNotOursExpireByTime() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = FakeClock()
        let now = clock.now()
        // Process 1 runs, and is not ours: its three requests never end.
        try writeRecords(
            (0..<3).map { String(format: "open_%.6f_1_0_%d_%.6f", now - 100, $0, now + 20) }, budget: "h", in: folder)
        let said = Mutex<[String]>([])
        let throttle = HostThrottle(folder: folder, clock: clock)
        let ticket = try await throttle.begin(host: "h") { note in said.withLock { $0.append(note) } }
        throttle.end(ticket)
        #expect(clock.now() >= now + 25, "they count until they expire, then for the window")
        #expect(clock.now() < now + 26, "and no longer")
        #expect(
            said.withLock { $0 } == [
                "waiting for h: process 1 has had a request to it open for 100 s; it counts until it ends "
                    + "(in 20 s at the most), then for 5 s"
            ])
    }

    #if os(Linux)
        @Test func openRecordsOfAProcessIDGivenToAnotherProcessEndWhenNoticed() async throws {
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
            defer { try? FileManager.default.removeItem(at: folder) }
            let clock = FakeClock()
            let now = clock.now()
            // Process 1 runs, but it did not start when the records say: its id was given again.
            let stat = try String(contentsOfFile: "/proc/1/stat", encoding: .utf8)
            let fields = stat[(stat.lastIndex(of: ")") ?? stat.startIndex)...].split(separator: " ")
            let started = try #require(fields.count > 20 ? UInt64(fields[20]) : nil)
            try writeRecords(
                (0..<3).map { String(format: "open_%.6f_1_%llu_%d_%.6f", now - 10, started + 1000, $0, now + 100) },
                budget: "h", in: folder)
            let throttle = HostThrottle(folder: folder, clock: clock)
            try await throttle.acquire(host: "h")
            #expect(clock.now() >= now + 5, "they ended when noticed, and count for the window")
            #expect(clock.now() < now + 6, "their owner is gone: they are not waited for")
        }
    #endif

    @Test func aServersWaitHoldsEveryThrottleSharingTheRecords() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let clock = FakeClock()
        let first = HostThrottle(folder: folder, clock: clock)
        let second = HostThrottle(folder: folder, clock: clock)
        first.pause(host: "H:443", status: 429, seconds: 120)
        do {
            _ = try await second.begin(host: "h:443")
            Issue.record("a request was allowed while the server's wait had not passed")
        } catch let paused as HostThrottle.Paused {
            #expect(
                [paused.host, "\(paused.status)", "\(paused.seconds)", "\(paused.remaining)"] == [
                    "h:443", "429", "120", "120",
                ])
        }
        try await clock.sleep(seconds: 120)
        try await second.acquire(host: "h:443")
        // A wait of days is honoured for an hour at the most.
        first.pause(host: "h:443", status: 503, seconds: 864_000)
        try await clock.sleep(seconds: HostThrottle.longestPause)
        try await second.acquire(host: "h:443")
    }

    @Test func aSweepRemovesOnlyBudgetsNothingHasChangedForAnHourAndMore() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        let now = Date().timeIntervalSince1970
        try writeRecords([String(format: "ended_%.6f_1_0_1", now - 7200)], budget: "old_8080", in: folder)
        try writeRecords([String(format: "ended_%.6f_1_0_2", now)], budget: "new_8080", in: folder)
        let old = folder.appendingPathComponent("old_8080")
        let hoursAgo = Date(timeIntervalSince1970: now - 7200)
        try FileManager.default.setAttributes([.modificationDate: hoursAgo], ofItemAtPath: old.path)
        ThrottleFolder.sweep(folder.path, unchangedFor: HostThrottle.longestPause + HostThrottle.longestOpen)
        #expect(!FileManager.default.fileExists(atPath: old.path))
        #expect(FileManager.default.fileExists(atPath: folder.appendingPathComponent("new_8080").path))
    }

    @Test func aBudgetKeysOnTheLowerCasedHostAndPortAndThisMachineHasOne() async throws {
        func key(_ text: String) async throws -> String {
            await ThrottleBudget.key(for: try #require(URL(string: text)))
        }
        #expect(try await key("http://127.0.0.1:8080/a") == "localhost:8080")
        #expect(try await key("http://LOCALHOST:8080/a") == "localhost:8080")
        #expect(try await key("http://localhost.:8080/a") == "localhost:8080")
        #expect(try await key("http://[::1]:8080/a") == "localhost:8080")
        #expect(try await key("http://127.0.0.2:8080/a") == "localhost:8080")
        #expect(try await key("http://localhost/a") == "localhost:80")
        #expect(try await key("https://WWW.TWSE.com.TW./a") == "www.twse.com.tw:443")
        #expect(try await key("https://www.twse.com.tw:8443/a") == "www.twse.com.tw:8443")
    }

    @Test func theServerNeverSeesMoreThanThreeRequestsInFiveSeconds() async throws {
        let server = try LoopbackServer { _ in .respond(.init(text: "a,b\n1,2\n")) }
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("throttle-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        // Two clients over one folder stand for two processes.
        let clients = [
            HTTPClient(throttle: HostThrottle(folder: folder), userAgent: "listkit-networking-tests/1.0"),
            HTTPClient(throttle: HostThrottle(folder: folder), userAgent: "listkit-networking-tests/1.0"),
        ]
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<7 {
                group.addTask {
                    _ = try await clients[index % 2].get(
                        server.baseURL.appendingPathComponent("r\(index)"), progress: nil)
                }
            }
            try await group.waitForAll()
        }
        let arrivals = server.requests.map { $0.receivedAt.timeIntervalSince1970 }.sorted()
        #expect(arrivals.count == 7)
        for index in 3..<arrivals.count {
            #expect(
                arrivals[index] - arrivals[index - 3] >= 5, "arrivals \(index - 3)…\(index) within 5 s: \(arrivals)")
        }
    }
}
