import FakeExchange
import Foundation
import ListKit
import ListKitNetworking
import ListKitTesting
import Synchronization

@testable import TWStock

/// A fake exchange serving our fixtures, and a context and a store pointed at it with their own
/// cache.
struct ExchangeHarness {
    let exchange: FakeExchange
    let cacheFolder: URL
    let clock: TestClock
    /// The context every test of the harness opens screens with: the fake exchange's hosts and a
    /// client of the tests' own, throttled as a program's is. Its copies share one store, as a
    /// program's screens do.
    private let shared: DatasetContext

    /// The sandbox's files, and a month of 2330 served for June when the exchange is set to
    /// answer for the wrong month.
    static let files = ExchangeSandbox.files.merging([
        "STOCK_DAY_2330_202505": Fixture.url("STOCK_DAY_2330_wrong_month.json")
    ]) { $1 }

    /// - Parameter holdsRequests: Whether the test holds a request back and ends it itself
    ///   (``FakeExchange/hold(_:requestsContaining:)``): its client then waits ten minutes for
    ///   a silent server. On a loaded machine the test can come back to cancel more than the
    ///   program's 20 s later, and a request that timed out first has the client take the
    ///   exchange for unreachable for a minute: every later request of the test would fail.
    init(holdsRequests: Bool = false) throws {
        exchange = try FakeExchange(files: Self.files)
        cacheFolder = FileManager.default.temporaryDirectory.appendingPathComponent("browse-store-\(UUID())")
        // 2025-06-30 12:00 Taipei: June is the current month.
        clock = TestClock(Date(timeIntervalSince1970: 1_751_256_000))
        shared = Self.context(exchange: exchange, cache: cacheFolder, now: clock.now, holdsRequests: holdsRequests)
    }

    /// A context pointed at `exchange`, with a client of the tests' own (see ``init(holdsRequests:)``).
    static func context(
        exchange: FakeExchange, cache: URL, now: @escaping @Sendable () -> Date, offline: Bool = false,
        holdsRequests: Bool = false
    ) -> DatasetContext {
        var services = DatasetServices()
        services.exchangeHosts = exchange.hosts
        // The exchange's budget is kept beside its cache: a program's 3 requests in 5 s, counted
        // for this exchange alone, not with every other test's loopback server on 127.0.0.1.
        let throttle = HostThrottle(folder: cache.appendingPathComponent("throttle"))
        services.httpClient =
            holdsRequests
            ? HTTPClient(
                throttle: throttle, idleTimeout: 600, deadline: 600, userAgent: ProgramIdentity.tests.userAgent)
            : HTTPClient(throttle: throttle, userAgent: ProgramIdentity.tests.userAgent)
        return DatasetContext(cacheDirectory: cache, offline: offline, now: now, program: .tests, services: services)
    }

    /// The harness's context, with `options`; offline, a context of its own (its store reads
    /// the cache only).
    func context(options: [String: String] = [:], offline: Bool = false) -> DatasetContext {
        var context = shared
        context.options = OptionValues(options)
        if offline { context.offline = true }
        return context
    }

    func store(offline: Bool = false, cache: URL? = nil, idleTimeout: Int = 5, deadline: Int = 10) throws
        -> MarketDataStore
    {
        MarketDataStore(
            hosts: exchange.hosts,
            client: HTTPClient(
                throttle: nil, idleTimeout: idleTimeout, deadline: deadline, userAgent: ProgramIdentity.tests.userAgent),
            cache: CacheStore(folder: cache ?? cacheFolder), offline: offline, now: clock.now)
    }

    var requests: [String] { exchange.server.requests.map(\.target) }

    func cleanUp() {
        exchange.stop()
        try? FileManager.default.removeItem(at: cacheFolder)
    }
}

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let instant: Mutex<Date>
    init(_ start: Date) { instant = Mutex(start) }
    var now: @Sendable () -> Date { { [self] in instant.withLock { $0 } } }
    func advance(hours: Double) { instant.withLock { $0 = $0.addingTimeInterval(hours * 3600) } }
}

extension ProgramIdentity {
    /// The program these tests say they are, to the fake exchange as in messages.
    static let tests = ProgramIdentity(name: "twstock-tests", version: "1.0.0", summary: "TWStock's tests")
}

extension Fixture {
    static func url(_ name: String) -> URL { folder.appendingPathComponent(name) }
}

func load(refresh: Bool = false) -> (LoadRequest, ProgressReporter) {
    let progress = ProgressReporter()
    return (LoadRequest(progress: progress, refresh: refresh), progress)
}
