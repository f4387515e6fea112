/// One security's trading days in one month, from TWSE's STOCK_DAY report (JSON or CSV) or
/// TPEx's tradingStock report (JSON).
package struct StockMonth: Sendable, Hashable {
    /// The security.
    package let code: StockCode
    /// Its short name from the report's title (`台積電`), when the title gives one.
    package let name: String?
    /// The month the report covers.
    package let month: YearMonth
    /// The report's title as written, padding collapsed: `114年06月 2330 台積電 各日成交資訊`.
    package let title: String
    /// One tick per trading day, oldest first as the report lists them.
    package let ticks: [DailyTick]
    /// The report's notes (符號說明 …), in order.
    package let notes: [String]
    /// Rows that were skipped, with why and where.
    package let issues: [ParseIssue]
    /// The market of the exchange that published it: ``Market/listed`` (TWSE's STOCK_DAY) or
    /// ``Market/otc`` (TPEx's tradingStock).
    package let market: Market

    /// Creates a month.
    package init(
        code: StockCode, name: String?, month: YearMonth, title: String, ticks: [DailyTick], notes: [String],
        issues: [ParseIssue], market: Market = .listed
    ) {
        self.code = code
        self.name = name
        self.month = month
        self.title = title
        self.ticks = ticks
        self.notes = notes
        self.issues = issues
        self.market = market
    }
}
