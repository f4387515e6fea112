import BrowseSupport
import ListKit

/// One trading day of the whole 上市 market (FMTQIK, 市場成交資訊): shares, NT$ and trades, and
/// the TAIEX (發行量加權股價指數) with its change.
package struct MarketSummaryDay: Sendable, Hashable, Identifiable {
    package let date: CalendarDate
    /// 成交股數.
    package let volume: Int64?
    /// 成交金額, in NT$.
    package let value: Int64?
    /// 成交筆數.
    package let transactions: Int64?
    /// 發行量加權股價指數: the TAIEX's close.
    package let index: ExactDecimal?
    /// 漲跌點數: the TAIEX's change on the day before, signed.
    package let change: ExactDecimal?

    /// Creates a day.
    package init(
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

    package var id: CalendarDate { date }
}
