/// One line of the market's institutional totals (BFI82U, 三大法人買賣金額統計表), in NT$.
public struct InstitutionalTotal: Sendable, Hashable {
    /// The exchange's name for who traded (`投信`, `外資及陸資(不含外資自營商)`, `合計`).
    public let name: String
    public let bought: Int64
    public let sold: Int64
    public let net: Int64

    /// Creates a line.
    public init(name: String, bought: Int64, sold: Int64, net: Int64) {
        self.name = name
        self.bought = bought
        self.sold = sold
        self.net = net
    }
}
