import Foundation
import ListKit
import Synchronization

/// The one loader of a security's screen. Its sources — one per month, and the days already on
/// disk — each ask it for their days, in any order: it finds the market (the cached lists, the
/// cache, else TWSE and then TPEx), fetches a month from its exchange, reads the days on disk
/// that no month source reads, and answers each with a value: the days, and the market, name
/// and company they showed.
///
/// Within one load (the sources that share a progress reporter), each month of each exchange
/// is asked once: finding the market asks a month and the one before, and neither the month's
/// own source nor the next search asks them again, an error included. The next load asks again.
final class SecurityLoader: Sendable {
    let code: StockCode
    let store: MarketDataStore
    /// The months the screen has sources for.
    let months: MonthLog
    /// Where each source's days came from, for the header.
    let log = ProvenanceLog()
    private let known: Mutex<Security>
    private let currentLoad = Mutex(LoadRecord())

    /// What one load has asked and found.
    private struct LoadRecord {
        /// The load's progress reporter, which every source of a load shares.
        weak var reporter: ProgressReporter?
        var asked: [AskedMonth: Result<Sourced<StockMonth>, any Error>] = [:]
        /// Months without trading days, said once when the load's last month is done.
        var emptyMonths: [YearMonth] = []
    }

    private struct AskedMonth: Hashable {
        let month: YearMonth
        let market: Market
    }

    /// - Parameters:
    ///   - security: What is known of the security when its screen opens.
    ///   - store: The exchanges' data.
    ///   - current: The month the screen opens in.
    init(_ security: Security, store: MarketDataStore, current: YearMonth) {
        code = security.code
        self.store = store
        months = MonthLog(current: current)
        known = Mutex(security)
    }

    /// What the loads have shown of the security so far, for the title and the header.
    var security: Security { known.withLock { $0 } }

    static func sourceID(_ month: YearMonth) -> String { "month-\(month)" }

    // MARK: - Sources

    /// The source of one month, from the exchange of the security's market.
    func source(for month: YearMonth) -> ListSource<DailyTick> {
        let id = Self.sourceID(month)
        return ListSource(id: id, title: "month \(month)") { [self] request in
            let batch = request.batch.filter { $0.hasPrefix("month-") }
            if let index = batch.firstIndex(of: id), batch.count > 1 {
                request.progress.update { progress in
                    // The last month's bytes are not this one's: while the throttle waits, only the step shows.
                    progress = LoadProgress(step: "month \(index + 1) of \(batch.count) · \(month)")
                }
            }
            // The last month of a load says which months had no trading days, in one line.
            defer { if batch.last == id { reportEmptyMonths(request) } }
            let days = try await self.month(month, request: request)
            known.withLock { $0.learn(days) }
            return days.ticks
        }
    }

    /// The source of the days already on disk that no month source reads: months fetched or
    /// imported before, and the all-market days.
    func cachedSource() -> ListSource<DailyTick> {
        ListSource(id: "cached", title: "cached days") { [self] request in
            let days = try await cachedDays(request: request)
            known.withLock { $0.learn(days) }
            return days.ticks
        }
    }

    // MARK: - Answers

    /// One month of the security, from the exchange of its market (found first when unknown).
    ///
    /// - Throws: ``MarketDataError/noDailyPrices(_:_:)`` for a 興櫃 security, or what finding
    ///   the market, the download or the parser threw.
    func month(_ month: YearMonth, request: LoadRequest) async throws -> SecurityDays {
        let company = company()
        let (market, probed) = try await market(for: month, company: company, request: request)
        let result: Sourced<StockMonth>
        if let probed, probed.value.month == month {
            result = probed
        } else {
            result = try await ask(month, market: market, request: request)
        }
        log.record(Self.sourceID(month), result.provenance)
        let answer = result.value
        if answer.ticks.isEmpty { record(request) { $0.emptyMonths.append(month) } }
        return SecurityDays(
            ticks: answer.ticks, market: answer.ticks.isEmpty ? market : answer.market, name: answer.name,
            company: company)
    }

    /// The days on disk that no month source of the screen reads (so none is parsed twice).
    /// When there are none, the market is found, so that a code no exchange knows fails with
    /// the reason rather than an empty list.
    ///
    /// - Throws: What finding the market threw, when nothing is on disk.
    func cachedDays(request: LoadRequest) async throws -> SecurityDays {
        let company = company()
        let progress = request.progress
        let months = store.cachedMonths(of: code, excluding: Set(self.months.all), progress: progress)
        let days = store.cachedMarketDays(progress: progress).flatMap { day in
            day.ticks.filter { $0.code == code && $0.date != nil }
        }
        let ticks = months.flatMap(\.ticks) + days
        if ticks.isEmpty { _ = try await market(for: self.months.current, company: company, request: request) }
        let traded = months.first { !$0.ticks.isEmpty }
        return SecurityDays(
            ticks: ticks, market: traded?.market ?? (days.isEmpty ? nil : .listed),
            name: days.last?.name ?? months.lazy.compactMap(\.name).first, company: company)
    }

    /// The security's company, from the cached lists (read once per run, off the main actor).
    private func company() -> Company? {
        known.withLock { $0.company } ?? store.company(code)
    }

    /// The market to ask, and the month that answered when finding it asked one: what the
    /// loads know, the company lists, the cache, else TWSE and then TPEx.
    ///
    /// - Throws: ``MarketDataError/noDailyPrices(_:_:)`` for a 興櫃 security, or what finding failed with.
    private func market(for month: YearMonth, company: Company?, request: LoadRequest) async throws -> (
        Market, Sourced<StockMonth>?
    ) {
        let found =
            known.withLock { $0.market } ?? company?.market ?? store.knownMarket(of: code, progress: request.progress)
        if let found {
            guard found != .emerging else { throw MarketDataError.noDailyPrices(code, found) }
            return (found, nil)
        }
        let discovered = try await store.discoverMarket(of: code, month: month, request: request) {
            candidate, market in
            try await self.ask(candidate, market: market, request: request)
        }
        known.withLock { if $0.market == nil { $0.market = discovered.market } }
        request.progress.note(discovered.answer)
        return (discovered.market, discovered.month)
    }

    /// One month of the security from `market`'s exchange, asked once per load: a month this
    /// load asked already answers with what came back then.
    ///
    /// - Throws: What the store threw, now or when it was asked.
    private func ask(_ month: YearMonth, market: Market, request: LoadRequest) async throws -> Sourced<StockMonth> {
        let key = AskedMonth(month: month, market: market)
        if let earlier = record(request, { $0.asked[key] }) { return try earlier.get() }
        do {
            let result = try await store.month(month, of: code, market: market, request: request)
            record(request) { $0.asked[key] = .success(result) }
            return result
        } catch {
            // A cancelled request was not answered: the next load asks it.
            if !(error is CancellationError), !Task.isCancelled { record(request) { $0.asked[key] = .failure(error) } }
            throw error
        }
    }

    /// `TWSE has no trading days of 2330 in 2025-05, 2025-04`, once for the months gathered.
    private func reportEmptyMonths(_ request: LoadRequest) {
        let months = record(request) { record in
            defer { record.emptyMonths.removeAll() }
            return record.emptyMonths
        }
        guard !months.isEmpty else { return }
        let exchange = security.market == .otc ? "TPEx" : "TWSE"
        let list = months.sorted(by: >).map(\.description)
        let shown =
            list.count > 6
            ? list.prefix(5).joined(separator: ", ") + ", … (\(list.count) months)" : list.joined(separator: ", ")
        request.progress.note("\(exchange) has no trading days of \(code) in \(shown)")
    }

    /// Reads or changes the record of `request`'s load, starting a new one when the load is not
    /// the one recorded.
    private func record<Value>(_ request: LoadRequest, _ body: (inout LoadRecord) -> Value) -> Value {
        currentLoad.withLock { record in
            if record.reporter !== request.progress { record = LoadRecord(reporter: request.progress) }
            return body(&record)
        }
    }
}
