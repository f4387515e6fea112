import ListKit

/// A month's revenue row's identity: a company of one market in one month.
public struct MonthlyRevenueID: Hashable, Sendable {
    public let market: Market
    public let code: StockCode
    public let month: YearMonth
}
