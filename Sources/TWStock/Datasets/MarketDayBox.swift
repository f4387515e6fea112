import Synchronization

/// The MI_INDEX report a day's screen loaded, for its header and `indices`.
final class MarketDayBox: Sendable {
    private let report = Mutex<MarketDayReport?>(nil)

    var value: MarketDayReport? { report.withLock { $0 } }

    func set(_ value: MarketDayReport) {
        report.withLock { $0 = value }
    }
}
