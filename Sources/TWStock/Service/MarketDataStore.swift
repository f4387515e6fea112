import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking
import Synchronization
import Tabular

/// The exchange's data for this run: downloads through one polite client, parses, and keeps
/// raw bytes in the cache.
///
/// Rules it keeps: bulk files first, then the cache; per-stock requests only when a person asks
/// (one request per visible row is what gets a client blocked); a fresh cache answers without a
/// request; a failed or invalid
/// download never replaces good data and falls back to the cached copy with a note; a host
/// that blocks the client (its "FOR SECURITY REASONS" page, or a dropped connection) gets no
/// more requests in this run; `offline` never touches the network.
///
/// A program's datasets share one, their context's (`DatasetContext.marketData()`).
package final class MarketDataStore: Sendable {
    package let hosts: TWSEHosts
    package let offline: Bool
    private let client: any HTTPFetching
    private let cache: CacheStore
    private let downloader: CachedDownloader
    let now: @Sendable () -> Date
    private let cacheProblemReported = Mutex(false)
    private let parsedDays = Mutex<[String: MarketDay]>([:])
    /// Each market's companies by code, from its list as last downloaded or read from the cache.
    private let companyIndex = Mutex<[Market: [StockCode: Company]]>([:])

    package init(
        hosts: TWSEHosts, client: any HTTPFetching, cache: CacheStore, offline: Bool,
        now: @escaping @Sendable () -> Date
    ) {
        self.hosts = hosts
        self.client = client
        self.cache = cache
        self.offline = offline
        self.now = now
        downloader = CachedDownloader(
            client: client, cache: cache, offline: offline, now: now, blockPages: Self.blockPages, dropIsBlock: true)
    }

    // MARK: - Companies

    /// One market's companies; the store remembers them by code for ``knownCompany(_:)``.
    package func companies(_ market: Market, request: LoadRequest) async throws -> Sourced<ParseResult<Company>> {
        let resource = ExchangeResource<ParseResult<Company>>(
            key: Self.companyListKey(market), title: "the \(market.title) company list",
            url: hosts.companyList(market),
            isFresh: { metadata, now in Freshness.companyListIsFresh(fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in try Self.parseCompanies(bytes, market: market) },
            issues: \.issues, count: \.records.count)
        let result = try await obtain(resource, request: request)
        remember(result.value.records, of: market)
        return result
    }

    static func companyListKey(_ market: Market) -> String { "mops/t187ap03_\(market.fileSuffix)" }

    static func parseCompanies(_ bytes: [UInt8], market: Market) throws(TWSEParseError) -> ParseResult<Company> {
        if Self.firstByte(of: bytes) == UInt8(ascii: "[") {
            return try TPExCompanyJSONParser.parse(bytes, market: market)
        }
        return try CompanyListParser.parse(bytes, market: market)
    }

    private func remember(_ companies: [Company], of market: Market) {
        var byCode: [StockCode: Company] = [:]
        for company in companies where byCode[company.code] == nil { byCode[company.code] = company }
        companyIndex.withLock { $0[market] = byCode }
    }

    /// A company from the lists this store has read, without reading a file or touching the
    /// network: for a screen being made on the main actor. The lists of 上市, 上櫃 and 興櫃 are
    /// asked in that order.
    ///
    /// - Complexity: O(1).
    package func knownCompany(_ code: StockCode) -> Company? {
        companyIndex.withLock { index in
            for market in Market.allCases {
                if let company = index[market]?[code] { return company }
            }
            return nil
        }
    }

    /// A company from the company lists, reading the cached ones this store has not read yet
    /// (once each), without touching the network: for a load, off the main actor.
    ///
    /// - Complexity: O(n) in the lists' size the first time, O(1) after.
    package func company(_ code: StockCode) -> Company? {
        readCachedLists()
        return knownCompany(code)
    }

    /// The codes of the company lists whose daily prices an exchange publishes (上市 and 上櫃:
    /// 興櫃 has none), sorted, reading the cached lists not read yet and never the network:
    /// what Tab offers after `stock`.
    package func cachedCodes() -> [String] {
        readCachedLists()
        return companyIndex.withLock { index in
            [Market.listed, .otc].flatMap { index[$0]?.keys.map(\.rawValue) ?? [] }
        }.sorted()
    }

    /// Reads the cached company lists this store has not read yet, once each.
    private func readCachedLists() {
        let unread = companyIndex.withLock { index in Market.allCases.filter { index[$0] == nil } }
        for market in unread {
            guard let entry = try? cache.read(Self.companyListKey(market)) else { continue }
            let companies = (try? Self.parseCompanies(Array(entry.body), market: market))?.records ?? []
            var byCode: [StockCode: Company] = [:]
            for company in companies where byCode[company.code] == nil { byCode[company.code] = company }
            // A list downloaded meanwhile is newer than the copy just read: it stays.
            companyIndex.withLock { index in
                if index[market] == nil { index[market] = byCode }
            }
        }
    }

    // MARK: - All-market days

    /// The latest all-market trading day: from the cache while it is fresh, else downloaded.
    package func latestMarketDay(request: LoadRequest) async throws -> Sourced<MarketDay> {
        let newest = cache.keys(under: Self.dayPrefix).last
        let key = newest ?? "\(Self.dayPrefix)/latest"
        var resource = ExchangeResource<MarketDay>(
            key: key, title: "the latest all-market day (STOCK_DAY_ALL)", url: hosts.allMarketDay,
            isFresh: { metadata, now in
                guard let date = metadata.tradingDate else { return false }
                return Freshness.marketDayIsFresh(tradingDate: date, fetchedAt: metadata.fetchedAt, now: now)
            },
            parse: { bytes, date in try Self.parseMarketDay(bytes, date: date) },
            issues: \.issues, count: \.ticks.count)
        resource.tradingDate = { response in
            guard let disposition = response.headers["content-disposition"],
                let date = TradingDateHint.date(fromContentDisposition: disposition)
            else { throw MarketDataError.undatedDay(response.url.host ?? "TWSE") }
            return date
        }
        resource.keyForDate = { "\(Self.dayPrefix)/\($0.compact)" }
        return try await obtain(resource, request: request)
    }

    /// Every all-market day in the cache, oldest first (parsed once per run).
    ///
    /// - Complexity: O(d × r) the first time, for d days of r rows.
    package func cachedMarketDays(progress: ProgressReporter) -> [MarketDay] {
        cache.keys(under: Self.dayPrefix).compactMap { key in
            if let day = parsedDays.withLock({ $0[key] }) { return day }
            do {
                guard let entry = try cache.read(key) else { return nil }
                let day = try Self.parseMarketDay(Array(entry.body), date: entry.metadata.tradingDate)
                parsedDays.withLock { $0[key] = day }
                return day
            } catch {
                progress.note(String(describing: error))
                return nil
            }
        }
    }

    static let dayPrefix = "twse/STOCK_DAY_ALL"

    static func parseMarketDay(_ bytes: [UInt8], date: CalendarDate?) throws(TWSEParseError) -> MarketDay {
        if Self.firstByte(of: bytes) == UInt8(ascii: "[") {
            return try StockDayAllJSONParser.parse(bytes, tradingDate: date)
        }
        return try StockDayAllCSVParser.parse(bytes, tradingDate: date)
    }

    // MARK: - One security's month

    /// One security's trading days in a month, from the exchange of its market: TWSE's
    /// STOCK_DAY for 上市, TPEx's tradingStock for 上櫃. A per-stock request, made only when a
    /// person asks (a selection, `stock`, `older`). A month fetched after it ended is final:
    /// its cached copy answers for good, even when the person refreshes.
    ///
    /// - Throws: ``MarketDataError/noDailyPrices(_:_:)`` for a 興櫃 security, or what the
    ///   download or the parser threw.
    package func month(
        _ month: YearMonth, of code: StockCode, market: Market = .listed, request: LoadRequest
    ) async throws -> Sourced<StockMonth> {
        guard let url = hosts.month(month, of: code, market: market) else {
            throw MarketDataError.noDailyPrices(code, market)
        }
        let format: TWSEFormat = market == .otc ? .tpexStockMonthJSON : .stockDayJSON
        var resource = ExchangeResource<StockMonth>(
            key: Self.monthKey(month, of: code, market: market),
            title: "\(code) for \(month) (\(market == .otc ? "TPEx tradingStock" : "STOCK_DAY"))", url: url,
            isFresh: { metadata, now in Freshness.monthIsFresh(month, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in try Self.parseMonth(bytes, month: month, code: code, format: format) },
            issues: \.issues, count: \.ticks.count)
        resource.isFinal = { metadata in Freshness.monthIsFinal(month, fetchedAt: metadata.fetchedAt) }
        return try await obtain(resource, request: request)
    }

    /// Where a month is cached: `twse/STOCK_DAY/2330/202506`, `tpex/tradingStock/2926/202505`.
    static func monthKey(_ month: YearMonth, of code: StockCode, market: Market) -> String {
        "\(monthPrefix(market))/\(code.rawValue)/\(month.year)\(month.month < 10 ? "0" : "")\(month.month)"
    }

    static func monthPrefix(_ market: Market) -> String {
        market == .otc ? "tpex/tradingStock" : "twse/STOCK_DAY"
    }

    /// Every month of `code` in the cache, from either exchange (downloaded or imported),
    /// without touching the network, but the months in `excluded` (those a screen loads by
    /// themselves), which are not read at all.
    package func cachedMonths(
        of code: StockCode, excluding excluded: Set<YearMonth> = [], progress: ProgressReporter
    ) -> [StockMonth] {
        cachedMonthKeys(of: code).compactMap { key, month, market -> StockMonth? in
            guard !excluded.contains(month) else { return nil }
            return readMonth(key, month: month, code: code, market: market, progress: progress)
        }
    }

    /// The cache keys of `code`'s months, newest first within each exchange (TWSE, then TPEx).
    private func cachedMonthKeys(of code: StockCode) -> [(key: String, month: YearMonth, market: Market)] {
        [Market.listed, .otc].flatMap { market in
            cache.keys(under: "\(Self.monthPrefix(market))/\(code.rawValue)").compactMap {
                key -> (key: String, month: YearMonth, market: Market)? in
                let name = key.split(separator: "/").last.map(String.init) ?? ""
                guard name.count == 6, let number = Int(name),
                    let month = YearMonth(year: number / 100, month: number % 100)
                else { return nil }
                return (key, month, market)
            }.sorted { $0.month > $1.month }
        }
    }

    private func readMonth(
        _ key: String, month: YearMonth, code: StockCode, market: Market, progress: ProgressReporter
    ) -> StockMonth? {
        do {
            guard let entry = try cache.read(key) else { return nil }
            let format: TWSEFormat = market == .otc ? .tpexStockMonthJSON : .stockDayJSON
            return try Self.parseMonth(Array(entry.body), month: month, code: code, format: format)
        } catch {
            progress.note(String(describing: error))
            return nil
        }
    }

    /// The market whose exchange publishes `code`'s daily prices, as far as the cache knows:
    /// the company lists, then the newest cached month with trading days, then the all-market
    /// days (every code in them is on TWSE). `nil` when the cache does not say.
    package func knownMarket(of code: StockCode, progress: ProgressReporter) -> Market? {
        if let company = company(code) { return company.market }
        for (key, month, market) in cachedMonthKeys(of: code) {
            if let found = readMonth(key, month: month, code: code, market: market, progress: progress),
                !found.ticks.isEmpty
            {
                return found.market
            }
        }
        let listed = cachedMarketDays(progress: progress).contains { day in day.ticks.contains { $0.code == code } }
        return listed ? .listed : nil
    }

    /// Finds which exchange publishes `code`'s daily prices by asking: TWSE first, then TPEx,
    /// for `month` and then, when neither has trading days in it (the first days of a month),
    /// for the month before.
    ///
    /// - Parameters:
    ///   - ask: Asks for one month of one market; by default ``month(_:of:market:request:)``.
    ///     A caller that has asked some months already answers those without a request.
    /// - Returns: The market, the month that answered, and a sentence saying who answered.
    /// - Throws: ``MarketDataError/notFound(_:months:)`` when neither has any trading day of the
    ///   code, or the first error met when a request failed.
    package func discoverMarket(
        of code: StockCode, month: YearMonth, request: LoadRequest,
        ask: (@Sendable (YearMonth, Market) async throws -> Sourced<StockMonth>)? = nil
    ) async throws -> (market: Market, month: Sourced<StockMonth>, answer: String) {
        var firstError: (any Error)?
        var asked: [YearMonth] = []
        for candidate in [month, month.previous] {
            asked.append(candidate)
            for market in [Market.listed, .otc] {
                do {
                    let result =
                        if let ask {
                            try await ask(candidate, market)
                        } else {
                            try await self.month(candidate, of: code, market: market, request: request)
                        }
                    guard !result.value.ticks.isEmpty else { continue }
                    let host = market == .listed ? "TWSE" : "TPEx"
                    let answer =
                        market == .listed
                        ? "\(code): \(host) answered (上市)"
                        : "\(code): TWSE has no daily prices of it; \(host) answered (上櫃)"
                    return (market, result, answer)
                } catch {
                    if Task.isCancelled { throw CancellationError() }
                    if firstError == nil { firstError = error }
                }
            }
        }
        if let firstError { throw firstError }
        throw MarketDataError.notFound(code, months: asked)
    }

    static func parseMonth(
        _ bytes: [UInt8], month: YearMonth, code: StockCode, format: TWSEFormat = .stockDayJSON
    ) throws(TWSEParseError) -> StockMonth {
        if format == .tpexStockMonthJSON {
            return try TPExStockMonthParser.parse(bytes, requestedMonth: month, code: code)
        }
        switch Self.firstByte(of: bytes) {
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            break
        default:
            return try StockDayCSVParser.parse(bytes, requestedMonth: month, code: code)
        }
        do {
            return try StockDayJSONParser.parse(bytes, requestedMonth: month, code: code)
        } catch .exchangeMessage(_, let message) where message.firstRange(of: "沒有符合條件") != nil {
            // TWSE's "no data for these conditions": a month without trading days (yet).
            return StockMonth(code: code, name: nil, month: month, title: message, ticks: [], notes: [], issues: [])
        }
    }

    /// The first byte that is not whitespace or a byte order mark: `[` or `{` for JSON.
    static func firstByte(of bytes: [UInt8]) -> UInt8? {
        ByteOrderMark.dropping(from: bytes.prefix(4096)).first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    }

    // MARK: - The one way data is obtained

    /// Cache, network and fallback in one place, for any resource of the exchanges: the
    /// package's downloader, with the exchanges' block page and a dropped connection taken as a
    /// block.
    func obtain<Value: Sendable>(
        _ resource: ExchangeResource<Value>, request: LoadRequest
    ) async throws -> Sourced<Value> {
        let progress = request.progress
        let result = try await downloader.fetch(
            resource.url, key: resource.key, rule: resource.rule, body: resource.body, refresh: request.refresh,
            progress: { received, total in
                progress.update {
                    $0.unit = .bytes
                    $0.completed = received
                    $0.total = total
                }
            }, note: { progress.note($0) })
        if let failure = result.cacheFailure { reportCacheProblem(failure, progress: progress) }
        if !result.provenance.fromCache {
            if result.key.hasPrefix(Self.dayPrefix) { parsedDays.withLock { $0[result.key] = nil } }
            reportSkippedRows(resource.issues(result.value), of: resource.title, progress: progress)
        }
        return Sourced(result.value, result.provenance)
    }

    private func reportSkippedRows(_ skipped: [ParseIssue], of what: String, progress: ProgressReporter) {
        guard !skipped.isEmpty else { return }
        let lines = skipped.prefix(3).map { $0.row.map { "row \($0)" } ?? "line \($0.line)" }.joined(separator: ", ")
        progress.note("\(what): skipped \(skipped.count) malformed row(s) (\(lines)\(skipped.count > 3 ? ", …" : ""))")
    }

    /// The exchanges' "FOR SECURITY REASONS" page, recognised for the downloader.
    static let blockPages = BlockPageRecognizer { bytes in
        isBlockPage(Data(bytes)) ? "it answered with its \"FOR SECURITY REASONS\" page" : nil
    }

    static func isBlockPage(_ body: Data) -> Bool {
        if case .blockPage = TWSEFileRecognizer.recognize(data: Array(body.prefix(65_536)), fileName: "") {
            return true
        }
        return false
    }

    private func reportCacheProblem(_ error: CacheError, progress: ProgressReporter) {
        let first = cacheProblemReported.withLock { reported in
            defer { reported = true }
            return !reported
        }
        if first { progress.note(error.description) }
    }

    /// Writes an imported file into the cache.
    func store(_ key: String, body: Data, source: String, tradingDate: CalendarDate?) throws(CacheError) {
        try cache.write(key, body: body, source: source, fetchedAt: now(), tradingDate: tradingDate)
        parsedDays.withLock { $0[key] = nil }
        // An imported company list is read again when a company is next asked for.
        if let market = Market.allCases.first(where: { Self.companyListKey($0) == key }) {
            _ = companyIndex.withLock { $0.removeValue(forKey: market) }
        }
    }
}

/// Problems with the exchange's answers that are not parse errors.
package enum MarketDataError: Error, Sendable, Hashable, CustomStringConvertible {
    case undatedDay(String)
    /// The security is on a market whose prices no exchange publishes day by day (興櫃).
    case noDailyPrices(StockCode, Market)
    /// Neither TWSE nor TPEx has a trading day of the code in these months.
    case notFound(StockCode, months: [YearMonth])

    package var description: String {
        switch self {
        case .undatedDay(let host):
            return "\(host) sent STOCK_DAY_ALL without a trading date (no Content-Disposition file name); "
                + "it was not kept"
        case .noDailyPrices(let code, let market):
            return "\(code) is a \(market.title) (\(market.rawValue)) security: no daily prices are published for "
                + "the \(market.title) market (TWSE publishes 上市 prices, TPEx 上櫃 prices)"
        case .notFound(let code, let months):
            let asked = months.map(\.description).joined(separator: " or ")
            return "neither TWSE nor TPEx has daily prices of \(code) in \(asked); check the code"
        }
    }
}
