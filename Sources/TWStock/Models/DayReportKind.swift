import ListKit

/// The exchanges' day reports: one answer per market per trading day, for the whole market.
public enum DayReportKind: String, Sendable, Hashable, CaseIterable {
    /// 三大法人買賣超: TWSE's T86, TPEx's insti/dailyTrade.
    case institutional
    /// 三大法人買賣金額統計: TWSE's BFI82U, the market's totals (TWSE only).
    case institutionalTotals
    /// 融資融券: TWSE's MI_MARGN, TPEx's margin/balance.
    case margin
    /// 本益比、殖利率及股價淨值比: TWSE's BWIBBU_d, TPEx's peQryDate.
    case valuation

    /// The report's name at the market's exchange (`T86`, `TPEx insti/dailyTrade`), for
    /// messages; `nil` when the exchange does not publish it.
    public func name(_ market: Market) -> String? {
        switch (self, market) {
        case (.institutional, .listed): return "T86"
        case (.institutional, .otc): return "TPEx insti/dailyTrade"
        case (.institutionalTotals, .listed): return "BFI82U"
        case (.margin, .listed): return "MI_MARGN"
        case (.margin, .otc): return "TPEx margin/balance"
        case (.valuation, .listed): return "BWIBBU_d"
        case (.valuation, .otc): return "TPEx peQryDate"
        default: return nil
        }
    }

    /// Where a day's answer is cached: `twse/T86/20230130`, `tpex/insti/20230130`.
    func cacheKey(_ market: Market, day: CalendarDate) -> String {
        let folder: String
        switch (self, market) {
        case (.institutional, .otc): folder = "tpex/insti"
        case (.institutional, _): folder = "twse/T86"
        case (.institutionalTotals, _): folder = "twse/BFI82U"
        case (.margin, .otc): folder = "tpex/margin"
        case (.margin, _): folder = "twse/MI_MARGN"
        case (.valuation, .otc): folder = "tpex/peQryDate"
        case (.valuation, _): folder = "twse/BWIBBU_d"
        }
        return "\(folder)/\(day.compact)"
    }
}
