import Foundation
import ListKit

/// Where the exchanges' data lives: TWSE, MOPS (the company lists) and TPEx. Each base can be
/// another server (a mirror, a test's loopback server); the paths stay as on the real hosts.
///
/// A context carries them as a service (``ListKit/DatasetServices/exchangeHosts``): a test sets
/// its own server's, and `browse` reads the mirror variables once when it starts
/// (``ListKit/DatasetServices/useExchangeMirrors(from:)``).
public struct TWSEHosts: Sendable, Hashable {
    /// TWSE (`https://www.twse.com.tw`): the all-market day and 上市 months.
    public var twse: URL
    /// MOPS open data (`https://mopsfin.twse.com.tw`): the company lists.
    public var mops: URL
    /// TPEx (`https://www.tpex.org.tw`): 上櫃 months.
    public var tpex: URL
    /// The exchange's live quote service (`https://mis.twse.com.tw`), for both markets.
    public var mis: URL

    /// - Parameters:
    ///   - twse: TWSE's base URL, without a trailing slash.
    ///   - mops: MOPS open data's base URL.
    ///   - tpex: TPEx's base URL.
    ///   - mis: The quote service's base URL; the exchange's own when not given.
    public init(twse: URL, mops: URL, tpex: URL, mis: URL? = nil) {
        self.twse = twse
        self.mops = mops
        self.tpex = tpex
        self.mis = mis ?? URL(string: "https://mis.twse.com.tw") ?? twse
    }

    /// Every exchange at one server (`http://127.0.0.1:8080`): a mirror or a test's loopback
    /// server that serves all their paths.
    ///
    /// - Parameter base: The server's base URL; a trailing slash is dropped.
    public init(everyExchangeAt base: URL) {
        let text = base.absoluteString
        let trimmed = text.hasSuffix("/") ? URL(string: String(text.dropLast())) ?? base : base
        self.init(twse: trimmed, mops: trimmed, tpex: trimmed, mis: trimmed)
    }

    /// The exchanges themselves.
    public static let exchanges = TWSEHosts(
        twse: URL(string: "https://www.twse.com.tw") ?? URL(fileURLWithPath: "/"),
        mops: URL(string: "https://mopsfin.twse.com.tw") ?? URL(fileURLWithPath: "/"),
        tpex: URL(string: "https://www.tpex.org.tw") ?? URL(fileURLWithPath: "/"))

    /// The hosts, with the mirrors `environment` names: `BROWSE_TWSE_URL`, `BROWSE_MOPS_URL`,
    /// `BROWSE_TPEX_URL` and `BROWSE_MIS_URL`. For a program's edge; a dataset takes its context's hosts.
    ///
    /// - Throws: `TWSEHostsError` when a variable is not an http(s) URL.
    public init(environment: [String: String]) throws(TWSEHostsError) {
        func base(_ name: String, _ fallback: URL) throws(TWSEHostsError) -> URL {
            guard let text = environment[name], !text.isEmpty else { return fallback }
            guard let url = URL(string: text.hasSuffix("/") ? String(text.dropLast()) : text),
                url.scheme == "https" || url.scheme == "http", url.host != nil
            else { throw .badURL(variable: name, value: text) }
            return url
        }
        let exchanges = Self.exchanges
        self.init(
            twse: try base("BROWSE_TWSE_URL", exchanges.twse), mops: try base("BROWSE_MOPS_URL", exchanges.mops),
            tpex: try base("BROWSE_TPEX_URL", exchanges.tpex), mis: try base("BROWSE_MIS_URL", exchanges.mis))
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

/// A mirror variable that cannot be used.
public enum TWSEHostsError: Error, Sendable, Hashable, CustomStringConvertible {
    case badURL(variable: String, value: String)

    public var description: String {
        switch self {
        case .badURL(let variable, let value):
            return "\(variable)=\(value) is not an http(s) URL; unset it to use the exchange itself"
        }
    }
}
