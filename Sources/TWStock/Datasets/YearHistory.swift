import BrowseSupport
import Foundation
import ListKit

/// One security's ex-rights and ex-dividend days of the last five years (`dividends` on its
/// screen): a source per year, each the market's answer for the year (one request, kept for
/// good once the year is past), with the security's rows taken from it.
enum YearHistory {
    /// The cache key of a market's year: `twse/TWT49U/year/2024`.
    static func key(_ market: Market, year: Int) -> String {
        "\(DayReportKind.exRights.folder(market))/year/\(year)"
    }

    /// The security's ex-rights days of the years `first` through `last`, one request a year.
    static func events(
        of code: StockCode, market: Market, years: ClosedRange<Int>, store: MarketDataStore, request: LoadRequest
    ) async throws -> [ExRightsEvent] {
        var events: [ExRightsEvent] = []
        for year in years.reversed() {
            guard let from = CalendarDate(year: year, month: 1, day: 1),
                let to = CalendarDate(year: year, month: 12, day: 31)
            else { continue }
            let answer = try await store.exRights(
                market, from: from, to: to, request: request, key: key(market, year: year))
            events += answer.value.rows.filter { $0.code == code }
        }
        return events
    }

    @MainActor
    static func dividends(security: Security, market: Market, store: MarketDataStore, context: DatasetContext)
        -> GenericListController<ExRightsEvent, ColumnsRow>
    {
        let code = security.code
        let thisYear = TaipeiTime.day(of: context.now()).year
        let years = Array(((thisYear - CompanyPage.years + 1)...thisYear).reversed())
        let log = HistoryLog()
        let provenance = ProvenanceLog()
        let sources = years.map { year in
            let id = "year-\(year)"
            return ListSource<ExRightsEvent>(id: id, title: "\(year)") { request in
                let batch = request.batch.filter { $0.hasPrefix("year-") }
                if let index = batch.firstIndex(of: id) {
                    request.progress.update { $0 = LoadProgress(step: "year \(index + 1) of \(batch.count) · \(year)") }
                }
                guard let from = CalendarDate(year: year, month: 1, day: 1),
                    let to = CalendarDate(year: year, month: 12, day: 31)
                else { return [] }
                let answer = try await store.exRights(
                    market, from: from, to: to, request: request, key: key(market, year: year))
                provenance.record(id, answer.provenance)
                let rows = answer.value.rows.filter { $0.code == code }
                log.record(String(year), rows: rows.count, noData: answer.value.noData)
                return rows
            }
        }
        let columns = ExRightsPresentation.columns.map { column in
            guard ["code", "name", "market"].contains(column.name) else { return column }
            var declared = column.column
            declared.isShownByDefault = false
            return ListColumn(declared, cell: column.cell)
        }
        let header: (GenericListController<ExRightsEvent, ColumnsRow>) -> [String] = { controller in
            var lines = [
                "\(security.title) 除權息 · \(controller.totalCount) ex-date\(controller.totalCount == 1 ? "" : "s") "
                    + "in \(years.last ?? thisYear) – \(thisYear)"
            ]
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                let source = market == .otc ? "TPEx exDailyQ" : "TWT49U"
                lines.append(
                    "\(source) \(age), a year a request\(market == .listed ? " · a row opens TWSE's detail" : "")")
            }
            return lines
        }
        let newestFirst: (ExRightsEvent, ExRightsEvent) -> Bool = { $0.date > $1.date }
        return GenericListController(
            title: "\(security.title) dividends", sources: sources, order: newestFirst, columns: columns, header: header
        ) { row in
            ExRightsPresentation.select(row, store: store, columns: columns)
        }
    }
}
