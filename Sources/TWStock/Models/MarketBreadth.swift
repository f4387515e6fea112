/// One line of MI_INDEX's 漲跌證券數合計: how many securities rose (and reached the limit up),
/// fell (and the limit down), stayed, did not trade or were not compared, in the whole market
/// and among stocks.
package struct MarketBreadth: Sendable, Hashable {
    /// 類型, as sent: `上漲(漲停)`, `下跌(跌停)`, `持平`, `未成交`, `無比價`.
    package let label: String
    /// 整體市場.
    package let market: BreadthCount?
    /// 股票.
    package let stocks: BreadthCount?

    /// Creates a line.
    package init(label: String, market: BreadthCount?, stocks: BreadthCount?) {
        self.label = label
        self.market = market
        self.stocks = stocks
    }
}
