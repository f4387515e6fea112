import ListKit

/// One market's revenue page for a month (MOPS t21sc03), or MOPS's word that it has not
/// published it yet.
public struct MonthlyRevenueReport: Sendable {
    public let month: YearMonth
    public let market: Market
    /// The companies, in the page's order (by industry).
    public var rows: [MonthlyRevenue]
    /// Why there are no rows (`查無資料`: not published yet); `nil` when there are.
    public var noData: String?
    /// The market's total (`全部國內上市公司合計`): its label, this month's revenue and the change
    /// on the same month last year, when the page has it.
    public var total: (label: String, revenue: Int64, yearChange: WrittenDecimal?)?
    /// 出表日期: when MOPS made the page.
    public var issuedOn: CalendarDate?
    /// Rows that were skipped, with why and where.
    public var issues: [ParseIssue]

    /// Creates a report.
    public init(
        month: YearMonth, market: Market, rows: [MonthlyRevenue], noData: String? = nil,
        total: (label: String, revenue: Int64, yearChange: WrittenDecimal?)? = nil, issuedOn: CalendarDate? = nil,
        issues: [ParseIssue] = []
    ) {
        self.month = month
        self.market = market
        self.rows = rows
        self.noData = noData
        self.total = total
        self.issuedOn = issuedOn
        self.issues = issues
    }
}
