import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

extension MarketDataStore {
    /// One market's ex-rights and ex-dividend days from `from` to `to`: one request (TWSE's
    /// TWT49U, TPEx's exDailyQ, sent as a form with POST) through the polite client, kept for
    /// good once fetched after the range ended.
    ///
    /// Days still to come are not asked: the range ends today at the latest, and a range that
    /// starts after today is answered without a request. A range without such days is a report
    /// without rows whose `noData` says so; if it ends today it is not kept, so the next look
    /// asks again.
    ///
    /// - Parameters:
    ///   - key: Where the answer is cached; by default the market's folder and the range
    ///     (`twse/TWT49U/20240304-20240305`). A company's years are kept by year.
    /// - Throws: ``DayReportError/notPublished(_:market:)`` for 興櫃, or what the download or
    ///   the parser threw.
    package func exRights(
        _ market: Market, from: CalendarDate, to: CalendarDate, request: LoadRequest, key: String? = nil
    ) async throws -> Sourced<ExRightsReport> {
        let clock = now
        let today = TaipeiTime.day(of: clock())
        let end = min(to, today)
        guard let (url, body) = hosts.exRights(market, from: from, to: end),
            let name = DayReportKind.exRights.name(market)
        else {
            throw DayReportError.notPublished(.exRights, market: market)
        }
        if from > end {
            let report = ExRightsReport(
                from: from, to: to, market: market, rows: [],
                noData: from > today ? "\(from) has not come yet (today is \(today))" : "\(from) is after \(to)")
            return Sourced(report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
        let format: TWSEFormat = market == .otc ? .tpexExRightsJSON : .exRightsJSON
        var resource = ExchangeResource<ExRightsReport>(
            key: key ?? "\(DayReportKind.exRights.folder(market))/\(from.compact)-\(end.compact)",
            title: "\(name) for \(from) – \(end)", url: url,
            isFresh: { metadata, now in Freshness.dayReportIsFresh(end, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in
                let report =
                    format == .tpexExRightsJSON
                    ? try ExRightsParser.parseTPEx(bytes, from: from, to: end)
                    : try ExRightsParser.parseTWSE(bytes, from: from, to: end)
                // "None" for a range that ends today may only mean "not yet": it is not kept.
                if report.noData != nil, end >= TaipeiTime.day(of: clock()) { throw UnkeptRange(report: report) }
                return report
            },
            issues: \.issues, count: \.rows.count)
        resource.body = body
        resource.isFinal = { metadata in Freshness.dayReportIsFinal(end, fetchedAt: metadata.fetchedAt) }
        do {
            return try await obtain(resource, request: request)
        } catch let unkept as UnkeptRange {
            return Sourced(unkept.report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
    }

    /// TWSE's detail of one security's ex-rights or ex-dividend day (TWT49UDetail), kept for
    /// good once fetched after the day.
    ///
    /// - Returns: The detail, or `nil` when TWSE has none.
    /// - Throws: What the download or the parser threw.
    package func exRightsDetail(_ code: StockCode, day: CalendarDate, request: LoadRequest) async throws
        -> Sourced<ExRightsDetail?>
    {
        var resource = ExchangeResource<ExRightsDetail?>(
            key: "twse/TWT49UDetail/\(code.rawValue)/\(day.compact)", title: "TWT49UDetail of \(code) for \(day)",
            url: hosts.exRightsDetail(code, day: day),
            isFresh: { metadata, now in Freshness.dayReportIsFresh(day, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in try ExRightsDetailParser.parse(bytes, code: code, day: day) },
            issues: { _ in [] }, count: { $0?.items.count ?? 0 })
        resource.isFinal = { metadata in Freshness.dayReportIsFinal(day, fetchedAt: metadata.fetchedAt) }
        return try await obtain(resource, request: request)
    }
}

/// A range without rows that ends today, carried past the cache so it is not kept.
private struct UnkeptRange: Error {
    let report: ExRightsReport
}
