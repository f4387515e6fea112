/// The language of a STOCK_DAY CSV download.
package enum StockDayCSVLanguage: String, Sendable, Hashable, CaseIterable {
    /// `www.twse.com.tw/exchangeReport/STOCK_DAY?response=csv`: Big5, ROC dates, Chinese header.
    case chinese
    /// `www.twse.com.tw/en/exchangeReport/STOCK_DAY?response=csv`: English header, Gregorian dates.
    case english
}
