import BrowseSupport
import ListKit

/// One market's revenue page for a month (MOPS t21sc03), or MOPS's word that it has not
/// published it yet.
package struct MonthlyRevenueReport: Sendable {
    package let month: YearMonth
    package let market: Market
    /// The companies, in the page's order (by industry).
    package var rows: [MonthlyRevenue]
    /// Why there are no rows (`查無資料`: not published yet); `nil` when there are.
    package var noData: String?
    /// The market's total (`全部國內上市公司合計`): its label, this month's revenue and the change
    /// on the same month last year, when the page has it.
    package var total: (label: String, revenue: Int64, yearChange: WrittenDecimal?)?
    /// 出表日期: when MOPS made the page.
    package var issuedOn: CalendarDate?
    /// Rows that were skipped, with why and where.
    package var issues: [ParseIssue]

    /// Creates a report.
    package init(
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
