import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

extension MarketDataStore {
    /// One market's answer to a day report: one request per market per day through the
    /// polite client (its throttle, its block pages), cached for good once the day is past.
    ///
    /// A day with no data (a holiday, a day not published yet) is a report without rows whose
    /// ``DayReport/noData`` says so, never an error. Such an answer for today is not cached, so
    /// the next look asks again; for a past day it is kept like any other. A day still to come
    /// is answered without a request.
    ///
    /// - Parameters:
    ///   - kind: Which report.
    ///   - market: Whose: 上市 (TWSE) or 上櫃 (TPEx).
    ///   - day: The trading day.
    ///   - parse: Reads a body of the report for `day`.
    /// - Throws: ``DayReportError/notPublished(_:market:)`` when the market's exchange has no
    ///   such report; otherwise what the download or the parser threw.
    package func dayReport<Row: Sendable>(
        _ kind: DayReportKind, market: Market, day: CalendarDate, request: LoadRequest,
        parse: @escaping @Sendable ([UInt8]) throws(TWSEParseError) -> DayReport<Row>
    ) async throws -> Sourced<DayReport<Row>> {
        guard let url = hosts.dayReport(kind, market: market, day: day), let name = kind.name(market) else {
            throw DayReportError.notPublished(kind, market: market)
        }
        let clock = now
        let today = TaipeiTime.day(of: clock())
        if day > today {
            let report = DayReport<Row>.empty(
                day, market: market, saying: "\(day) has not come yet (today is \(today))")
            return Sourced(report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
        var resource = ExchangeResource<DayReport<Row>>(
            key: kind.cacheKey(market, day: day), title: "\(name) for \(day)", url: url,
            isFresh: { metadata, now in Freshness.dayReportIsFresh(day, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in
                let report = try parse(bytes)
                // "No data" for today may only mean "not yet": it is never kept as the day's answer.
                if report.noData != nil, day >= TaipeiTime.day(of: clock()) { throw UnkeptAnswer(report: report) }
                return report
            },
            issues: \.issues, count: \.rows.count)
        resource.isFinal = { metadata in Freshness.dayReportIsFinal(day, fetchedAt: metadata.fetchedAt) }
        do {
            return try await obtain(resource, request: request)
        } catch let unkept as UnkeptAnswer<Row> {
            return Sourced(unkept.report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
    }

    /// The latest trading day, as `ticks` finds it: the date of the newest all-market day
    /// (STOCK_DAY_ALL), from the cache while it is fresh, else downloaded.
    ///
    /// - Throws: ``DayReportError/unknownLatestDay`` when the all-market day carries no date,
    ///   or what the download threw.
    package func latestTradingDay(request: LoadRequest) async throws -> CalendarDate {
        guard let date = try await latestMarketDay(request: request).value.date else {
            throw DayReportError.unknownLatestDay
        }
        return date
    }
}

/// A no-data answer for today, carried past the cache so it is not kept.
private struct UnkeptAnswer<Row: Sendable>: Error {
    let report: DayReport<Row>
}

/// Why a day report could not be asked for.
package enum DayReportError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The market's exchange does not publish this report.
    case notPublished(DayReportKind, market: Market)
    /// The latest trading day is not known: STOCK_DAY_ALL came without its date.
    case unknownLatestDay

    package var description: String {
        switch self {
        case .notPublished(let kind, let market):
            return "no \(kind.rawValue) report is published for the \(market.title) (\(market.rawValue)) market"
        case .unknownLatestDay:
            return "the latest trading day is not known (STOCK_DAY_ALL came without its date); "
                + "give the day with --date yyyy-mm-dd"
        }
    }
}
