import BrowseSupport
import Foundation
import ListKit

/// The screen every day report opens in: TWSE's (上市) and TPEx's (上櫃) answers for one day
/// in one list with a market column, the day and each market's count in the header, and a
/// market without data for the day said as such, never as an error.
enum DayReportScreen {
    /// `--date yyyy-mm-dd`: the trading day; by default the latest, found as `ticks` finds it.
    static let date = TypedOption.date(
        "date", summary: "the trading day of a day report (default: the latest trading day)",
        expectation: "give the trading day as yyyy-mm-dd")

    /// What a day report's screen is made of.
    struct Spec<Row: DayReportRow>: Sendable {
        /// The dataset's id, the screen's title.
        let id: String
        /// The report's Chinese name, first in the header (`三大法人`).
        let chineseName: String
        let kind: DayReportKind
        /// The unit of the figures, said in the header (`shares`, `lots (張)`).
        let unit: String?
        /// A parser for one market's answer for one day.
        let parser: @Sendable (Market, CalendarDate) -> @Sendable ([UInt8]) throws(TWSEParseError) -> DayReport<Row>
    }

    /// Makes the screen.
    ///
    /// - Parameters:
    ///   - extraHeader: Lines after the first (the market's totals), made when shown.
    ///   - afterLoad: Runs after a market's rows arrived (to fetch what heads the screen); what
    ///     it throws is said as a note, and the rows stay.
    @MainActor
    static func make<Row: DayReportRow>(
        _ spec: Spec<Row>, columns: [ListColumn<Row>], context: DatasetContext,
        extraHeader: (@Sendable () -> [String])? = nil,
        afterLoad: (@Sendable (Market, CalendarDate, LoadRequest) async throws -> Void)? = nil
    ) throws -> GenericListController<Row, ColumnsRow> {
        let store = try context.marketData()
        let day = ReportDay(chosen: try context.options.value(Self.date))
        let log = DayReportLog()
        let provenance = ProvenanceLog()
        let sources = [Market.listed, .otc].map { market in
            ListSource<Row>(id: market.rawValue, title: market.title) { request in
                let date = try await day.resolve(store: store, request: request)
                let result = try await store.dayReport(
                    spec.kind, market: market, day: date, request: request, parse: spec.parser(market, date))
                provenance.record(market.rawValue, result.provenance)
                log.record(result.value)
                if let afterLoad {
                    do {
                        try await afterLoad(market, date, request)
                    } catch {
                        if Task.isCancelled { throw CancellationError() }
                        request.progress.note(String(describing: error))
                    }
                }
                return result.value.rows
            }
        }
        let order: (Row, Row) -> Bool = { ($0.code, $0.market.title) < ($1.code, $1.market.title) }
        let header: (GenericListController<Row, ColumnsRow>) -> [String] = { controller in
            var lines = [Self.firstLine(spec, day: day.value, log: log, total: controller.totalCount)]
            for market in [Market.listed, .otc] {
                guard let entry = log.entry(market), let words = entry.noData else { continue }
                let who = market == .listed ? "TWSE" : "TPEx"
                let said = words.hasPrefix(who) ? words : "\(who): \(words)"
                lines.append("\(market.title): no data for \(day.value?.description ?? "the day") (\(said))")
            }
            lines += extraHeader?() ?? []
            if let age = provenance.describe(now: context.now(), offline: context.offline) { lines.append(age) }
            return lines
        }
        let searchText: (Row) -> String = { "\($0.code) \($0.name.shown)" }
        let controller = GenericListController(
            title: spec.id, sources: sources, order: order, columns: columns, searchText: searchText, header: header
        ) { row in
            .detail(columns.detail(of: row))
        }
        QuoteScreen.watchRows(of: controller, context: context) { $0.code.rawValue }
        return controller
    }

    /// `三大法人 2023-01-30 · 1,860 securities (上市 1,120 · 上櫃 740) · unit: shares`.
    private static func firstLine<Row>(_ spec: Spec<Row>, day: CalendarDate?, log: DayReportLog, total: Int) -> String {
        func count(_ value: Int) -> String { ExactDecimal(Int64(value)).formatted(grouping: true) }
        var line = "\(spec.chineseName) \(day?.description ?? "(the latest trading day)")"
        line += " · \(count(total)) \(total == 1 ? "security" : "securities")"
        let parts = [Market.listed, .otc].compactMap { market in
            log.entry(market).map { "\(market.title) \(count($0.rows))" }
        }
        if !parts.isEmpty { line += " (\(parts.joined(separator: " · ")))" }
        if let unit = spec.unit { line += " · unit: \(unit)" }
        return line
    }
}
