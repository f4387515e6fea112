import BrowseSupport
import ListKit

/// One security's valuation (本益比、殖利率及股價淨值比) on one day: ratios with the source's
/// digits; a ratio the exchange does not give (`-`: no earnings, no dividend) is missing.
package struct Valuation: Sendable, Hashable {
    package let date: CalendarDate
    package let market: Market
    package let code: StockCode
    package let name: SecurityName
    /// The close (收盤價), in TWSE's newer layout only.
    package let close: ExactDecimal?
    /// 本益比: price over the last four quarters' earnings per share.
    package let priceEarnings: ExactDecimal?
    /// 殖利率(%): the dividend over the close, in percent.
    package let dividendYield: ExactDecimal?
    /// 股價淨值比: price over book value per share.
    package let priceBook: ExactDecimal?
    /// 每股股利: the dividend per share (TPEx only).
    package let dividend: ExactDecimal?
    /// 股利年度: the Gregorian year of the dividend (ROC 110 is 2021).
    package let dividendYear: Int?
    /// 財報年/季: the financial report the ratios use (TWSE only).
    package let fiscalQuarter: FiscalQuarter?

    /// Creates a row.
    package init(
        date: CalendarDate, market: Market, code: StockCode, name: SecurityName, close: ExactDecimal?,
        priceEarnings: ExactDecimal?, dividendYield: ExactDecimal?, priceBook: ExactDecimal?,
        dividend: ExactDecimal?, dividendYear: Int?, fiscalQuarter: FiscalQuarter?
    ) {
        self.date = date
        self.market = market
        self.code = code
        self.name = name
        self.close = close
        self.priceEarnings = priceEarnings
        self.dividendYield = dividendYield
        self.priceBook = priceBook
        self.dividend = dividend
        self.dividendYear = dividendYear
        self.fiscalQuarter = fiscalQuarter
    }
}

extension Valuation: DayReportRow {
    /// The row's identity: its market and code.
    package var id: DayReportRowID { DayReportRowID(market: market, code: code) }
}
