import BrowseSupport
import ListKit

/// One line of a security code list such as twstock's `tpex_equities.csv` (scraped from TWSE's
/// ISIN site): a code, its name and kind, with no company details.
package struct SecurityListing: Sendable, Hashable, Identifiable {
    /// The security code.
    package let code: StockCode
    /// The short name: `茂生農經`, `欣銓元大53購04`.
    package let name: String
    /// The kind of security as the list writes it (有價證券別): `股票`, `ETF`, `上櫃認購(售)權證`, …
    package let type: String
    /// The ISIN (國際證券辨識號碼): `TW0001240000`.
    package let isin: String?
    /// The listing date (上市日).
    package let listingDate: CalendarDate?
    /// The market, when the list names a known one.
    package let market: Market?
    /// The industry's name (產業別) for shares; `nil` for warrants, ETFs and the like.
    package let industry: String?
    /// The ISO 10962 CFI code: `ESVUFR` for common shares.
    package let cfi: String?

    /// Creates a listing.
    package init(
        code: StockCode, name: String, type: String, isin: String? = nil, listingDate: CalendarDate? = nil,
        market: Market? = nil, industry: String? = nil, cfi: String? = nil
    ) {
        self.code = code
        self.name = name
        self.type = type
        self.isin = isin
        self.listingDate = listingDate
        self.market = market
        self.industry = industry
        self.cfi = cfi
    }

    /// The code identifies the security.
    package var id: StockCode { code }
}
