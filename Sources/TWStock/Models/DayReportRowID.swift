/// A day report row's identity: a code is unique within one market's day.
public struct DayReportRowID: Hashable, Sendable {
    public let market: Market
    public let code: StockCode
}
