import BrowseSupport
import ListKit

/// The 上市 market's day (MI_INDEX): every index's close, how many securities rose and fell,
/// the value traded, and every security's close; or TWSE's word that the day has none.
package struct MarketDayReport: Sendable {
    package let date: CalendarDate
    package var indices: [MarketIndexQuote]
    package var breadth: [MarketBreadth]
    package var turnover: [MarketTurnover]
    package var quotes: [ClosingQuote]
    /// TWSE's words when the day has no data; `nil` when it has.
    package var noData: String?
    /// Rows that were skipped, with why and where.
    package var issues: [ParseIssue]

    /// Creates a day.
    package init(
        date: CalendarDate, indices: [MarketIndexQuote] = [], breadth: [MarketBreadth] = [],
        turnover: [MarketTurnover] = [], quotes: [ClosingQuote] = [], noData: String? = nil,
        issues: [ParseIssue] = []
    ) {
        self.date = date
        self.indices = indices
        self.breadth = breadth
        self.turnover = turnover
        self.quotes = quotes
        self.noData = noData
        self.issues = issues
    }

    /// The TAIEX (發行量加權股價指數), when the day lists it.
    package var taiex: MarketIndexQuote? { indices.first { $0.name == "發行量加權股價指數" } }
}
