import BrowseSupport
import ListKit

/// One security's institutional trading (三大法人) on one day, in shares.
package struct InstitutionalTrade: Sendable, Hashable {
    package let date: CalendarDate
    package let market: Market
    package let code: StockCode
    package let name: SecurityName
    /// The figures the answer's layout has; a figure it lacks is absent (missing), not zero.
    package let figures: [InstitutionalFigure: Int64]

    /// Creates a row.
    package init(
        date: CalendarDate, market: Market, code: StockCode, name: SecurityName, figures: [InstitutionalFigure: Int64]
    ) {
        self.date = date
        self.market = market
        self.code = code
        self.name = name
        self.figures = figures
    }

    /// A figure, `nil` when the layout has none.
    package subscript(figure: InstitutionalFigure) -> Int64? { figures[figure] }
}

extension InstitutionalTrade: DayReportRow {
    /// The row's identity: its market and code.
    package var id: DayReportRowID { DayReportRowID(market: market, code: code) }
}
