import Foundation
import ListKitTesting
import Synchronization
import TWStock

/// A loopback stand-in for TWSE, TPEx and MOPS, serving fixture files on the real paths, with
/// a switch for the faults the real hosts show. Point a context at it with `hosts`
/// (`context.services.exchangeHosts`), and the `browse` program with `environment`, its mirror
/// variables: every host is this one server, so TWSE, MOPS and TPEx requests share one throttle
/// budget, and `arrivals` is the server's own log of when each request came.
///
/// Files are given by name:
/// - `companies_X` (X = L, O, R) answers `/opendata/t187ap03_X.csv`;
/// - `STOCK_DAY_ALL_yyyyMMdd` answers `/exchangeReport/STOCK_DAY_ALL`, the date sent in
///   `Content-Disposition` as TWSE does;
/// - `STOCK_DAY_CODE_yyyyMM` answers `/exchangeReport/STOCK_DAY?date=yyyyMMdd&stockNo=CODE`;
///   a month without a file gets TWSE's "no data" answer;
/// - `TPEX_CODE_yyyyMM` answers
///   `/www/zh-tw/afterTrading/tradingStock?code=CODE&date=yyyy/MM/01&response=json`; a month
///   without a file gets a table without rows, as TPEx answers for a month without trading;
/// - a day report answers its path for the day asked (TWSE `date=yyyyMMdd` or `dayDate=`, TPEx
///   `date=yyyy/MM/dd`) from `T86_yyyyMMdd`, `BFI82U_yyyyMMdd`, `MI_MARGN_yyyyMMdd`,
///   `BWIBBU_d_yyyyMMdd`, `TPEX_INSTI_yyyyMMdd`, `TPEX_MARGIN_yyyyMMdd` or `TPEX_PE_yyyyMMdd`;
///   a day without a file gets the exchange's no-data answer (TWSE's `stat`, TPEx's `ok` with a
///   table without rows);
/// - `MOPS_sii_112_1` (`otc` for 上櫃) answers MOPS's `/nas/t21/sii/t21sc03_112_1_0.html`; a month
///   without a file gets MOPS's page without tables (`查無資料`);
/// - `FMTQIK_yyyyMM` answers `/rwd/zh/afterTrading/FMTQIK` for the month of its `date`, and
///   `MI_INDEX_yyyyMMdd` `/rwd/zh/afterTrading/MI_INDEX` for its day;
/// - `TWT49U_yyyyMMdd` answers `/rwd/zh/exRight/TWT49U` for the range starting that day,
///   `TWT49UDetail_CODE_yyyyMMdd` its detail, and `TPEX_EXDAILY_yyyyMMdd` TPEx's
///   `POST /www/zh-tw/bulletin/exDailyQ` for the range its form starts on (a GET is refused
///   with 405, as a form's endpoint would).
public final class FakeExchange: Sendable {
    /// What every request gets, for now.
    public enum Mode: Sendable, Hashable {
        case normal
        /// HTTP 200 with the "FOR SECURITY REASONS" page.
        case blockPage
        /// The connection closes without an answer.
        case drop
        /// HTTP 500.
        case serverError
        /// Half the body, then the connection closes.
        case cutShort
        /// STOCK_DAY answers for the month before the one asked.
        case wrongMonth
    }

    public let server: LoopbackServer
    private let mode: ModeBox

    /// Serves `files` (name → file).
    public init(files: [String: URL]) throws {
        let mode = ModeBox()
        self.mode = mode
        server = try LoopbackServer { request in
            if mode.held.withLock({ $0.contains { request.target.contains($0) } }) { return .silent }
            return Self.answer(request, files: files, mode: mode.value.withLock { $0 })
        }
    }

    private final class ModeBox: Sendable {
        let value = Mutex(Mode.normal)
        let held = Mutex<Set<String>>([])
    }

    /// Holds back the answers to requests whose path and query contain `text` (`date=20250301`):
    /// they get none until the client gives up; `false` answers them at once again.
    public func hold(_ holding: Bool, requestsContaining text: String) {
        mode.held.withLock { held in
            if holding { held.insert(text) } else { held.remove(text) }
        }
    }

    /// The hosts that point a context's exchange datasets here.
    package var hosts: TWSEHosts { TWSEHosts(everyExchangeAt: server.baseURL) }

    /// The environment that points the `browse` program here: its mirror variables.
    public var environment: [String: String] {
        let base = server.baseURL.absoluteString
        return ["BROWSE_TWSE_URL": base, "BROWSE_MOPS_URL": base, "BROWSE_TPEX_URL": base, "BROWSE_MOPSOV_URL": base]
    }

    /// The server's log: each request's path and query, and when it arrived, in order.
    public var arrivals: [(target: String, at: Date)] {
        server.requests.map { ($0.target, $0.receivedAt) }.sorted { $0.at < $1.at }
    }

    /// The most requests the log shows within any `seconds`: never more than 3 in 5 s when
    /// the client keeps the exchanges' limit.
    public func mostRequests(within seconds: TimeInterval) -> Int {
        let times = arrivals.map(\.at.timeIntervalSince1970)
        var most = 0
        var start = 0
        for end in times.indices {
            while times[end] - times[start] >= seconds { start += 1 }
            most = max(most, end - start + 1)
        }
        return most
    }

    public func set(_ newMode: Mode) {
        mode.value.withLock { $0 = newMode }
    }

    public func stop() {
        server.stop()
    }

    private static func answer(_ request: LoopbackServer.Request, files: [String: URL], mode: Mode)
        -> LoopbackServer.Behaviour
    {
        switch mode {
        case .blockPage:
            return .respond(.blockPage)
        case .drop:
            return .drop
        case .serverError:
            return .respond(.init(status: 500, text: "Internal Server Error"))
        case .normal, .cutShort, .wrongMonth:
            break
        }
        var response = route(request, files: files, wrongMonth: mode == .wrongMonth)
        if mode == .cutShort, response.status == 200 {
            response.cutAfter = response.body.count / 2
        }
        return .respond(response)
    }

    private static func route(_ request: LoopbackServer.Request, files: [String: URL], wrongMonth: Bool)
        -> LoopbackServer.Response
    {
        func file(prefix: String) -> (name: String, body: [UInt8])? {
            guard let name = files.keys.sorted().first(where: { $0.hasPrefix(prefix) }),
                let url = files[name], let data = try? Data(contentsOf: url)
            else { return nil }
            return (name, Array(data))
        }
        let notFound = LoopbackServer.Response(status: 404, text: "not found")
        switch request.path {
        case let path where path.hasPrefix("/opendata/t187ap03_"):
            let market = path.dropFirst("/opendata/t187ap03_".count).prefix(1)
            guard let found = file(prefix: "companies_\(market)") else { return notFound }
            return .init(body: found.body)
        case "/exchangeReport/STOCK_DAY_ALL":
            guard let found = file(prefix: "STOCK_DAY_ALL_") else { return notFound }
            let date = found.name.dropFirst("STOCK_DAY_ALL_".count).prefix(8)
            return .init(
                headers: [("Content-Disposition", "attachment; filename=STOCK_DAY_ALL_\(date).csv")], body: found.body)
        case "/exchangeReport/STOCK_DAY":
            let code = request.query("stockNo") ?? ""
            var month = String((request.query("date") ?? "").prefix(6))
            if wrongMonth, let number = Int(month) {
                month = String(number % 100 == 1 ? number - 89 : number - 1)
            }
            guard let found = file(prefix: "STOCK_DAY_\(code)_\(month)") else {
                return .init(text: #"{"stat":"很抱歉，沒有符合條件的資料!"}"#)
            }
            return .init(headers: [("Content-Type", "application/json")], body: found.body)
        case "/www/zh-tw/afterTrading/tradingStock":
            let code = request.query("code") ?? ""
            let parts = (request.query("date") ?? "").split(separator: "/")
            let month = parts.count >= 2 ? "\(parts[0])\(parts[1])" : ""
            guard let found = file(prefix: "TPEX_\(code)_\(month)") else {
                let empty =
                    #"{"tables":[{"title":"個股日成交資訊","subtitle":"","date":"\#(month)01","data":[],"#
                    + #""fields":["日 期","成交張數","成交仟元","開盤","最高","最低","收盤","漲跌","筆數"],"#
                    + #""notes":[],"totalCount":0,"summary":[]}],"date":"\#(month)01","code":"\#(code)","#
                    + #""name":"","stat":"ok"}"#
                return .init(headers: [("Content-Type", "application/json")], text: empty)
            }
            return .init(headers: [("Content-Type", "application/json")], body: found.body)
        case let path where path.hasPrefix("/nas/t21/"):
            // `/nas/t21/sii/t21sc03_112_1_0.html` is `MOPS_sii_112_1`; a month without a file gets
            // MOPS's page without tables.
            let parts = path.dropFirst("/nas/t21/".count).split(separator: "/")
            let page = parts.last.map { $0.replacingOccurrences(of: "t21sc03_", with: "") } ?? ""
            let name = "MOPS_\(parts.first ?? "")_\(page.replacingOccurrences(of: "_0.html", with: ""))"
            guard let found = files.keys.first(where: { $0 == name }).flatMap({ files[$0] }),
                let data = try? Data(contentsOf: found)
            else {
                return .init(
                    headers: [("Content-Type", "text/html")],
                    text: "<html><body><h3 align=center>查無資料</h3></body></html>")
            }
            return .init(headers: [("Content-Type", "text/html")], body: Array(data))
        case "/rwd/zh/afterTrading/FMTQIK":
            let month = String((request.query("date") ?? "").prefix(6))
            guard month.count == 6, let found = file(prefix: "FMTQIK_\(month)") else {
                return .init(headers: json, text: #"{"stat":"很抱歉，沒有符合條件的資料!"}"#)
            }
            return .init(headers: json, body: found.body)
        case "/rwd/zh/exRight/TWT49U":
            guard let found = file(prefix: "TWT49U_\(request.query("startDate") ?? "")") else {
                return .init(headers: json, text: #"{"stat":"很抱歉，沒有符合條件的資料!"}"#)
            }
            return .init(headers: json, body: found.body)
        case "/rwd/zh/exRight/TWT49UDetail":
            let name = "TWT49UDetail_\(request.query("STK_NO") ?? "")_\(request.query("T1") ?? "")"
            guard let found = file(prefix: name) else {
                return .init(headers: json, text: #"{"stat":"很抱歉，沒有符合條件的資料!"}"#)
            }
            return .init(headers: json, body: found.body)
        case "/www/zh-tw/bulletin/exDailyQ":
            guard request.method == "POST" else { return .init(status: 405, text: "method not allowed") }
            let start = (request.form("startDate") ?? "").replacingOccurrences(of: "/", with: "")
            guard start.count == 8, let found = file(prefix: "TPEX_EXDAILY_\(start)") else {
                return .init(headers: json, text: Self.tpexNoRows)
            }
            return .init(headers: json, body: found.body)
        default:
            return dayReport(request, file: file) ?? notFound
        }
    }

    private static let json = [("Content-Type", "application/json")]

    /// TPEx's answer for a day or range without rows: `ok`, and a table without data.
    static let tpexNoRows =
        #"{"tables":[{"title":"","date":"","fields":["代號","名稱"],"data":[],"totalCount":0}],"stat":"ok"}"#

    /// The file prefix of each day report's path, and whether TPEx publishes it.
    static let dayReportPaths: [String: (prefix: String, tpex: Bool)] = [
        "/rwd/zh/fund/T86": ("T86_", false),
        "/rwd/zh/fund/BFI82U": ("BFI82U_", false),
        "/rwd/zh/marginTrading/MI_MARGN": ("MI_MARGN_", false),
        "/rwd/zh/afterTrading/BWIBBU_d": ("BWIBBU_d_", false),
        "/www/zh-tw/insti/dailyTrade": ("TPEX_INSTI_", true),
        "/www/zh-tw/margin/balance": ("TPEX_MARGIN_", true),
        "/www/zh-tw/afterTrading/peQryDate": ("TPEX_PE_", true),
        "/rwd/zh/afterTrading/MI_INDEX": ("MI_INDEX_", false),
    ]

    private static func dayReport(
        _ request: LoopbackServer.Request, file: (String) -> (name: String, body: [UInt8])?
    ) -> LoopbackServer.Response? {
        guard let route = dayReportPaths[request.path] else { return nil }
        let day = (request.query("date") ?? request.query("dayDate") ?? "").replacingOccurrences(of: "/", with: "")
        guard day.count == 8, let found = file(route.prefix + day) else {
            let noData = route.tpex ? tpexNoRows : #"{"stat":"很抱歉，沒有符合條件的資料!","total":0}"#
            return .init(headers: json, text: noData)
        }
        return .init(headers: json, body: found.body)
    }
}
