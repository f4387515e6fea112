import BrowseSupport
import Foundation
import ListKit

/// Every listed security's latest trading day (STOCK_DAY_ALL), with its date.
public struct TicksDataset: Dataset {
    public init() {}

    public var id: String { "ticks" }
    public var title: String { "Taiwan daily ticks (STOCK_DAY_ALL)" }
    public var summary: String { "the latest trading day of every TWSE-listed security (needs the network; cached)" }

    public var commands: [DatasetCommand] { [StockCommand.command, QuoteCommand.command] }
    /// A security's screen, opened from a row or by `stock`, adds these.
    public var screenCommands: [ListCommandDeclaration] { SecurityScreen.commands + [QuoteScreen.watchCommand] }

    @MainActor
    public func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let log = ProvenanceLog()
        let dates = DateBox()
        let source = ListSource<DailyTick>(id: "latest", title: "STOCK_DAY_ALL") { request in
            let result = try await store.latestMarketDay(request: request)
            log.record("latest", result.provenance)
            dates.set(result.value.date)
            return result.value.ticks
        }
        let searchText: (DailyTick) -> String = { tick in "\(tick.code) \(tick.name ?? "")" }
        let header: (GenericListController<DailyTick, ColumnsRow>) -> [String] = { controller in
            let ticks = controller.items
            let quiet = ticks.filter { $0.close == nil }.count
            var line =
                "STOCK_DAY_ALL \(dates.value?.description ?? "(date unknown)") · "
                + "\(ExactDecimal(Int64(ticks.count)).formatted(grouping: true)) securities · \(quiet) without a price"
            if let age = log.describe(now: context.now(), offline: context.offline) { line += " · \(age)" }
            return [line]
        }
        let controller = GenericListController(
            title: id, sources: [source], columns: TickPresentation.columns(withSecurity: true),
            searchText: searchText, header: header
        ) { tick in
            // Every security of the list is on TWSE: its months come from STOCK_DAY.
            let company = store.knownCompany(tick.code)
            let security = Security(code: tick.code, name: tick.name, company: company, market: .listed)
            return .push(SecurityScreen.make(security, store: store, context: context))
        }
        QuoteScreen.watchRows(of: controller, context: context) { $0.code.rawValue }
        return controller
    }
}
