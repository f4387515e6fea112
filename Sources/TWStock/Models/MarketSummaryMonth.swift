import ListKit

/// The 上市 market's trading days in a month (FMTQIK), or TWSE's word that it has none.
public struct MarketSummaryMonth: Sendable {
    public let month: YearMonth
    /// The days, oldest first as TWSE lists them.
    public var days: [MarketSummaryDay]
    /// TWSE's words when it has no day in the month (`查詢日期大於今日，請重新查詢!`).
    public var noData: String?
    public var notes: [String]
    /// Rows that were skipped, with why and where.
    public var issues: [ParseIssue]

    /// Creates a month.
    public init(
        month: YearMonth, days: [MarketSummaryDay], noData: String? = nil, notes: [String] = [],
        issues: [ParseIssue] = []
    ) {
        self.month = month
        self.days = days
        self.noData = noData
        self.notes = notes
        self.issues = issues
    }
}
