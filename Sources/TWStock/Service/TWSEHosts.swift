import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

/// Where the exchanges' data lives: TWSE, MOPS (the company lists) and TPEx. Each base can be
/// another server (a mirror, a test's loopback server); the paths stay as on the real hosts.
///
/// A context carries them as a service (``ListKit/DatasetServices/exchangeHosts``): a test sets
/// its own server's, and `browse` reads the mirror variables once when it starts
/// (``ListKit/DatasetServices/useExchangeMirrors(from:)``).
package struct TWSEHosts: Sendable, Hashable {
    /// TWSE (`https://www.twse.com.tw`): the all-market day, 上市 months and day reports.
    package var twse: URL
    /// MOPS open data (`https://mopsfin.twse.com.tw`): the company lists.
    package var mops: URL
    /// TPEx (`https://www.tpex.org.tw`): 上櫃 months and day reports.
    package var tpex: URL
    /// MOPS's pages (`https://mopsov.twse.com.tw`): the monthly revenue.
    package var mopsov: URL
    /// The exchange's live quote service (`https://mis.twse.com.tw`), for both markets.
    package var mis: URL

    /// - Parameters:
    ///   - twse: TWSE's base URL, without a trailing slash.
    ///   - mops: MOPS open data's base URL.
    ///   - tpex: TPEx's base URL.
    ///   - mopsov: MOPS's pages' base URL; by default MOPS itself.
    ///   - mis: The quote service's base URL; the exchange's own when not given.
    package init(twse: URL, mops: URL, tpex: URL, mopsov: URL = TWSEHosts.mopsPages, mis: URL? = nil) {
        self.twse = twse
        self.mops = mops
        self.tpex = tpex
        self.mopsov = mopsov
        self.mis = mis ?? URL(string: "https://mis.twse.com.tw") ?? twse
    }

    /// MOPS's pages themselves.
    package static let mopsPages = URL(string: "https://mopsov.twse.com.tw") ?? URL(fileURLWithPath: "/")

    /// Every exchange at one server (`http://127.0.0.1:8080`): a mirror or a test's loopback
    /// server that serves all their paths.
    ///
    /// - Parameter base: The server's base URL; a trailing slash is dropped.
    package init(everyExchangeAt base: URL) {
        let text = base.absoluteString
        let trimmed = text.hasSuffix("/") ? URL(string: String(text.dropLast())) ?? base : base
        self.init(twse: trimmed, mops: trimmed, tpex: trimmed, mopsov: trimmed, mis: trimmed)
    }

    /// The exchanges themselves.
    package static let exchanges = TWSEHosts(
        twse: URL(string: "https://www.twse.com.tw") ?? URL(fileURLWithPath: "/"),
        mops: URL(string: "https://mopsfin.twse.com.tw") ?? URL(fileURLWithPath: "/"),
        tpex: URL(string: "https://www.tpex.org.tw") ?? URL(fileURLWithPath: "/"))

    /// The hosts, with the mirrors `environment` names: `BROWSE_TWSE_URL`, `BROWSE_MOPS_URL`,
    /// `BROWSE_TPEX_URL`, `BROWSE_MOPSOV_URL` and `BROWSE_MIS_URL`. For a program's edge; a dataset
    /// takes its context's hosts.
    ///
    /// - Throws: `TWSEHostsError` when a variable is not an http(s) URL.
    package init(environment: [String: String]) throws(TWSEHostsError) {
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
            tpex: try base("BROWSE_TPEX_URL", exchanges.tpex), mopsov: try base("BROWSE_MOPSOV_URL", exchanges.mopsov),
            mis: try base("BROWSE_MIS_URL", exchanges.mis))
    }

    /// The MOPS company list of one market (`/opendata/t187ap03_L.csv`).
    package func companyList(_ market: Market) -> URL {
        mops.appendingPathComponent("opendata/t187ap03_\(market.fileSuffix).csv")
    }

    /// Every listed security's latest trading day (`/exchangeReport/STOCK_DAY_ALL?response=open_data`).
    package var allMarketDay: URL {
        Self.url(twse, path: "/exchangeReport/STOCK_DAY_ALL", query: "response=open_data")
    }

    /// One security's month (`/exchangeReport/STOCK_DAY?response=json&date=yyyyMM01&stockNo=CODE`).
    package func stockDay(_ code: StockCode, month: YearMonth) -> URL {
        let day = month.firstDay?.compact ?? "\(month.year)0101"
        return Self.url(
            twse, path: "/exchangeReport/STOCK_DAY", query: "response=json&date=\(day)&stockNo=\(code.rawValue)")
    }

    /// One 上櫃 security's month at TPEx
    /// (`/www/zh-tw/afterTrading/tradingStock?code=CODE&date=yyyy/MM/01&response=json`).
    package func tpexStockMonth(_ code: StockCode, month: YearMonth) -> URL {
        let monthText = month.month < 10 ? "0\(month.month)" : "\(month.month)"
        return Self.url(
            tpex, path: "/www/zh-tw/afterTrading/tradingStock",
            query: "code=\(code.rawValue)&date=\(month.year)/\(monthText)/01&response=json")
    }

    /// The daily prices of one security's month, from the exchange of its market: TWSE's
    /// STOCK_DAY for 上市, TPEx's tradingStock for 上櫃; `nil` for 興櫃, which has none.
    package func month(_ month: YearMonth, of code: StockCode, market: Market) -> URL? {
        switch market {
        case .listed: return stockDay(code, month: month)
        case .otc: return tpexStockMonth(code, month: month)
        case .emerging: return nil
        }
    }

    /// One market's answer to a day report for `day`, at the exchange of its market; `nil`
    /// when that exchange does not publish the report (BFI82U on TPEx; anything on 興櫃).
    ///
    /// TWSE takes the day as `yyyyMMdd`, TPEx as `yyyy/MM/dd`:
    /// `/rwd/zh/fund/T86?date=20230130&selectType=ALLBUT0999&response=json`,
    /// `/www/zh-tw/insti/dailyTrade?type=Daily&sect=EW&date=2023/01/30&response=json`.
    package func dayReport(_ kind: DayReportKind, market: Market, day: CalendarDate) -> URL? {
        let compact = day.compact
        let slashed = day.description.replacingOccurrences(of: "-", with: "/")
        switch (kind, market) {
        case (.institutional, .listed):
            return Self.url(
                twse, path: "/rwd/zh/fund/T86", query: "date=\(compact)&selectType=ALLBUT0999&response=json")
        case (.institutional, .otc):
            return Self.url(
                tpex, path: "/www/zh-tw/insti/dailyTrade", query: "type=Daily&sect=EW&date=\(slashed)&response=json")
        case (.institutionalTotals, .listed):
            return Self.url(twse, path: "/rwd/zh/fund/BFI82U", query: "dayDate=\(compact)&type=day&response=json")
        case (.margin, .listed):
            return Self.url(
                twse, path: "/rwd/zh/marginTrading/MI_MARGN", query: "date=\(compact)&selectType=ALL&response=json")
        case (.margin, .otc):
            return Self.url(tpex, path: "/www/zh-tw/margin/balance", query: "date=\(slashed)&response=json")
        case (.valuation, .listed):
            return Self.url(
                twse, path: "/rwd/zh/afterTrading/BWIBBU_d", query: "date=\(compact)&selectType=ALL&response=json")
        case (.valuation, .otc):
            return Self.url(tpex, path: "/www/zh-tw/afterTrading/peQryDate", query: "date=\(slashed)&response=json")
        default:
            return nil
        }
    }

    /// One market's ex-rights and ex-dividend days from `from` to `to`: TWSE's
    /// `GET /rwd/zh/exRight/TWT49U?startDate=yyyyMMdd&endDate=yyyyMMdd&response=json`, TPEx's
    /// `POST /www/zh-tw/bulletin/exDailyQ` with the form
    /// `startDate=yyyy/MM/dd&endDate=yyyy/MM/dd&response=json`; `nil` for 興櫃.
    package func exRights(_ market: Market, from: CalendarDate, to: CalendarDate) -> (url: URL, body: RequestBody?)? {
        switch market {
        case .listed:
            let query = "startDate=\(from.compact)&endDate=\(to.compact)&response=json"
            return (Self.url(twse, path: "/rwd/zh/exRight/TWT49U", query: query), nil)
        case .otc:
            let url = URL(string: tpex.absoluteString + "/www/zh-tw/bulletin/exDailyQ") ?? tpex
            let body = RequestBody.form([
                ("startDate", Self.slashed(from)), ("endDate", Self.slashed(to)), ("response", "json"),
            ])
            return (url, body)
        case .emerging:
            return nil
        }
    }

    /// TWSE's detail of one security's ex-rights or ex-dividend day
    /// (`/rwd/zh/exRight/TWT49UDetail?STK_NO=CODE&T1=yyyyMMdd&response=json`).
    package func exRightsDetail(_ code: StockCode, day: CalendarDate) -> URL {
        Self.url(
            twse, path: "/rwd/zh/exRight/TWT49UDetail", query: "STK_NO=\(code.rawValue)&T1=\(day.compact)&response=json"
        )
    }

    /// One market's monthly revenue page at MOPS
    /// (`/nas/t21/sii/t21sc03_112_1_0.html`: `sii` for 上市, `otc` for 上櫃, the ROC year, the
    /// month without a leading zero); `nil` for 興櫃.
    package func monthlyRevenue(_ market: Market, month: YearMonth) -> URL? {
        let folder: String
        switch market {
        case .listed: folder = "sii"
        case .otc: folder = "otc"
        case .emerging: return nil
        }
        return URL(string: mopsov.absoluteString + "/nas/t21/\(folder)/t21sc03_\(month.rocYear)_\(month.month)_0.html")
    }

    /// The 上市 market's days of a month (`/rwd/zh/afterTrading/FMTQIK?date=yyyyMM01&response=json`).
    package func marketMonth(_ month: YearMonth) -> URL {
        let day = month.firstDay?.compact ?? "\(month.year)0101"
        return Self.url(twse, path: "/rwd/zh/afterTrading/FMTQIK", query: "date=\(day)&response=json")
    }

    /// The 上市 market's day (`/rwd/zh/afterTrading/MI_INDEX?date=yyyyMMdd&type=ALLBUT0999&response=json`).
    package func marketDay(_ day: CalendarDate) -> URL {
        Self.url(
            twse, path: "/rwd/zh/afterTrading/MI_INDEX", query: "date=\(day.compact)&type=ALLBUT0999&response=json")
    }

    /// `2024/03/22`, as TPEx takes a day.
    static func slashed(_ day: CalendarDate) -> String {
        day.description.replacingOccurrences(of: "-", with: "/")
    }

    private static func url(_ base: URL, path: String, query: String) -> URL {
        URL(string: base.absoluteString + path + "?" + query) ?? base
    }
}

/// A mirror variable that cannot be used.
package enum TWSEHostsError: Error, Sendable, Hashable, CustomStringConvertible {
    case badURL(variable: String, value: String)

    package var description: String {
        switch self {
        case .badURL(let variable, let value):
            return "\(variable)=\(value) is not an http(s) URL; unset it to use the exchange itself"
        }
    }
}
