import BrowseSupport
import Foundation
import ListKit

/// 除權息: every 上市 and 上櫃 security's ex-rights and ex-dividend days in a range (TWSE's
/// TWT49U and TPEx's exDailyQ), with the close before, the reference price and the value taken
/// off; a 上市 row opens TWSE's detail of the day.
package struct DividendsDataset: Dataset {
    package init() {}

    package var id: String { "dividends" }
    package var aliases: [String] { ["除權息"] }
    package var title: String { "除權息 ex-rights and ex-dividend days" }
    package var summary: String {
        "each security's ex-rights and ex-dividend days in a range, with the reference prices "
            + "(needs the network; past ranges cached for good)"
    }

    /// `--from yyyy-mm-dd`: the first day (default 29 days before `--to`).
    static let from = TypedOption.date(
        "from", summary: "the first ex-date of dividends (default: 30 days up to --to)",
        expectation: "give the first day as yyyy-mm-dd")
    /// `--to yyyy-mm-dd`: the last day (default today).
    static let to = TypedOption.date(
        "to", summary: "the last ex-date of dividends (default: today)", expectation: "give the last day as yyyy-mm-dd")

    /// How many days the default range spans, today included.
    static let defaultDays = 30

    package var options: [OptionDeclaration] { [Self.from.declaration, Self.to.declaration] }

    /// The range the options name: `--to` (default today, Taipei time) and `--from` (default
    /// the 30 days up to it).
    ///
    /// - Throws: `DatasetOptionError` when `--from` is after `--to`.
    static func range(_ context: DatasetContext) throws -> (from: CalendarDate, to: CalendarDate) {
        let to = try context.options.value(Self.to) ?? TaipeiTime.day(of: context.now())
        let from = try context.options.value(Self.from) ?? CalendarDate(dayNumber: to.dayNumber - (defaultDays - 1))
        guard from <= to else {
            throw DatasetOptionError(
                option: "from", value: from.description, expected: "give a day on or before --to \(to)")
        }
        return (from, to)
    }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let (from, to) = try Self.range(context)
        let log = ExRightsLog()
        let provenance = ProvenanceLog()
        let sources = [Market.listed, .otc].map { market in
            ListSource<ExRightsEvent>(id: market.rawValue, title: market.title) { request in
                let result = try await store.exRights(market, from: from, to: to, request: request)
                provenance.record(market.rawValue, result.provenance)
                log.record(result.value)
                return result.value.rows
            }
        }
        let columns = ExRightsPresentation.columns
        let header: (GenericListController<ExRightsEvent, ColumnsRow>) -> [String] = { controller in
            var lines = [log.firstLine("除權息 \(from) – \(to)", total: controller.totalCount)]
            lines += log.noDataLines(range: "\(from) – \(to)")
            if let age = provenance.describe(now: context.now(), offline: context.offline) {
                lines.append(age + " · a 上市 row opens TWSE's detail (TWT49UDetail)")
            }
            return lines
        }
        let searchText: (ExRightsEvent) -> String = { "\($0.code) \($0.name.shown)" }
        let controller = GenericListController(
            title: id, sources: sources, order: ExRightsPresentation.order, columns: columns,
            searchText: searchText, header: header
        ) { row in
            ExRightsPresentation.select(row, store: store, columns: columns)
        }
        return controller
    }
}
