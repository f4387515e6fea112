import ListKit
import Synchronization

/// The month a revenue screen shows: the one `--month` names, or the latest MOPS has
/// published, found once and shared by the screen's sources.
final class ReportMonth: Sendable {
    /// `--month yyyy-mm`, which `revenue` and `taiex` share.
    static let option = TypedOption.month(
        "month", summary: "the month (revenue: default the latest published; taiex: default this month)",
        expectation: "give the month as yyyy-mm")

    private let chosen: YearMonth?
    private let found = Mutex<YearMonth?>(nil)

    init(chosen: YearMonth?) {
        self.chosen = chosen
        found.withLock { $0 = chosen }
    }

    /// The month, when known yet.
    var value: YearMonth? { found.withLock { $0 } }

    /// The month: `--month`, else the latest published (looked for again on a refresh).
    func resolve(store: MarketDataStore, request: LoadRequest) async throws -> YearMonth {
        if let chosen { return chosen }
        if !request.refresh, let known = value { return known }
        let month = try await store.latestRevenueMonth(request: request)
        found.withLock { $0 = month }
        return month
    }
}
