import BrowseSupport
import ListKit

/// The exchanges' day reports: one answer per market per trading day, for the whole market.
package enum DayReportKind: String, Sendable, Hashable, CaseIterable {
    /// 三大法人買賣超: TWSE's T86, TPEx's insti/dailyTrade.
    case institutional
    /// 三大法人買賣金額統計: TWSE's BFI82U, the market's totals (TWSE only).
    case institutionalTotals
    /// 融資融券: TWSE's MI_MARGN, TPEx's margin/balance.
    case margin
    /// 本益比、殖利率及股價淨值比: TWSE's BWIBBU_d, TPEx's peQryDate.
    case valuation
    /// 除權除息: TWSE's TWT49U, TPEx's exDailyQ, asked for a range of days.
    case exRights
    /// 月營收: MOPS's t21sc03 pages (上市 `sii`, 上櫃 `otc`), asked for a month.
    case revenue

    /// The report's name at the market's exchange (`T86`, `TPEx insti/dailyTrade`), for
    /// messages; `nil` when the exchange does not publish it.
    package func name(_ market: Market) -> String? {
        switch (self, market) {
        case (.institutional, .listed): return "T86"
        case (.institutional, .otc): return "TPEx insti/dailyTrade"
        case (.institutionalTotals, .listed): return "BFI82U"
        case (.margin, .listed): return "MI_MARGN"
        case (.margin, .otc): return "TPEx margin/balance"
        case (.valuation, .listed): return "BWIBBU_d"
        case (.valuation, .otc): return "TPEx peQryDate"
        case (.exRights, .listed): return "TWT49U"
        case (.exRights, .otc): return "TPEx exDailyQ"
        case (.revenue, .listed): return "MOPS t21sc03 (上市)"
        case (.revenue, .otc): return "MOPS t21sc03 (上櫃)"
        default: return nil
        }
    }

    /// Where a day's answer is cached: `twse/T86/20230130`, `tpex/insti/20230130`.
    func cacheKey(_ market: Market, day: CalendarDate) -> String {
        "\(folder(market))/\(day.compact)"
    }

    /// The cache folder of a market's answers: `twse/T86`, `tpex/insti`.
    func folder(_ market: Market) -> String {
        switch (self, market) {
        case (.institutional, .otc): return "tpex/insti"
        case (.institutional, _): return "twse/T86"
        case (.institutionalTotals, _): return "twse/BFI82U"
        case (.margin, .otc): return "tpex/margin"
        case (.margin, _): return "twse/MI_MARGN"
        case (.valuation, .otc): return "tpex/peQryDate"
        case (.valuation, _): return "twse/BWIBBU_d"
        case (.exRights, .otc): return "tpex/exDailyQ"
        case (.exRights, _): return "twse/TWT49U"
        case (.revenue, .otc): return "mops/t21sc03/otc"
        case (.revenue, _): return "mops/t21sc03/sii"
        }
    }
}
