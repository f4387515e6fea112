import Foundation
import ListKit
import ListKitNetworking

extension MarketDataStore {
    /// One market's revenue page for `month` at MOPS (t21sc03): one request through the polite
    /// client, kept for good once fetched from the second month after it on.
    ///
    /// A page MOPS has not published yet (`查無資料`) is a report without rows whose `noData`
    /// says so; while the month may still be published it is not kept, so the next look asks
    /// again. A month still to come is answered without a request.
    ///
    /// - Throws: ``DayReportError/notPublished(_:market:)`` for 興櫃, or what the download or
    ///   the parser threw.
    package func monthlyRevenue(_ market: Market, month: YearMonth, request: LoadRequest) async throws
        -> Sourced<MonthlyRevenueReport>
    {
        let clock = now
        guard let url = hosts.monthlyRevenue(market, month: month), let name = DayReportKind.revenue.name(market) else {
            throw DayReportError.notPublished(.revenue, market: market)
        }
        let current = YearMonth(TaipeiTime.day(of: clock()))
        if month >= current {
            let report = MonthlyRevenueReport(
                month: month, market: market, rows: [],
                noData: "\(month) is not over yet (this is \(current)): its revenue comes the month after")
            return Sourced(report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
        var resource = ExchangeResource<MonthlyRevenueReport>(
            key: "\(DayReportKind.revenue.folder(market))/\(month.year)\(month.month < 10 ? "0" : "")\(month.month)",
            title: "\(name) for \(month)", url: url,
            isFresh: { metadata, now in Freshness.revenueIsFresh(month, fetchedAt: metadata.fetchedAt, now: now) },
            parse: { bytes, _ in
                let report = try MonthlyRevenueParser.parse(bytes, month: month, market: market)
                // "Not published" may only mean "not yet" until the month is final.
                if report.noData != nil, !Freshness.revenueIsFinal(month, fetchedAt: clock()) {
                    throw UnkeptRevenue(report: report)
                }
                return report
            },
            issues: \.issues, count: \.rows.count)
        resource.isFinal = { metadata in Freshness.revenueIsFinal(month, fetchedAt: metadata.fetchedAt) }
        do {
            return try await obtain(resource, request: request)
        } catch let unkept as UnkeptRevenue {
            return Sourced(unkept.report, Provenance(fetchedAt: clock(), fromCache: false, source: url.absoluteString))
        }
    }

    /// The latest month MOPS has published the revenue of: the month before this one, or, when
    /// 上市's page for it says `查無資料` (before the 10th), the month before that.
    ///
    /// - Throws: What asking for the page threw.
    package func latestRevenueMonth(request: LoadRequest) async throws -> YearMonth {
        let last = YearMonth(TaipeiTime.day(of: now())).previous
        let answer = try await monthlyRevenue(.listed, month: last, request: request)
        return answer.value.rows.isEmpty ? last.previous : last
    }
}

/// A page not published yet, carried past the cache so it is not kept.
private struct UnkeptRevenue: Error {
    let report: MonthlyRevenueReport
}
