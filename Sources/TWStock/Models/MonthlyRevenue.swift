import ListKit

/// One company's revenue in one month (月營收), as MOPS publishes it: NT$ thousands (千元) as
/// whole numbers, changes in percent with the source's digits.
package struct MonthlyRevenue: Sendable, Hashable, Identifiable {
    package let month: YearMonth
    package let market: Market
    package let code: StockCode
    package let name: SecurityName
    /// The industry (產業別) whose table it is in.
    package let industry: String
    /// 當月營收.
    package let revenue: Int64?
    /// 上月營收.
    package let lastMonth: Int64?
    /// 去年當月營收.
    package let lastYear: Int64?
    /// 上月比較增減(%), as written (`-0.00` fell by less than 0.005%).
    package let monthChange: WrittenDecimal?
    /// 去年同月增減(%).
    package let yearChange: WrittenDecimal?
    /// 當月累計營收: the year to date.
    package let cumulative: Int64?
    /// 去年累計營收.
    package let cumulativeLastYear: Int64?
    /// 前期比較增減(%).
    package let cumulativeChange: WrittenDecimal?
    /// 備註, as sent (entities decoded, a `<br>` a line break); `nil` for MOPS's `-` (none).
    package let note: String?

    /// Creates a row.
    package init(
        month: YearMonth, market: Market, code: StockCode, name: SecurityName, industry: String, revenue: Int64?,
        lastMonth: Int64?, lastYear: Int64?, monthChange: WrittenDecimal?, yearChange: WrittenDecimal?,
        cumulative: Int64?, cumulativeLastYear: Int64?, cumulativeChange: WrittenDecimal?, note: String?
    ) {
        self.month = month
        self.market = market
        self.code = code
        self.name = name
        self.industry = industry
        self.revenue = revenue
        self.lastMonth = lastMonth
        self.lastYear = lastYear
        self.monthChange = monthChange
        self.yearChange = yearChange
        self.cumulative = cumulative
        self.cumulativeLastYear = cumulativeLastYear
        self.cumulativeChange = cumulativeChange
        self.note = note
    }

    package var id: MonthlyRevenueID { MonthlyRevenueID(market: market, code: code, month: month) }
}
