import BrowseSupport
import ListKit

/// One index's close on a day (MI_INDEX's 價格指數 and 報酬指數 tables): its group, its close,
/// and its change, whose sign MI_INDEX sends as HTML.
package struct MarketIndexQuote: Sendable, Hashable, Identifiable {
    /// The table it is in: `價格指數(臺灣證券交易所)`, `報酬指數(跨市場)`.
    package let group: String
    /// 指數 (`發行量加權股價指數`).
    package let name: String
    /// 收盤指數.
    package let close: ExactDecimal?
    /// The sign (漲跌(+/-)) with its points (漲跌點數).
    package let change: PriceChange
    /// 漲跌百分比(%), signed as sent.
    package let changePercent: ExactDecimal?
    /// 特殊處理註記, as sent; `nil` when empty.
    package let note: String?

    /// Creates an index's close.
    package init(
        group: String, name: String, close: ExactDecimal?, change: PriceChange, changePercent: ExactDecimal?,
        note: String?
    ) {
        self.group = group
        self.name = name
        self.close = close
        self.change = change
        self.changePercent = changePercent
        self.note = note
    }

    package var id: String { "\(group) \(name)" }
}
