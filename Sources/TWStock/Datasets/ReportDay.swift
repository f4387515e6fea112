import BrowseSupport
import ListKit
import Synchronization

/// The day a day screen shows: the one `--date` names, or the latest trading day, found as
/// `ticks` finds it and then shared by the screen's sources (one look for both markets).
final class ReportDay: Sendable {
    private let chosen: CalendarDate?
    private let found = Mutex<CalendarDate?>(nil)

    init(chosen: CalendarDate?) {
        self.chosen = chosen
        found.withLock { $0 = chosen }
    }

    /// The day, when known yet.
    var value: CalendarDate? { found.withLock { $0 } }

    /// The day: `--date`, else the latest trading day (looked for again on a refresh).
    func resolve(store: MarketDataStore, request: LoadRequest) async throws -> CalendarDate {
        if let chosen { return chosen }
        if !request.refresh, let known = value { return known }
        let day = try await store.latestTradingDay(request: request)
        found.withLock { $0 = day }
        return day
    }
}
