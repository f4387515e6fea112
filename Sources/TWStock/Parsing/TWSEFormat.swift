/// The kinds of file the parsers read, named as messages name them.
package enum TWSEFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
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
    /// `rwd/zh/fund/T86?response=json` (三大法人買賣超日報, every listed security, one day).
    case institutionalJSON = "T86 JSON"
    /// TPEx `www/zh-tw/insti/dailyTrade?response=json` (三大法人, every 上櫃 security, one day).
    case tpexInstitutionalJSON = "TPEx insti/dailyTrade JSON"
    /// `rwd/zh/fund/BFI82U?response=json` (三大法人買賣金額統計表, the market's totals).
    case institutionalTotalsJSON = "BFI82U JSON"
    /// `rwd/zh/marginTrading/MI_MARGN?response=json` (融資融券彙總, one day).
    case marginJSON = "MI_MARGN JSON"
    /// TPEx `www/zh-tw/margin/balance?response=json` (上櫃股票融資融券餘額, one day).
    case tpexMarginJSON = "TPEx margin/balance JSON"
    /// `rwd/zh/afterTrading/BWIBBU_d?response=json` (個股日本益比、殖利率及股價淨值比).
    case valuationJSON = "BWIBBU_d JSON"
    /// `exchangeReport/BWIBBU_d?response=csv` (the same, as a download).
    case valuationCSV = "BWIBBU_d CSV"
    /// TPEx `www/zh-tw/afterTrading/peQryDate?response=json` (上櫃 本益比、殖利率及股價淨值比).
    case tpexValuationJSON = "TPEx peQryDate JSON"
    /// `rwd/zh/exRight/TWT49U?response=json` (除權除息計算結果表, a range of days).
    case exRightsJSON = "TWT49U JSON"
    /// `rwd/zh/exRight/TWT49UDetail?response=json` (one security's ex-rights detail).
    case exRightsDetailJSON = "TWT49UDetail JSON"
    /// TPEx `POST www/zh-tw/bulletin/exDailyQ` (上櫃 除權除息, a range of days).
    case tpexExRightsJSON = "TPEx exDailyQ JSON"
    /// `rwd/zh/afterTrading/FMTQIK?response=json` (市場成交資訊, the market's days of a month).
    case marketMonthJSON = "FMTQIK JSON"
    /// `rwd/zh/afterTrading/MI_INDEX?type=ALLBUT0999&response=json` (每日收盤行情, one day).
    case marketDayJSON = "MI_INDEX JSON"
    /// MOPS `nas/t21/{sii|otc}/t21sc03_{ROC year}_{month}_0.html` (月營收, Big5 HTML, a table
    /// per industry).
    case monthlyRevenueHTML = "MOPS t21sc03 HTML"
    /// MIS `stock/api/getStockInfo.jsp` and `getOddInfo.jsp` (live quotes).
    case misQuoteJSON = "MIS quote JSON"

    /// The name used in messages.
    package var description: String { rawValue }

    /// Who publishes files of this kind, as messages name them: `TWSE`, `TPEx` or `MOPS`.
    package var publisher: String {
        switch self {
        case .companyListCSV, .monthlyRevenueHTML: return "MOPS"
        case .tpexCompanyJSON, .tpexStockMonthJSON, .tpexInstitutionalJSON, .tpexMarginJSON, .tpexValuationJSON,
            .tpexExRightsJSON:
            return "TPEx"
        case .misQuoteJSON: return "TWSE MIS"
        case .securityListCSV, .stockDayAllCSV, .stockDayAllJSON, .stockDayJSON, .stockDayCSV, .stockDayEnglishCSV,
            .institutionalJSON, .institutionalTotalsJSON, .marginJSON, .valuationJSON, .valuationCSV, .exRightsJSON,
            .exRightsDetailJSON, .marketMonthJSON, .marketDayJSON:
            return "TWSE"
        }
    }
}
