import BrowseSupport
import Foundation
import ListKit
import ListKitNetworking

extension MarketDataStore {
    /// The 上市 market's trading days of `month` (FMTQIK): one request, kept for good once
    /// fetched after the month; a month still to come is answered without one.
    ///
    /// - Throws: What the download or the parser threw.
    package func marketMonth(_ month: YearMonth, request: LoadRequest) async throws -> Sourced<MarketSummaryMonth> {
        let clock = now
        let url = hosts.marketMonth(month)
        let current = YearMonth(TaipeiTime.day(of: clock()))
        if month > current {
            let summary = MarketSummaryMonth(
                month: month, days: [], noData: "\(month) has not come yet (this is \(current))")
            return Sourced(summary, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
        var resource = ExchangeResource<MarketSummaryMonth>(
            key: "twse/FMTQIK/\(month.year)\(month.month < 10 ? "0" : "")\(month.month)",
            title: "FMTQIK for \(month)", url: url,
            isFresh: { metadata, now in Freshness.monthIsFresh(month, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in try MarketMonthParser.parse(bytes, month: month) },
            issues: \.issues, count: \.days.count)
        resource.isFinal = { metadata in Freshness.monthIsFinal(month, fetchedAt: metadata.fetchedAt) }
        return try await obtain(resource, request: request)
    }

    /// The 上市 market's day (MI_INDEX): one request, kept for good once fetched after the
    /// day; "no data" for today is not kept, and a day still to come is not asked.
    ///
    /// - Throws: What the download or the parser threw.
    package func marketDay(_ day: CalendarDate, request: LoadRequest) async throws -> Sourced<MarketDayReport> {
        let clock = now
        let url = hosts.marketDay(day)
        let today = TaipeiTime.day(of: clock())
        if day > today {
            let report = MarketDayReport(date: day, noData: "\(day) has not come yet (today is \(today))")
            return Sourced(report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
        var resource = ExchangeResource<MarketDayReport>(
            key: "twse/MI_INDEX/\(day.compact)", title: "MI_INDEX for \(day)", url: url,
            isFresh: { metadata, now in Freshness.dayReportIsFresh(day, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in
                let report = try MarketDayParser.parse(bytes, day: day)
                if report.noData != nil, day >= TaipeiTime.day(of: clock()) { throw UnkeptMarketDay(report: report) }
                return report
            },
            issues: \.issues, count: { $0.quotes.count + $0.indices.count })
        resource.isFinal = { metadata in Freshness.dayReportIsFinal(day, fetchedAt: metadata.fetchedAt) }
        do {
            return try await obtain(resource, request: request)
        } catch let unkept as UnkeptMarketDay {
            return Sourced(unkept.report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
    }
}

/// Today's day without data, carried past the cache so it is not kept.
private struct UnkeptMarketDay: Error {
    let report: MarketDayReport
}
