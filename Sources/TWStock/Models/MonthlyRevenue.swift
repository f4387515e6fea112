import ListKit

/// One company's revenue in one month (月營收), as MOPS publishes it: NT$ thousands (千元) as
/// whole numbers, changes in percent with the source's digits.
public struct MonthlyRevenue: Sendable, Hashable, Identifiable {
    public let month: YearMonth
    public let market: Market
    public let code: StockCode
    public let name: SecurityName
    /// The industry (產業別) whose table it is in.
    public let industry: String
    /// 當月營收.
    public let revenue: Int64?
    /// 上月營收.
    public let lastMonth: Int64?
    /// 去年當月營收.
    public let lastYear: Int64?
    /// 上月比較增減(%), as written (`-0.00` fell by less than 0.005%).
    public let monthChange: WrittenDecimal?
    /// 去年同月增減(%).
    public let yearChange: WrittenDecimal?
    /// 當月累計營收: the year to date.
    public let cumulative: Int64?
    /// 去年累計營收.
    public let cumulativeLastYear: Int64?
    /// 前期比較增減(%).
    public let cumulativeChange: WrittenDecimal?
    /// 備註, as sent (entities decoded, a `<br>` a line break); `nil` for MOPS's `-` (none).
    public let note: String?

    /// Creates a row.
    public init(
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

    public var id: MonthlyRevenueID { MonthlyRevenueID(market: market, code: code, month: month) }
}
