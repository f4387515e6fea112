import Foundation
import ListKit

/// 月營收: every 上市 and 上櫃 company's revenue in a month, from MOPS's pages (t21sc03, a table
/// per industry), in NT$ thousands.
package struct RevenueDataset: Dataset {
    package init() {}

    package var id: String { "revenue" }
    package var aliases: [String] { ["月營收"] }
    package var title: String { "月營收 monthly revenue" }
    package var summary: String {
        "each company's revenue in a month, against last month and last year (needs the network; "
            + "past months cached for good)"
    }

    /// `--month yyyy-mm`: the month (default the latest MOPS has published).
    package var options: [OptionDeclaration] { [ReportMonth.option.declaration] }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
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
