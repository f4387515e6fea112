/// One line of the market's institutional totals (BFI82U, 三大法人買賣金額統計表), in NT$.
package struct InstitutionalTotal: Sendable, Hashable {
    /// The exchange's name for who traded (`投信`, `外資及陸資(不含外資自營商)`, `合計`).
    package let name: String
    package let bought: Int64
    package let sold: Int64
    package let net: Int64

    /// Creates a line.
    package init(name: String, bought: Int64, sold: Int64, net: Int64) {
        self.name = name
        self.bought = bought
        self.sold = sold
        self.net = net
    }
}
