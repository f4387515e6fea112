/// One line of MI_INDEX's 大盤統計資訊: the value, shares and trades of a kind of security, or
/// of them all (`總計(1~15)`).
package struct MarketTurnover: Sendable, Hashable {
    /// 成交統計, as sent (`1.一般股票`, `總計(1~15)`).
    package let label: String
    /// 成交金額(元).
    package let value: Int64?
    /// 成交股數(股).
    package let volume: Int64?
    /// 成交筆數.
    package let transactions: Int64?

    /// Creates a line.
    package init(label: String, value: Int64?, volume: Int64?, transactions: Int64?) {
        self.label = label
        self.value = value
        self.volume = volume
        self.transactions = transactions
    }
}
