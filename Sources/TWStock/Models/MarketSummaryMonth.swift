import ListKit

/// The 上市 market's trading days in a month (FMTQIK), or TWSE's word that it has none.
package struct MarketSummaryMonth: Sendable {
    package let month: YearMonth
    /// The days, oldest first as TWSE lists them.
    package var days: [MarketSummaryDay]
    /// TWSE's words when it has no day in the month (`查詢日期大於今日，請重新查詢!`).
    package var noData: String?
    package var notes: [String]
    /// Rows that were skipped, with why and where.
    package var issues: [ParseIssue]

    /// Creates a month.
    package init(
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
