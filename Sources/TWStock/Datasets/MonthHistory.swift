import Foundation
import ListKit
import Synchronization

/// One company's monthly revenue over its last months (`revenue` on its screen): a source per
/// month, each the market's page for the month (one request, kept for good once final), with
/// the company's row taken from it.
enum MonthHistory {
    @MainActor
    static func revenue(
        security: Security, market: Market, count: Int, store: MarketDataStore, context: DatasetContext
    ) -> GenericListController<HistoryRow<MonthlyRevenue>, ColumnsRow> {
        let code = security.code
        let latest = ReportMonth(chosen: nil)
        let log = HistoryLog()
        let provenance = ProvenanceLog()
        let sources = (1...count).map { slot in
            let id = "month-\(slot)"
            return ListSource<HistoryRow<MonthlyRevenue>>(id: id, title: "month \(slot)") { request in
                var month = try await latest.resolve(store: store, request: request)
                for _ in 1..<slot { month = month.previous }
                let batch = request.batch.filter { $0.hasPrefix("month-") }
                if let index = batch.firstIndex(of: id) {
                    request.progress.update {
                        $0 = LoadProgress(step: "month \(index + 1) of \(batch.count) · \(month)")
                    }
                }
                let answer = try await store.monthlyRevenue(market, month: month, request: request)
                provenance.record(id, answer.provenance)
                let rows = answer.value.rows.filter { $0.code == code }
                log.record(month.description, rows: rows.count, noData: answer.value.noData)
                return rows.compactMap { row in row.month.firstDay.map { HistoryRow(row: row, date: $0) } }
            }
        }
        let columns = RevenuePresentation.columns.throughHistory().map { column in
            var declared = column.column
            switch declared.name {
            case "month":
                declared.isShownByDefault = true
            case "code", "name", "market", "industry":
                declared.isShownByDefault = false
            default:
                break
            }
            return ListColumn(declared, cell: column.cell)
        }
        let header: (GenericListController<HistoryRow<MonthlyRevenue>, ColumnsRow>) -> [String] = { controller in
            var lines = [
                "\(security.title) 月營收 · \(controller.totalCount) month\(controller.totalCount == 1 ? "" : "s") · "
                    + "unit: \(RevenuePresentation.unit)"
            ]
            if let gaps = log.gaps(code: code) { lines.append(gaps) }
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                lines.append("MOPS t21sc03 \(age), a month a request")
            }
            return lines
        }
        return GenericListController(
            title: "\(security.title) revenue", sources: sources, order: { $0.date > $1.date }, columns: columns,
            header: header)
    }
}
