import Foundation
import ListKit

/// Where the exchange's data lives. Each base can be pointed elsewhere (a mirror, a test
/// server) with an environment variable; the paths stay as on the real hosts.
public struct TWSEHosts: Sendable, Hashable {
    /// `BROWSE_TWSE_URL`, default `https://www.twse.com.tw`.
    public var twse: URL
    /// `BROWSE_TWSE_OPENAPI_URL`, default `https://openapi.twse.com.tw`.
    public var openAPI: URL
    /// `BROWSE_MOPS_URL`, default `https://mopsfin.twse.com.tw`.
    public var mops: URL
    /// `BROWSE_TPEX_URL`, default `https://www.tpex.org.tw`.
    public var tpex: URL

    public init(
        twse: URL, openAPI: URL, mops: URL,
        tpex: URL = URL(string: "https://www.tpex.org.tw") ?? URL(fileURLWithPath: "/")
    ) {
        self.twse = twse
        self.openAPI = openAPI
        self.mops = mops
        self.tpex = tpex
    }

    /// The hosts, with any overrides from `environment`.
    ///
    /// - Throws: `TWSEHostsError` when an override is not an http(s) URL.
    public init(environment: [String: String]) throws(TWSEHostsError) {
        func base(_ name: String, _ fallback: String) throws(TWSEHostsError) -> URL {
            let text = environment[name].flatMap { $0.isEmpty ? nil : $0 } ?? fallback
            guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
                url.scheme == "https" || url.scheme == "http", url.host != nil
            else { throw .badURL(variable: name, value: text) }
            return url
        }
        self.init(
            twse: try base("BROWSE_TWSE_URL", "https://www.twse.com.tw"),
            openAPI: try base("BROWSE_TWSE_OPENAPI_URL", "https://openapi.twse.com.tw"),
            mops: try base("BROWSE_MOPS_URL", "https://mopsfin.twse.com.tw"),
            tpex: try base("BROWSE_TPEX_URL", "https://www.tpex.org.tw"))
    }

    /// The MOPS company list of one market (`/opendata/t187ap03_L.csv`).
    public func companyList(_ market: Market) -> URL {
        mops.appendingPathComponent("opendata/t187ap03_\(market.fileSuffix).csv")
    }

    /// Every listed security's latest trading day (`/exchangeReport/STOCK_DAY_ALL?response=open_data`).
    public var allMarketDay: URL {
        Self.url(twse, path: "/exchangeReport/STOCK_DAY_ALL", query: "response=open_data")
    }

    /// One security's month (`/exchangeReport/STOCK_DAY?response=json&date=yyyyMM01&stockNo=CODE`).
    public func stockDay(_ code: StockCode, month: YearMonth) -> URL {
        let day = month.firstDay?.compact ?? "\(month.year)0101"
        return Self.url(
            twse, path: "/exchangeReport/STOCK_DAY", query: "response=json&date=\(day)&stockNo=\(code.rawValue)")
    }

    /// One 上櫃 security's month at TPEx
    /// (`/www/zh-tw/afterTrading/tradingStock?code=CODE&date=yyyy/MM/01&response=json`).
    public func tpexStockMonth(_ code: StockCode, month: YearMonth) -> URL {
        let monthText = month.month < 10 ? "0\(month.month)" : "\(month.month)"
        return Self.url(
            tpex, path: "/www/zh-tw/afterTrading/tradingStock",
            query: "code=\(code.rawValue)&date=\(month.year)/\(monthText)/01&response=json")
    }

    /// The daily prices of one security's month, from the exchange of its market: TWSE's
    /// STOCK_DAY for 上市, TPEx's tradingStock for 上櫃; `nil` for 興櫃, which has none.
    public func month(_ month: YearMonth, of code: StockCode, market: Market) -> URL? {
        switch market {
        case .listed: return stockDay(code, month: month)
        case .otc: return tpexStockMonth(code, month: month)
        case .emerging: return nil
        }
    }

    private static func url(_ base: URL, path: String, query: String) -> URL {
        URL(string: base.absoluteString + path + "?" + query) ?? base
    }
}

/// A host override that cannot be used.
public enum TWSEHostsError: Error, Sendable, Hashable, CustomStringConvertible {
    case badURL(variable: String, value: String)

    public var description: String {
        switch self {
        case .badURL(let variable, let value):
            return "\(variable)=\(value) is not an http(s) URL; unset it to use the exchange itself"
        }
    }
}
