import Foundation
import ListKit
import Synchronization

/// What is known of a security when its screen opens: its code, and perhaps its name, its
/// company and the market whose exchange publishes its prices.
struct Security: Sendable {
    var code: StockCode
    var name: String?
    var company: Company?
    /// `nil` until found: from the cached lists, or by asking TWSE and then TPEx.
    var market: Market?
}

/// One security's daily prices, newest first, for any security of either market: a 上市
/// company or ETF from TWSE's STOCK_DAY, a 上櫃 one from TPEx's tradingStock. Its months are
/// fetched one request at a time (the throttle spaces them), merged with the days already on
/// disk (months fetched or imported before, all-market days); `older N` fetches N more.
///
/// One screen type whatever the security: its header lines are computed from its items, so a
/// view above the table (a chart) can be made from the same items.
enum SecurityScreen {
    /// The most months one command asks for: ten years.
    static let maximumMonths = 120

    /// The screen, with `months` months (the current one and those before it) to load.
    @MainActor
    static func make(_ security: Security, store: MarketDataStore, context: DatasetContext, months: Int = 1)
        -> GenericListController<DailyTick, ColumnsRow>
    {
        let state = SecurityState(security, current: YearMonth(TaipeiTime.day(of: context.now())))
        let log = ProvenanceLog()
        let code = security.code
        // Everything already on disk: months fetched or imported before, and the all-market days.
        let cached = ListSource<DailyTick>(id: "cached", title: "cached days") { request in
            let months = store.cachedMonths(of: code, progress: request.progress)
            for month in months { state.learn(month) }
            let days = store.cachedMarketDays(progress: request.progress).flatMap { day in
                day.ticks.filter { $0.code == code && $0.date != nil }
            }
            if let name = days.last?.name { state.learnName(name) }
            let ticks = months.flatMap(\.ticks) + days
            // Nothing on disk for a security no exchange knows: the screen fails with the reason.
            if ticks.isEmpty, let reason = state.marketProblem { throw reason }
            return ticks
        }
        let newestFirst: (DailyTick, DailyTick) -> Bool = { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
        let initial = state.months.start(min(max(1, months), maximumMonths))
        // The name and the header follow what the loads learn of the security.
        let title: ([DailyTick]) -> String? = { _ in state.title }
        let headerLines: (GenericListController<DailyTick, ColumnsRow>) -> [String] = { controller in
            header(controller.items, state: state, log: log, context: context)
        }
        let controller = GenericListController(
            title: state.title, titleFromItems: title,
            sources: initial.map { monthSource($0, state: state, store: store, log: log) } + [cached],
            order: newestFirst, columns: TickPresentation.columns(withSecurity: false) { state.name },
            header: headerLines
        ) { tick in
            .detail(TickPresentation.detail(tick, company: state.company, name: state.name))
        }
        // Closes with volume bars by date: drawn above the table on a tall terminal, and what
        // `chart` alone draws; with many months loaded it spans them all.
        let columns = controller.columns
        if let close = columns.first(where: { $0.name == "close" }),
            let date = columns.first(where: { $0.name == "date" })
        {
            controller.chartRequest = ChartRequest(
                y: close, x: date, bars: columns.first { $0.name == "volume" })
        }
        controller.addCommands([
            ListCommand(olderCommand) { [weak controller] arguments, progress in
                guard let controller else { return .none }
                let count = try olderCount(arguments)
                // Months asked before that did not arrive (failed, or stopped by Ctrl-C) come first.
                let missing = state.months.all.filter { !controller.isLoaded(source: sourceID($0)) }
                let new = state.months.nextOlder(count)
                for month in new { controller.add(monthSource(month, state: state, store: store, log: log)) }
                let wanted = missing + new
                // The days on disk come too, if Ctrl-C stopped the first load before them.
                let ids = Set(wanted.map(sourceID) + (controller.isLoaded(source: "cached") ? [] : ["cached"]))
                await controller.load(sources: ids, force: false, progress: progress)
                let arrived = wanted.filter { controller.isLoaded(source: sourceID($0)) }
                if Task.isCancelled {
                    progress.note(
                        "\(arrived.count) of \(wanted.count) months arrived before Ctrl-C; "
                            + "older fetches the rest first")
                    return .none
                }
                let failed = controller.sourceFailures.filter { failure in
                    wanted.contains { state.sourceTitle($0) == failure.source }
                }
                if arrived.isEmpty, let failure = failed.first {
                    throw LoadFailure(source: failure.source, reason: failure.reason)
                }
                for failure in failed {
                    progress.note("\(failure.source) did not load: \(failure.reason); the other months are shown")
                }
                return .none
            },
            ListCommand(infoCommand) { _, _ in
                .detail(info(state))
            },
        ])
        return controller
    }

    /// `older [N]`: more months.
    static let olderCommand = ListCommandDeclaration(
        name: "older", usage: "older [N]",
        summary: "fetch N more months (default 1), one request at a time; Ctrl-C keeps what arrived")
    /// `info`: the company's details.
    static let infoCommand = ListCommandDeclaration(
        name: "info", usage: "info", summary: "the company's details (or what is known of the security)")
    /// The commands the screen adds, which every dataset that opens it declares.
    static let commands = [olderCommand, infoCommand]

    static func sourceID(_ month: YearMonth) -> String { "month-\(month)" }

    /// `older`, `older 12`.
    static func olderCount(_ arguments: String) throws(OlderCountError) -> Int {
        let text = arguments.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return 1 }
        guard let count = Int(text), (1...maximumMonths).contains(count) else { throw OlderCountError(given: text) }
        return count
    }

    /// One month of the security, from the exchange of its market (found first when unknown).
    static func monthSource(
        _ month: YearMonth, state: SecurityState, store: MarketDataStore, log: ProvenanceLog
    ) -> ListSource<DailyTick> {
        let id = sourceID(month)
        return ListSource(id: id, title: state.sourceTitle(month)) { request in
            let months = request.batch.filter { $0.hasPrefix("month-") }
            if let index = months.firstIndex(of: id), months.count > 1 {
                request.progress.update { progress in
                    // The last month's bytes are not this one's: while the throttle waits, only the step shows.
                    progress = LoadProgress(step: "month \(index + 1) of \(months.count) · \(month)")
                }
            }
            // A load starts with nothing asked; the months it asks are each asked once.
            if months.first ?? id == id { state.forgetAsked() }
            // The last month of a load says which months had no trading days, in one line.
            defer { if months.last == id { state.reportEmptyMonths(request.progress) } }
            let (market, probed) = try await state.market(store: store, month: month, request: request)
            let result: Sourced<StockMonth>
            if let probed, probed.value.month == month {
                result = probed
            } else {
                result = try await state.month(month, market: market, store: store, request: request)
            }
            log.record(id, result.provenance)
            state.learn(result.value)
            if result.value.ticks.isEmpty { state.noteEmpty(month) }
            return result.value.ticks
        }
    }

    /// The lines above the table: who the security is, a sparkline of closes, where the days
    /// came from.
    static func header(_ ticks: [DailyTick], state: SecurityState, log: ProvenanceLog, context: DatasetContext)
        -> [String]
    {
        let market = state.market
        var identity = "\(state.code)"
        if let company = state.company {
            identity +=
                " \(company.shortName) · \(company.name) · \(company.market.title) · "
                + (company.industryName ?? company.industryCode ?? "")
        } else {
            if let name = state.name { identity += " \(name)" }
            identity +=
                " · " + (market.map { "\($0.title) (\($0 == .otc ? "TPEx" : "TWSE"))" } ?? "market not known yet")
        }
        var lines = [identity]
        let dated = ticks.filter { $0.close != nil }.reversed()
        let closes = dated.compactMap(\.close)
        if let first = dated.first, let last = dated.last, let from = first.close, let to = last.close {
            lines.append(
                "close \(Sparkline.render(closes)) \(from.formatted(grouping: true)) → "
                    + "\(to.formatted(grouping: true)) · \(closes.count) day\(closes.count == 1 ? "" : "s") "
                    + "\(first.date?.description ?? "") – \(last.date?.description ?? "")")
        } else {
            lines.append("no trading days loaded yet · older fetches the month before")
        }
        if let age = log.describe(now: context.now(), offline: context.offline) {
            var line =
                "\(market == .otc ? "TPEx tradingStock" : "STOCK_DAY") \(age) · older fetches \(state.months.nextNew)"
            if market == .otc { line += " · volume and value: TPEx's lots and NT$ thousands ×1,000" }
            lines.append(line)
        }
        return lines
    }

    /// The company's details, or what is known of a security without company data.
    static func info(_ state: SecurityState) -> Detail {
        if let company = state.company { return CompanyPresentation.detail(company) }
        var fields: [Detail.Field] = [.init("code", state.code.rawValue)]
        if let name = state.name { fields.append(.init("name", name)) }
        fields.append(.init("market", state.market.map { "\($0.title) (\($0.rawValue))" } ?? "not known yet"))
        return Detail(
            title: state.title, fields: fields,
            notes: [
                "not in the cached company lists: an ETF, a fund or a security without company data "
                    + "(or the lists were not downloaded: open companies)"
            ])
    }
}

/// What a security's screen learns as it loads, shared by its sources and read by its header.
final class SecurityState: Sendable {
    let code: StockCode
    let company: Company?
    let months: MonthLog
    private let known: Mutex<(name: String?, market: Market?)>
    private let emptyMonths = Mutex<[YearMonth]>([])
    private let problem = Mutex<(any Error)?>(nil)
    /// What this load has asked the exchanges, by month and market, and what came back: finding
    /// the market asks a month and the one before, and neither that month's own source nor the
    /// next search asks them again (an error, which the cache does not keep, included).
    private let asked = Mutex<[AskedMonth: Result<Sourced<StockMonth>, any Error>]>([:])

    private struct AskedMonth: Hashable {
        let month: YearMonth
        let market: Market
    }

    /// Why the market could not be found, when it could not.
    var marketProblem: (any Error)? { problem.withLock { $0 } }

    init(_ security: Security, current: YearMonth) {
        code = security.code
        company = security.company
        months = MonthLog(current: current)
        known = Mutex((security.company?.shortName ?? security.name, security.company?.market ?? security.market))
    }

    var name: String? { known.withLock { $0.name } }
    var market: Market? { known.withLock { $0.market } }

    /// `2330 台積電`, or the code alone until the name is known.
    var title: String { name.map { "\(code) \($0)" } ?? code.rawValue }

    /// `month 2025-06`, whichever exchange publishes it (the header says which).
    func sourceTitle(_ month: YearMonth) -> String { "month \(month)" }

    func learnName(_ name: String) {
        known.withLock { if $0.name == nil { $0.name = name } }
    }

    /// A month's name and market, when they were not known.
    func learn(_ month: StockMonth) {
        known.withLock { known in
            if known.name == nil { known.name = month.name }
            if known.market == nil, !month.ticks.isEmpty { known.market = month.market }
        }
    }

    /// The market to ask, found the first time: the cached lists, then TWSE and TPEx (the
    /// month that answered is returned, so it is not asked for twice).
    ///
    /// - Throws: ``MarketDataError/noDailyPrices(_:_:)`` for a 興櫃 security, or what finding failed with.
    func market(store: MarketDataStore, month: YearMonth, request: LoadRequest) async throws -> (
        Market, Sourced<StockMonth>?
    ) {
        var found = market
        if found == nil { found = store.knownMarket(of: code, progress: request.progress) }
        if let found {
            guard found != .emerging else { throw MarketDataError.noDailyPrices(code, found) }
            known.withLock { $0.market = found }
            return (found, nil)
        }
        let discovered: (market: Market, month: Sourced<StockMonth>, answer: String)
        do {
            discovered = try await store.discoverMarket(of: code, month: month, request: request) {
                candidate, market in
                try await self.month(candidate, market: market, store: store, request: request)
            }
        } catch {
            problem.withLock { $0 = error }
            throw error
        }
        known.withLock { $0.market = discovered.market }
        request.progress.note(discovered.answer)
        return (discovered.market, discovered.month)
    }

    /// One month of the security from `market`'s exchange, asked once per load: a month this
    /// load asked already answers with what came back then.
    ///
    /// - Throws: What the store threw, now or when it was asked.
    func month(_ month: YearMonth, market: Market, store: MarketDataStore, request: LoadRequest) async throws
        -> Sourced<StockMonth>
    {
        let key = AskedMonth(month: month, market: market)
        if let earlier = asked.withLock({ $0[key] }) { return try earlier.get() }
        do {
            let result = try await store.month(month, of: code, market: market, request: request)
            asked.withLock { $0[key] = .success(result) }
            return result
        } catch {
            // A cancelled request was not answered: the next load asks it.
            if !(error is CancellationError), !Task.isCancelled { asked.withLock { $0[key] = .failure(error) } }
            throw error
        }
    }

    /// Starts a load: the months asked in an earlier one are asked again.
    func forgetAsked() {
        asked.withLock { $0.removeAll() }
    }

    func noteEmpty(_ month: YearMonth) {
        emptyMonths.withLock { $0.append(month) }
    }

    /// `TWSE has no trading days of 2330 in 2025-05, 2025-04`, once for the months gathered.
    func reportEmptyMonths(_ progress: ProgressReporter) {
        let months = emptyMonths.withLock { months in
            defer { months.removeAll() }
            return months
        }
        guard !months.isEmpty else { return }
        let exchange = market == .otc ? "TPEx" : "TWSE"
        let list = months.sorted(by: >).map(\.description)
        let shown =
            list.count > 6
            ? list.prefix(5).joined(separator: ", ") + ", … (\(list.count) months)" : list.joined(separator: ", ")
        progress.note("\(exchange) has no trading days of \(code) in \(shown)")
    }
}

/// An `older` count that cannot be used, in the screen's own words.
struct OlderCountError: UserFacingError {
    let given: String
    var description: String {
        "older \(given): give a number of months from 1 to \(SecurityScreen.maximumMonths), or nothing for one"
    }
    var exitCode: ExitCode { .usage }
}

extension CalendarDate {
    static let distantPast = CalendarDate(clamping: 1, month: 1, day: 1)
}
