import ListKit

/// One security's ex-rights or ex-dividend day (除權除息): the close before, the reference
/// price the exchange set, the value taken off, and what went ex.
public struct ExRightsEvent: Sendable, Hashable, Identifiable {
    /// The ex-date.
    public let date: CalendarDate
    public let market: Market
    public let code: StockCode
    public let name: SecurityName
    /// What went ex; `nil` when the exchange's word is not one known (it is kept in `kindText`).
    public let kind: ExRightsKind?
    /// The exchange's word for it, as sent (`息`, `除息`).
    public let kindText: String
    /// The figures the exchange gives; one it does not give is absent.
    public let figures: [ExRightsFigure: ExactDecimal]
    /// TWSE's 最近一次申報資料 季別/日期: the latest filing the last columns come from, as sent.
    public let latestReport: String?
    /// TWSE's 詳細資料 (`00913,20240304`): what its detail is asked by.
    public let detailKey: String?

    /// Creates a row.
    public init(
        date: CalendarDate, market: Market, code: StockCode, name: SecurityName, kind: ExRightsKind?,
        kindText: String, figures: [ExRightsFigure: ExactDecimal], latestReport: String? = nil,
        detailKey: String? = nil
    ) {
        self.date = date
        self.market = market
        self.code = code
        self.name = name
        self.kind = kind
        self.kindText = kindText
        self.figures = figures
        self.latestReport = latestReport
        self.detailKey = detailKey
    }

    /// A figure, `nil` when the exchange does not give it.
    public subscript(figure: ExRightsFigure) -> ExactDecimal? { figures[figure] }

    public var id: ExRightsEventID { ExRightsEventID(market: market, code: code, date: date) }
}
