import ListKit

/// One trading day of the whole 上市 market (FMTQIK, 市場成交資訊): shares, NT$ and trades, and
/// the TAIEX (發行量加權股價指數) with its change.
public struct MarketSummaryDay: Sendable, Hashable, Identifiable {
    public let date: CalendarDate
    /// 成交股數.
    public let volume: Int64?
    /// 成交金額, in NT$.
    public let value: Int64?
    /// 成交筆數.
    public let transactions: Int64?
    /// 發行量加權股價指數: the TAIEX's close.
    public let index: ExactDecimal?
    /// 漲跌點數: the TAIEX's change on the day before, signed.
    public let change: ExactDecimal?

    /// Creates a day.
    public init(
        date: CalendarDate, volume: Int64?, value: Int64?, transactions: Int64?, index: ExactDecimal?,
        change: ExactDecimal?
    ) {
        self.date = date
        self.volume = volume
        self.value = value
        self.transactions = transactions
        self.index = index
        self.change = change
    }

    public var id: CalendarDate { date }
}
