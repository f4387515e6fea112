import Foundation
import ListKit

/// 大盤: the 上市 market's trading days of a month (FMTQIK: shares, NT$, trades, the TAIEX and
/// its change); a day opens MI_INDEX: every security's close, the indices, how many rose and
/// fell.
///
/// Its id is `taiex`, not `market`: the companies screen's `market` command would take that
/// word wherever a company's screen is open, and a dataset may not be shadowed by a screen's
/// command. `大盤` opens it too.
package struct TaiexDataset: Dataset {
    package init() {}

    package var id: String { "taiex" }
    package var aliases: [String] { ["大盤"] }
    package var title: String { "大盤 the market's days (TAIEX)" }
    package var summary: String {
        "the 上市 market's days of a month: TAIEX, shares, NT$ and trades; a day opens every close and index "
            + "(needs the network; past months cached for good)"
    }

    /// `--month yyyy-mm`: the month (default this month).
    package var options: [OptionDeclaration] { [ReportMonth.option.declaration] }
    /// A day's screen adds `indices`.
    package var screenCommands: [ListCommandDeclaration] { [MarketPresentation.indicesCommand] }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let month =
            try context.options.value(ReportMonth.option).map(YearMonth.init)
            ?? YearMonth(TaipeiTime.day(of: context.now()))
        let provenance = ProvenanceLog()
        let said = TextBox()
        let source = ListSource<MarketSummaryDay>(id: "FMTQIK", title: "FMTQIK \(month)") { request in
            let result = try await store.marketMonth(month, request: request)
            provenance.record("FMTQIK", result.provenance)
            said.set(result.value.noData)
            return result.value.days
        }
        let header: (GenericListController<MarketSummaryDay, ColumnsRow>) -> [String] = { controller in
            let days = controller.items.sorted { $0.date < $1.date }
            var first = "大盤 \(month) · \(days.count) trading day\(days.count == 1 ? "" : "s")"
            let closes = days.compactMap(\.index)
            if let from = closes.first, let to = closes.last {
                first +=
                    " · 加權 \(Sparkline.render(closes)) \(from.formatted(grouping: true)) → \(to.formatted(grouping: true))"
            }
            var lines = [first]
            if let words = said.value { lines.append("no days in \(month) (TWSE: \(words))") }
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                lines.append("FMTQIK \(age) · a day opens its closes and indices (MI_INDEX)")
            }
            return lines
        }
        let columns = MarketPresentation.dayColumns
        let newestFirst: (MarketSummaryDay, MarketSummaryDay) -> Bool = { $0.date > $1.date }
        let controller = GenericListController(
            title: id, sources: [source], order: newestFirst, columns: columns, header: header
        ) { day in
            .push(MarketPresentation.dayScreen(day.date, store: store, context: context))
        }
        let named = controller.columns
        if let taiex = named.first(where: { $0.name == "taiex" }), let date = named.first(where: { $0.name == "date" })
        {
            controller.chartRequest = ChartRequest(y: taiex, x: date, bars: named.first { $0.name == "value" })
        }
        return controller
    }
}
