import Fetching
import Foundation
import Synchronization
import Testing

/// A clock that moves only when someone sleeps on it.
final class FakeClock: ThrottleClock {
    private let time = Mutex(1_000_000.0)
    func now() -> Double { time.withLock { $0 } }
    func sleep(seconds: Double) async throws { time.withLock { $0 += seconds } }
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
