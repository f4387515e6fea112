import BrowseSupport
import ListKit

/// How the market's days and a day's MI_INDEX look: columns, headers and the screens a day
/// opens.
enum MarketPresentation {
    /// A signed change as a cell: `▲86.43` in the rise's tone, `▼24.99` in the fall's, the
    /// signed number exported.
    static func signedCell(_ value: ExactDecimal?) -> Cell {
        guard let value else { return .missing }
        return TickPresentation.changeCell(PriceChange(signed: value), text: "")
    }

    /// The market's days: the date, the TAIEX and its change, shares, NT$ and trades.
    static var dayColumns: [ListColumn<MarketSummaryDay>] {
        [
            ListColumn("date", kind: .date, priority: 10) { .date($0.date) },
            .decimal("taiex", \.index, grouped: true, short: "加權", priority: 9),
            ListColumn("change", kind: .decimal, short: "chg", priority: 8) { signedCell($0.change) },
            .integer("volume", \.volume, grouped: true, priority: 6),
            .integer("value", \.value, grouped: true, priority: 7),
            .integer("transactions", \.transactions, grouped: true, short: "txns", priority: 5),
        ]
    }

    /// Every security's close on a day: the columns of `ticks`, then the last bid and ask and
    /// the P/E, which are exported and shown when asked.
    static var quoteColumns: [ListColumn<ClosingQuote>] {
        TickPresentation.columns(withSecurity: true).map { column in
            ListColumn(column.column) { column.cell($0.tick) }
        } + [
            .decimal("bid", \.bid, grouped: true, priority: 0, isShownByDefault: false),
            .integer("bid_volume", \.bidVolume, grouped: true, priority: 0, isShownByDefault: false),
            .decimal("ask", \.ask, grouped: true, priority: 0, isShownByDefault: false),
            .integer("ask_volume", \.askVolume, grouped: true, priority: 0, isShownByDefault: false),
            .decimal("pe", \.priceEarnings, priority: 0, isShownByDefault: false),
        ]
    }

    /// Every index's close on a day.
    static var indexColumns: [ListColumn<MarketIndexQuote>] {
        [
            .text("name", \.name, priority: 10, isName: true),
            .decimal("close", \.close, grouped: true, priority: 9),
            ListColumn("change", kind: .decimal, short: "chg", priority: 8) {
                TickPresentation.changeCell($0.change, text: "")
            },
            .decimal("change_percent", \.changePercent, short: "%", priority: 7),
            .text("group", \.group, priority: 2, minimumWidth: 6),
            .text("note", \.note, priority: 0, isShownByDefault: false),
        ]
    }

    /// `▲4,916 (漲停 55) ▼2,052 (跌停 69) 平 228 · 未成交 11,438 · 無比價 4,400` for one of the
    /// breadth's columns; a line TWSE names otherwise follows under its own name.
    static func breadthLine(_ lines: [MarketBreadth], _ count: (MarketBreadth) -> BreadthCount?) -> String {
        func number(_ value: Int64) -> String { ExactDecimal(value).formatted(grouping: true) }
        var moves: [String] = []
        var others: [String] = []
        for line in lines {
            guard let value = count(line) else { continue }
            switch line.label {
            case "上漲(漲停)": moves.append("▲\(number(value.count))" + (value.limit.map { " (漲停 \(number($0)))" } ?? ""))
            case "下跌(跌停)": moves.append("▼\(number(value.count))" + (value.limit.map { " (跌停 \(number($0)))" } ?? ""))
            case "持平": moves.append("平 \(value)")
            default: others.append("\(line.label) \(value)")
            }
        }
        return ([moves.joined(separator: " ")] + others).filter { !$0.isEmpty }.joined(separator: " · ")
    }

    /// The lines above a day's closes.
    static func dayHeader(_ report: MarketDayReport?, day: CalendarDate, count: Int) -> [String] {
        guard let report else { return ["大盤 \(day)"] }
        if let words = report.noData { return ["大盤 \(day): no data (TWSE: \(words))"] }
        var first = "大盤 \(day)"
        if let taiex = report.taiex, let close = taiex.close {
            first +=
                " · 加權 \(close.formatted(grouping: true)) \(TickPresentation.changeCell(taiex.change, text: "").text)"
            if let percent = taiex.changePercent { first += " (\(percent)%)" }
        }
        first += " · \(ExactDecimal(Int64(count)).formatted(grouping: true)) securities"
        var lines = [first]
        if !report.breadth.isEmpty {
            lines.append("全部 " + breadthLine(report.breadth, \.market))
            lines.append("股票 " + breadthLine(report.breadth, \.stocks))
        }
        if let total = report.turnover.first(where: { $0.label.hasPrefix("總計") }) {
            func number(_ value: Int64?) -> String { value.map { ExactDecimal($0).formatted(grouping: true) } ?? "—" }
            lines.append(
                "\(total.label) NT$ \(number(total.value)) · \(number(total.volume)) shares · "
                    + "\(number(total.transactions)) trades")
        }
        return lines
    }

    /// A day's screen: every security's close from MI_INDEX, the TAIEX, the breadth and the
    /// total in the header; `indices` lists every index.
    @MainActor
    static func dayScreen(_ day: CalendarDate, store: MarketDataStore, context: DatasetContext)
        -> GenericListController<ClosingQuote, ColumnsRow>
    {
        let reportBox = MarketDayBox()
        let provenance = ProvenanceLog()
        let source = ListSource<ClosingQuote>(id: "MI_INDEX", title: "MI_INDEX \(day)") { request in
            let result = try await store.marketDay(day, request: request)
            provenance.record("MI_INDEX", result.provenance)
            reportBox.set(result.value)
            return result.value.quotes
        }
        let columns = quoteColumns
        let header: (GenericListController<ClosingQuote, ColumnsRow>) -> [String] = { controller in
            var lines = dayHeader(reportBox.value, day: day, count: controller.totalCount)
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                lines.append("MI_INDEX \(age) · indices lists \(reportBox.value?.indices.count ?? 0) indices")
            }
            return lines
        }
        let searchText: (ClosingQuote) -> String = { "\($0.tick.code) \($0.tick.name ?? "")" }
        let controller = GenericListController(
            title: "大盤 \(day)", sources: [source], order: { $0.tick.code < $1.tick.code }, columns: columns,
            searchText: searchText, header: header)
        controller.addCommands([
            ListCommand(indicesCommand) { _, progress in
                if let report = reportBox.value { return .push(indicesScreen(report)) }
                let result = try await store.marketDay(day, request: LoadRequest(progress: progress, refresh: false))
                reportBox.set(result.value)
                return .push(indicesScreen(result.value))
            }
        ])
        return controller
    }

    /// `indices`: every index's close on the day shown.
    static let indicesCommand = ListCommandDeclaration(
        name: "indices", usage: "indices", summary: "every index's close on the day shown (MI_INDEX)")

    /// The indices of a day, as a list.
    @MainActor
    static func indicesScreen(_ report: MarketDayReport) -> GenericListController<MarketIndexQuote, ColumnsRow> {
        let line =
            "\(report.indices.count) indices · \(report.date) · the change's sign as TWSE marks it (▲ rise, ▼ fall)"
        return GenericListController(
            title: "indices \(report.date)", items: report.indices, columns: indexColumns, header: { _ in [line] })
    }
}

extension PriceChange {
    /// A change from its signed amount: up, down or unchanged.
    init(signed value: ExactDecimal) {
        switch value.signum {
        case 1: self = .up(value)
        case -1: self = .down(ExactDecimal(units: -value.units, scale: value.scale))
        default: self = .unchanged
        }
    }
}
