import Foundation
import ListKit
import Synchronization

/// 月營收: every 上市 and 上櫃 company's revenue in a month, from MOPS's pages (t21sc03, a table
/// per industry), in NT$ thousands.
public struct RevenueDataset: Dataset {
    public init() {}

    public var id: String { "revenue" }
    public var aliases: [String] { ["月營收"] }
    public var title: String { "月營收 monthly revenue" }
    public var summary: String {
        "each company's revenue in a month, against last month and last year (needs the network; "
            + "past months cached for good)"
    }

    /// `--month yyyy-mm`: the month (default the latest MOPS has published).
    public var options: [OptionDeclaration] { [ReportMonth.option.declaration] }

    @MainActor
    public func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let chosen = try context.options.value(ReportMonth.option).map(YearMonth.init)
        let month = ReportMonth(chosen: chosen)
        let log = RevenueLog()
        let provenance = ProvenanceLog()
        let sources = [Market.listed, .otc].map { market in
            ListSource<MonthlyRevenue>(id: market.rawValue, title: market.title) { request in
                let resolved = try await month.resolve(store: store, request: request)
                let result = try await store.monthlyRevenue(market, month: resolved, request: request)
                provenance.record(market.rawValue, result.provenance)
                log.record(result.value)
                return result.value.rows
            }
        }
        let header: (GenericListController<MonthlyRevenue, ColumnsRow>) -> [String] = { controller in
            var lines = log.lines(month: month.value, total: controller.totalCount)
            if let age = provenance.describe(now: context.now(), offline: context.offline) { lines.append(age) }
            return lines
        }
        let byCode: (MonthlyRevenue, MonthlyRevenue) -> Bool = {
            ($0.code, $0.market.title) < ($1.code, $1.market.title)
        }
        let searchText: (MonthlyRevenue) -> String = { "\($0.code) \($0.name.shown) \($0.industry)" }
        return GenericListController(
            title: id, sources: sources, order: byCode, columns: RevenuePresentation.columns, searchText: searchText,
            header: header)
    }
}

/// What each market's revenue page said, written by the loaders and read by the header.
final class RevenueLog: Sendable {
    private let reports = Mutex<[Market: MonthlyRevenueReport]>([:])

    func record(_ report: MonthlyRevenueReport) {
        reports.withLock { $0[report.market] = report }
    }

    /// `月營收 2023-01 · 985 companies (上市 985 · 上櫃 0) · unit: NT$ thousands (千元)`, a line per
    /// market without a page, the markets' totals and when MOPS made its pages.
    func lines(month: YearMonth?, total: Int) -> [String] {
        let reports = self.reports.withLock { $0 }
        func count(_ value: Int64) -> String { ExactDecimal(value).formatted(grouping: true) }
        var first = "月營收 \(month?.description ?? "(the latest published)") · \(count(Int64(total))) "
        first += total == 1 ? "company" : "companies"
        let parts = [Market.listed, .otc].compactMap { market in
            reports[market].map { "\(market.title) \(count(Int64($0.rows.count)))" }
        }
        if !parts.isEmpty { first += " (\(parts.joined(separator: " · ")))" }
        var lines = [first + " · unit: \(RevenuePresentation.unit)"]
        for market in [Market.listed, .otc] {
            guard let report = reports[market] else { continue }
            if let words = report.noData {
                lines.append("\(market.title): no revenue for \(report.month) (MOPS: \(words))")
            } else if let total = report.total {
                var line = "\(total.label) \(count(total.revenue))"
                if let change = total.yearChange { line += " (\(change)% on a year before)" }
                if let issued = report.issuedOn { line += " · MOPS 出表日期 \(issued)" }
                lines.append(line)
            }
        }
        return lines
    }
}
