/// A day report row's identity: a code is unique within one market's day.
package struct DayReportRowID: Hashable, Sendable {
    package let market: Market
    package let code: StockCode
}
