import BrowseSupport
import ListKit

/// One trading day of every listed security, from STOCK_DAY_ALL (CSV or openapi JSON).
package struct MarketDay: Sendable, Hashable {
    /// Where the trading date came from.
    package enum DateOrigin: Sendable, Hashable {
        /// The file's own `Date` field (newer openapi copies).
        case file
        /// The caller, who took it from the `Content-Disposition` file name or the user's file name.
        case supplied
        /// Nowhere: the file carries no date and none was supplied, so the ticks are undated.
        case unknown
    }

    /// The trading date, `nil` when unknown.
    package let date: CalendarDate?
    /// Where ``date`` came from.
    package let dateOrigin: DateOrigin
    /// One tick per security, in file order.
    package let ticks: [DailyTick]
    /// Rows that were skipped, with why and where.
    package let issues: [ParseIssue]

    /// Creates a day.
    package init(date: CalendarDate?, dateOrigin: DateOrigin, ticks: [DailyTick], issues: [ParseIssue]) {
        self.date = date
        self.dateOrigin = dateOrigin
        self.ticks = ticks
        self.issues = issues
    }
}
