import BrowseSupport
import ListKit
import Synchronization

/// The trading days a company's history asks day reports for, newest first: the days of the
/// market's months (FMTQIK, one request a month, kept for good once the month is past) up to
/// the latest trading day (as `ticks` finds it). Holidays are never asked for.
final class TradingCalendar: Sendable {
    private struct Known {
        var latest: CalendarDate?
        /// The days found so far, newest first.
        var days: [CalendarDate] = []
        /// The oldest month read.
        var oldest: YearMonth?
    }

    private let store: MarketDataStore
    private let known = Mutex(Known())

    /// How many months back a search goes without finding a day before it gives up.
    static let emptyMonthsAtMost = 3

    init(store: MarketDataStore) {
        self.store = store
    }

    /// The `index`-th latest trading day (0 is the latest), reading months as it needs them;
    /// `nil` when the market has no day that far back.
    ///
    /// - Throws: What finding the latest day or a month threw.
    func day(_ index: Int, request: LoadRequest) async throws -> CalendarDate? {
        let latest: CalendarDate
        if let found = known.withLock({ $0.latest }) {
            latest = found
        } else {
            latest = try await store.latestTradingDay(request: request)
            known.withLock { $0.latest = latest }
        }
        var empty = 0
        while true {
            let (days, oldest) = known.withLock { ($0.days, $0.oldest) }
            if index < days.count { return days[index] }
            guard empty < Self.emptyMonthsAtMost else { return nil }
            let month = oldest?.previous ?? YearMonth(latest)
            let answer = try await store.marketMonth(month, request: request)
            let found = answer.value.days.map(\.date).filter { $0 <= latest }.sorted(by: >)
            empty = found.isEmpty ? empty + 1 : 0
            known.withLock { known in
                known.days += found
                known.oldest = month
            }
        }
    }
}
