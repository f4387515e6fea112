import BrowseSupport
import ListKit

/// One security's trading on one day: volume, value, prices, change and number of trades.
///
/// A security that did not trade has no prices: `open`, `high`, `low` and `close` are `nil`,
/// never zero, whatever the file wrote (`""`, `--` or `0.00`). A security with only odd-lot
/// trades has a volume but no prices either, because odd lots do not set the day's prices.
package struct DailyTick: Sendable, Hashable, Identifiable {
    /// What makes a tick unique: one security on one day.
    package struct ID: Sendable, Hashable {
        /// The security.
        package let code: StockCode
        /// The trading day, when known.
        package let date: CalendarDate?
    }

    /// The trading day. `nil` only for an undated openapi STOCK_DAY_ALL copy parsed without a
    /// date: its result's `dateOrigin` is then ``MarketDay/DateOrigin/unknown``.
    package let date: CalendarDate?
    /// The security.
    package let code: StockCode
    /// The security's short name (`台積電`), when the source has one.
    package let name: String?
    /// Shares traded (成交股數), `nil` when the field is empty.
    package let volume: Int64?
    /// Value traded in NT$ (成交金額), `nil` when the field is empty.
    package let value: Int64?
    /// Opening price (開盤價), `nil` without trades.
    package let open: ExactDecimal?
    /// Highest price (最高價), `nil` without trades.
    package let high: ExactDecimal?
    /// Lowest price (最低價), `nil` without trades.
    package let low: ExactDecimal?
    /// Closing price (收盤價), `nil` without trades.
    package let close: ExactDecimal?
    /// Change of the close against the previous close (漲跌價差).
    package let change: PriceChange
    /// The change as the source wrote it, without its padding (`+0.30`, `-20.0000`, `0.0000`,
    /// `X0.00`): what a screen and an export show of it, in the exchange's own decimals and
    /// sign. Empty when the field was.
    package let changeText: String
    /// Number of trades (成交筆數), `nil` when the field is empty.
    package let transactions: Int64?
    /// The source's own remark on the day, as written: STOCK_DAY's 註記 column (`**` marks a
    /// price adjusted for a par-value change or split), or the `*` TPEx puts on some dates;
    /// `nil` when there is none.
    package let note: String?
    /// The market of the exchange that published the figures: ``Market/listed`` for TWSE's
    /// files, ``Market/otc`` for TPEx's (whose volume and value came as lots and NT$ thousands
    /// and are given here in shares and NT$).
    package let market: Market

    /// Creates a tick.
    ///
    /// - Parameter changeText: The change as the source wrote it; `nil` writes `change` as the
    ///   exchange's Chinese pages do.
    package init(
        date: CalendarDate?, code: StockCode, name: String? = nil, volume: Int64?, value: Int64?,
        open: ExactDecimal?, high: ExactDecimal?, low: ExactDecimal?, close: ExactDecimal?,
        change: PriceChange, changeText: String? = nil, transactions: Int64?, note: String? = nil,
        market: Market = .listed
    ) {
        self.date = date
        self.code = code
        self.name = name
        self.volume = volume
        self.value = value
        self.open = open
        self.high = high
        self.low = low
        self.close = close
        self.change = change
        self.changeText = changeText ?? change.description
        self.transactions = transactions
        self.note = note
        self.market = market
    }

    /// The security and the day.
    package var id: ID { ID(code: code, date: date) }

    /// True when the day has a closing price, that is, when board lots traded.
    package var hasTrades: Bool { close != nil }
}
