import BrowseSupport
import ListKit

/// One market's ex-rights and ex-dividend days in a range of dates (TWSE's TWT49U, TPEx's
/// exDailyQ), or the exchange's word that it has none.
package struct ExRightsReport: Sendable {
    /// The first day asked.
    package let from: CalendarDate
    /// The last day asked.
    package let to: CalendarDate
    package let market: Market
    /// The rows, in the source's order.
    package var rows: [ExRightsEvent]
    /// The exchange's words when it has no such day in the range; `nil` when it has.
    package var noData: String?
    /// The report's notes, cleaned of padding.
    package var notes: [String]
    /// Rows that were skipped, with why and where.
    package var issues: [ParseIssue]

    /// Creates a report.
    package init(
        from: CalendarDate, to: CalendarDate, market: Market, rows: [ExRightsEvent], noData: String? = nil,
        notes: [String] = [], issues: [ParseIssue] = []
    ) {
        self.from = from
        self.to = to
        self.market = market
        self.rows = rows
        self.noData = noData
        self.notes = notes
        self.issues = issues
    }
}
