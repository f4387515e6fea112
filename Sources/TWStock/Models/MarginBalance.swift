import BrowseSupport
import ListKit

/// One security's margin trading (融資融券) on one day, in lots (張).
package struct MarginBalance: Sendable, Hashable {
    package let date: CalendarDate
    package let market: Market
    package let code: StockCode
    package let name: SecurityName
    /// The figures the answer has; one it lacks is absent, not zero.
    package let figures: [MarginFigure: Int64]
    /// TPEx only: the share of the quota used, in percent, with the source's digits.
    package let marginUsage: ExactDecimal?
    package let shortUsage: ExactDecimal?
    /// The exchange's marks exactly as sent (`OX `, `X `, `11OX   C`): O no margin purchases,
    /// X no short sales, @ and % quotas shared out, ! trading suspended.
    package let note: String

    /// Creates a row.
    package init(
        date: CalendarDate, market: Market, code: StockCode, name: SecurityName, figures: [MarginFigure: Int64],
        marginUsage: ExactDecimal? = nil, shortUsage: ExactDecimal? = nil, note: String
    ) {
        self.date = date
        self.market = market
        self.code = code
        self.name = name
        self.figures = figures
        self.marginUsage = marginUsage
        self.shortUsage = shortUsage
        self.note = note
    }

    /// A figure, `nil` when the answer has none.
    package subscript(figure: MarginFigure) -> Int64? { figures[figure] }
}

extension MarginBalance: DayReportRow {
    /// The row's identity: its market and code.
    package var id: DayReportRowID { DayReportRowID(market: market, code: code) }
}
