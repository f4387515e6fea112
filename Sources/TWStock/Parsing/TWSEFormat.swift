/// The kinds of file the parsers read, named as messages name them.
public enum TWSEFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// mopsfin `opendata/t187ap03_L.csv`, `_O.csv`, `_R.csv` (公司基本資料).
    case companyListCSV = "t187ap03 company CSV"
    /// TPEx `openapi/v1/mopsfin_t187ap03_O` (company data with English keys).
    case tpexCompanyJSON = "TPEx company JSON"
    /// twstock's `tpex_equities.csv` / `twse_equities.csv` code lists.
    case securityListCSV = "security code list CSV"
    /// `exchangeReport/STOCK_DAY_ALL?response=open_data` (every listed security, one day).
    case stockDayAllCSV = "STOCK_DAY_ALL CSV"
    /// `openapi.twse.com.tw/v1/exchangeReport/STOCK_DAY_ALL`.
    case stockDayAllJSON = "STOCK_DAY_ALL JSON"
    /// `exchangeReport/STOCK_DAY?response=json` (one security, one month).
    case stockDayJSON = "STOCK_DAY JSON"
    /// `exchangeReport/STOCK_DAY?response=csv` (Big5, Chinese).
    case stockDayCSV = "STOCK_DAY CSV"
    /// `en/exchangeReport/STOCK_DAY?response=csv` (English).
    case stockDayEnglishCSV = "STOCK_DAY English CSV"
    /// TPEx `www/zh-tw/afterTrading/tradingStock?response=json` (one 上櫃 security, one month).
    case tpexStockMonthJSON = "TPEx tradingStock JSON"
    /// MIS `stock/api/getStockInfo.jsp` and `getOddInfo.jsp` (live quotes).
    case misQuoteJSON = "MIS quote JSON"

    /// The name used in messages.
    public var description: String { rawValue }

    /// Who publishes files of this kind, as messages name them: `TWSE`, `TPEx` or `MOPS`.
    public var publisher: String {
        switch self {
        case .companyListCSV: return "MOPS"
        case .tpexCompanyJSON, .tpexStockMonthJSON: return "TPEx"
        case .misQuoteJSON: return "TWSE MIS"
        case .securityListCSV, .stockDayAllCSV, .stockDayAllJSON, .stockDayJSON, .stockDayCSV, .stockDayEnglishCSV:
            return "TWSE"
        }
    }
}
