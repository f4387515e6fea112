/// One figure of a security's day of margin trading (融資融券), in lots (張): margin
/// purchases (融資) and short sales (融券), each bought, sold, repaid, the previous and today's
/// balance and the quota, and the offsets (資券互抵).
package enum MarginFigure: String, Sendable, Hashable, CaseIterable {
    case marginBuy = "margin_buy"
    case marginSell = "margin_sell"
    case marginRepay = "margin_repay"
    case marginPrevious = "margin_previous"
    case marginBalance = "margin_balance"
    /// TPEx only: the part of the balance financed by securities finance companies (資屬證金).
    case marginFinanced = "margin_financed"
    case marginQuota = "margin_quota"
    case shortBuy = "short_buy"
    case shortSell = "short_sell"
    case shortRepay = "short_repay"
    case shortPrevious = "short_previous"
    case shortBalance = "short_balance"
    /// TPEx only: 券屬證金.
    case shortFinanced = "short_financed"
    case shortQuota = "short_quota"
    case offset = "offset"

    /// The column's name in tables and exports.
    package var column: String { rawValue }

    /// MI_MARGN's per-security table by position: its field names repeat (`買進`, `賣出`,
    /// `前日餘額`, `今日餘額`, `限額` once for 融資 and once for 融券).
    static let twsePositions: [MarginFigure] = [
        .marginBuy, .marginSell, .marginRepay, .marginPrevious, .marginBalance, .marginQuota,
        .shortBuy, .shortSell, .shortRepay, .shortPrevious, .shortBalance, .shortQuota, .offset,
    ]

    /// TPEx margin/balance by position (its usage ratios, at 8 and 16, are read apart).
    static let tpexPositions: [Int: MarginFigure] = [
        2: .marginPrevious, 3: .marginBuy, 4: .marginSell, 5: .marginRepay, 6: .marginBalance, 7: .marginFinanced,
        9: .marginQuota, 10: .shortPrevious, 11: .shortSell, 12: .shortBuy, 13: .shortRepay, 14: .shortBalance,
        15: .shortFinanced, 17: .shortQuota, 18: .offset,
    ]
}
