import BrowseSupport
import ListKit

/// What ``TWSEFileRecognizer`` found a file to be.
package enum TWSEFileKind: Sendable, Hashable, CustomStringConvertible {
    /// mopsfin t187ap03 company CSV; the market comes from the file name (`_L`, `_O`, `_R`),
    /// `nil` when the name does not say.
    case companyListCSV(market: Market?)
    /// TPEx openapi company JSON (English keys).
    case tpexCompanyJSON
    /// A twstock-style security code list CSV.
    case securityListCSV
    /// STOCK_DAY_ALL open_data CSV; the date comes from the file name, `nil` when it has none.
    case stockDayAllCSV(tradingDate: CalendarDate?)
    /// openapi STOCK_DAY_ALL JSON.
    case stockDayAllJSON
    /// STOCK_DAY JSON for one security and month (Chinese or English).
    case stockDayJSON
    /// STOCK_DAY CSV for one security and month.
    case stockDayCSV(StockDayCSVLanguage)
    /// TPEx tradingStock JSON for one 上櫃 security and month.
    case tpexStockMonthJSON
    /// BWIBBU_d CSV (本益比、殖利率及股價淨值比, every listed security, one day); the date comes
    /// from its title row, `nil` when it has none.
    case valuationCSV(tradingDate: CalendarDate?)
    /// TWSE's "FOR SECURITY REASONS" block page: no data, the client is blocked.
    case blockPage

    /// The parser format, `nil` for a block page.
    package var format: TWSEFormat? {
        switch self {
        case .companyListCSV: return .companyListCSV
        case .tpexCompanyJSON: return .tpexCompanyJSON
        case .securityListCSV: return .securityListCSV
        case .stockDayAllCSV: return .stockDayAllCSV
        case .stockDayAllJSON: return .stockDayAllJSON
        case .stockDayJSON: return .stockDayJSON
        case .stockDayCSV(.chinese): return .stockDayCSV
        case .stockDayCSV(.english): return .stockDayEnglishCSV
        case .tpexStockMonthJSON: return .tpexStockMonthJSON
        case .valuationCSV: return .valuationCSV
        case .blockPage: return nil
        }
    }

    /// A short name for messages: `t187ap03 company CSV (上櫃)`, `STOCK_DAY_ALL CSV (2025-03-04)`.
    package var description: String {
        switch self {
        case .companyListCSV(let market?): return "\(TWSEFormat.companyListCSV) (\(market.title))"
        case .stockDayAllCSV(let date?): return "\(TWSEFormat.stockDayAllCSV) (\(date))"
        case .valuationCSV(let date?): return "\(TWSEFormat.valuationCSV) (\(date))"
        case .blockPage: return "TWSE block page"
        default: return format?.description ?? "unknown"
        }
    }
}
