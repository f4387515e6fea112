import ListKit

/// The 上市 market's day (MI_INDEX): every index's close, how many securities rose and fell,
/// the value traded, and every security's close; or TWSE's word that the day has none.
public struct MarketDayReport: Sendable {
    public let date: CalendarDate
    public var indices: [MarketIndexQuote]
    public var breadth: [MarketBreadth]
    public var turnover: [MarketTurnover]
    public var quotes: [ClosingQuote]
    /// TWSE's words when the day has no data; `nil` when it has.
    public var noData: String?
    /// Rows that were skipped, with why and where.
    public var issues: [ParseIssue]

    /// Creates a day.
    public init(
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
    public var taiex: MarketIndexQuote? { indices.first { $0.name == "發行量加權股價指數" } }
}
