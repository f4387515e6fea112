import ListKit

/// One security's institutional trading (三大法人) on one day, in shares.
public struct InstitutionalTrade: Sendable, Hashable {
    public let date: CalendarDate
    public let market: Market
    public let code: StockCode
    public let name: SecurityName
    /// The figures the answer's layout has; a figure it lacks is absent (missing), not zero.
    public let figures: [InstitutionalFigure: Int64]

    /// Creates a row.
    public init(
        date: CalendarDate, market: Market, code: StockCode, name: SecurityName, figures: [InstitutionalFigure: Int64]
    ) {
        self.date = date
        self.market = market
        self.code = code
        self.name = name
        self.figures = figures
    }

    /// A figure, `nil` when the layout has none.
    public subscript(figure: InstitutionalFigure) -> Int64? { figures[figure] }
}

extension InstitutionalTrade: DayReportRow {
    /// The row's identity: its market and code.
    public var id: DayReportRowID { DayReportRowID(market: market, code: code) }
}
