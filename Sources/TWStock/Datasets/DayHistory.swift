import Foundation
import ListKit
import Synchronization

/// One security's day report over its last trading days (`flows`, `margin`, `valuation`):
/// a source per day, each the market's answer for that day (one request, kept for good once
/// past) with the security's row taken from it; `older N` adds N days before them.
enum DayHistory {
    /// The screen, with `count` days to load, newest first.
    @MainActor
    static func make<Row: DayReportRow>(
        _ spec: DayReportScreen.Spec<Row>, columns: [ListColumn<Row>], chart: (y: String, bars: String?)?,
        security: Security, market: Market, count: Int, store: MarketDataStore, context: DatasetContext
    ) -> GenericListController<HistoryRow<Row>, ColumnsRow> {
        let calendar = TradingCalendar(store: store)
        let log = HistoryLog()
        let provenance = ProvenanceLog()
        let slots = Slots(count)
        let code = security.code
        func source(_ slot: Int) -> ListSource<HistoryRow<Row>> {
            let id = "day-\(slot)"
            return ListSource(id: id, title: "day \(slot)") { request in
                guard let day = try await calendar.day(slot - 1, request: request) else { return [] }
                let batch = request.batch.filter { $0.hasPrefix("day-") }
                if let index = batch.firstIndex(of: id) {
                    // While the throttle waits, only the step shows: the last day's bytes are not this one's.
                    request.progress.update { $0 = LoadProgress(step: "day \(index + 1) of \(batch.count) · \(day)") }
                }
                let result = try await store.dayReport(
                    spec.kind, market: market, day: day, request: request, parse: spec.parser(market, day))
                provenance.record(id, result.provenance)
                let rows = result.value.rows.filter { $0.code == code }
                log.record(day.description, rows: rows.count, noData: result.value.noData)
                return rows.map { HistoryRow(row: $0, date: day) }
            }
        }
        let shown = historyColumns(columns)
        let header: (GenericListController<HistoryRow<Row>, ColumnsRow>) -> [String] = { controller in
            let days = controller.items.map(\.date)
            var first = "\(security.title) \(spec.chineseName) · \(days.count) trading day\(days.count == 1 ? "" : "s")"
            if let oldest = days.min(), let newest = days.max() { first += " \(oldest) – \(newest)" }
            if let unit = spec.unit { first += " · unit: \(unit)" }
            var lines = [first]
            let loaded = (1...slots.count).filter { controller.isLoaded(source: "day-\($0)") }.count
            if loaded < slots.count {
                lines.append("\(loaded) of \(slots.count) days loaded · older fetches the rest first")
            }
            if let gaps = log.gaps(code: code) { lines.append(gaps) }
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                lines.append("\(spec.kind.name(market) ?? spec.id) \(age) · older N adds N days before")
            }
            return lines
        }
        let controller = GenericListController(
            title: "\(security.title) \(spec.id)", sources: (1...count).map(source), order: { $0.date > $1.date },
            columns: shown, header: header)
        if let chart, let y = controller.columns.first(where: { $0.name == chart.y }),
            let date = controller.columns.first(where: { $0.name == "date" })
        {
            controller.chartRequest = ChartRequest(
                y: y, x: date, bars: chart.bars.flatMap { name in controller.columns.first { $0.name == name } })
        }
        controller.addCommands([
            ListCommand(olderCommand) { [weak controller] arguments, _ in
                guard let controller else { return .none }
                let more = try CompanyPage.count(arguments, command: "older", default: CompanyPage.defaultDays)
                let missing = (1...slots.count).filter { !controller.isLoaded(source: "day-\($0)") }
                let added = slots.add(more)
                for slot in added { controller.add(source(slot)) }
                let wanted = missing + added
                return .load { [weak controller] ending, progress in
                    guard ending == .interrupted, let controller else { return .none }
                    let arrived = wanted.filter { controller.isLoaded(source: "day-\($0)") }.count
                    progress.note(
                        "\(arrived) of \(wanted.count) days arrived before Ctrl-C; older fetches the rest first")
                    return .none
                }
            }
        ])
        return controller
    }

    /// `older [N]` on a history of days.
    static let olderCommand = ListCommandDeclaration(
        name: "older", usage: "older [N]",
        summary: "fetch N more trading days (default 20), one request a day; Ctrl-C keeps what arrived")

    /// A report's columns for one security's days: the date first and shown, the code, name
    /// and market (the same in every row) left for exports.
    static func historyColumns<Row>(_ columns: [ListColumn<Row>]) -> [ListColumn<HistoryRow<Row>>] {
        columns.throughHistory().map { column in
            var declared = column.column
            switch declared.name {
            case "date":
                declared.isShownByDefault = true
                declared.priority = 10
            case "code", "name", "market":
                declared.isShownByDefault = false
            default:
                break
            }
            return ListColumn(declared, cell: column.cell)
        }
    }

    /// How many slots (days) a history has asked for.
    final class Slots: Sendable {
        private let asked: Mutex<Int>
        init(_ count: Int) { asked = Mutex(count) }
        var count: Int { asked.withLock { $0 } }
        /// Adds `more` slots after the last, and returns them.
        func add(_ more: Int) -> [Int] {
            asked.withLock { asked in
                defer { asked += more }
                return Array((asked + 1)...(asked + more))
            }
        }
    }
}
