import ListKit

/// A month's revenue row's identity: a company of one market in one month.
package struct MonthlyRevenueID: Hashable, Sendable {
    package let market: Market
    package let code: StockCode
    package let month: YearMonth
}
