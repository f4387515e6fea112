import BrowseSupport
import ListKit

/// One security's ex-rights or ex-dividend day (除權除息): the close before, the reference
/// price the exchange set, the value taken off, and what went ex.
package struct ExRightsEvent: Sendable, Hashable, Identifiable {
    /// The ex-date.
    package let date: CalendarDate
    package let market: Market
    package let code: StockCode
    package let name: SecurityName
    /// What went ex; `nil` when the exchange's word is not one known (it is kept in `kindText`).
    package let kind: ExRightsKind?
    /// The exchange's word for it, as sent (`息`, `除息`).
    package let kindText: String
    /// The figures the exchange gives; one it does not give is absent.
    package let figures: [ExRightsFigure: ExactDecimal]
    /// TWSE's 最近一次申報資料 季別/日期: the latest filing the last columns come from, as sent.
    package let latestReport: String?
    /// TWSE's 詳細資料 (`00913,20240304`): what its detail is asked by.
    package let detailKey: String?

    /// Creates a row.
    package init(
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
    package subscript(figure: ExRightsFigure) -> ExactDecimal? { figures[figure] }

    package var id: ExRightsEventID { ExRightsEventID(market: market, code: code, date: date) }
}
