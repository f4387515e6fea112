import BrowseSupport
import Foundation
import ListKit

/// 上市, 上櫃 and 興櫃 companies from the MOPS open-data files, merged by code: a company that
/// appears in two markets' files is listed once.
public struct CompaniesDataset: Dataset {
    public init() {}

    public var id: String { "companies" }
    public var title: String { "Taiwan companies 上市 上櫃 興櫃" }
    public var summary: String {
        "listed, OTC and emerging companies from MOPS open data (needs the network; cached a day)"
    }

    /// `--market listed|otc|emerging|all`, or a list of them (`listed,otc`), or their Chinese
    /// names.
    static let market = TypedOption<[Market]>(
        "market", kind: .choice(Market.allCases.map(\.rawValue) + ["all"]),
        summary: "companies of one market only", expectation: "use listed, otc, emerging or all"
    ) { text in
        try? markets(option: text)
    }

    public var options: [OptionDeclaration] { [Self.market.declaration] }

    /// `market otc`: one market of the list, or all.
    static let marketCommand = ListCommandDeclaration(
        name: "market", usage: "market listed|otc|emerging|all",
        summary: "show one market (loading it if needed), or all",
        arguments: Market.allCases.map(\.rawValue) + ["all"])

    /// The list adds `market`; a company's security screen, opened from a row, adds its own.
    public var screenCommands: [ListCommandDeclaration] {
        [Self.marketCommand, QuoteScreen.watchCommand] + SecurityScreen.commands
    }

    @MainActor
    public func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let markets = try context.options.value(Self.market) ?? Market.allCases
        let log = ProvenanceLog()
        let sources = Market.allCases.map { market in
            ListSource<Company>(id: market.rawValue, title: market.title) { request in
                let result = try await store.companies(market, request: request)
                log.record(market.rawValue, result.provenance)
                return result.value.records
            }
        }
        let byCode: (Company, Company) -> Bool = { $0.code < $1.code }
        let shown = ShownMarkets(markets)
        let header: (GenericListController<Company, ColumnsRow>) -> [String] = { controller in
            Self.header(of: controller, shown: shown, log: log, context: context)
        }
        let controller = GenericListController(
            title: id, sources: sources, order: byCode, columns: CompanyPresentation.columns,
            searchText: CompanyPresentation.searchText, header: header
        ) { company in
            try Self.select(company, store: store, context: context)
        }
        if markets.count < Market.allCases.count {
            controller.activate(sources: Set(markets.map(\.rawValue)))
            controller.applyScope { markets.contains($0.market) }
        }
        QuoteScreen.watchRows(of: controller, context: context) { $0.code.rawValue }
        controller.addCommands([
            ListCommand(Self.marketCommand) { [weak controller] arguments, _ in
                guard let controller else { return .none }
                return try Self.showMarkets(arguments, in: controller, shown: shown)
            }
        ])
        return controller
    }

    /// The screen's header lines: the markets shown that loaded and how many companies they
    /// list (a market that did not load is named by the status line, once); then how recent
    /// MOPS's data is and how old the copy.
    @MainActor
    private static func header(
        of controller: GenericListController<Company, ColumnsRow>, shown: ShownMarkets, log: ProvenanceLog,
        context: DatasetContext
    ) -> [String] {
        let items = controller.items
        let loaded = shown.markets.filter { controller.isLoaded(source: $0.rawValue) }
        let count = ExactDecimal(Int64(controller.totalCount)).formatted(grouping: true)
        var first = "\(loaded.map(\.title).joined(separator: " ")) · \(count) "
        first += controller.totalCount == 1 ? "company" : "companies"
        if let note = shown.note { first += " · \(note)" }
        var second: [String] = []
        if let asOf = items.compactMap(\.reportDate).max() { second.append("MOPS data as of \(asOf)") }
        if let age = log.describe(now: context.now(), offline: context.offline) { second.append(age) }
        return second.isEmpty ? [first] : [first, second.joined(separator: " · ")]
    }

    /// `market listed|otc|emerging|all`: loads the markets not loaded yet and shows those.
    @MainActor
    private static func showMarkets(
        _ arguments: String, in controller: GenericListController<Company, ColumnsRow>, shown: ShownMarkets
    ) throws -> Selection {
        let chosen: [Market]
        do {
            chosen = try Self.markets(option: arguments.isEmpty ? nil : arguments)
        } catch {
            throw MarketChoiceError(given: arguments)
        }
        let already = chosen.filter { controller.isLoaded(source: $0.rawValue) }
        let failedBefore = controller.sourceFailures
        // The session loads the chosen markets not loaded yet, as it loads any screen: progress,
        // Ctrl-C keeping what arrived, each new failure said once.
        controller.activate(sources: loadedMarkets(of: controller).union(chosen.map(\.rawValue)))
        return .load { _, _ in
            // `r` refreshes what has been loaded so far.
            let loaded = loadedMarkets(of: controller)
            controller.activate(sources: loaded.count == Market.allCases.count ? nil : loaded)
            let missing = chosen.filter { !loaded.contains($0.rawValue) }
            // The screen switches when any chosen market is there to show.
            if missing.count < chosen.count {
                shown.set(chosen)
                if chosen.count == 1, already.count == 1 {
                    // Not a warning: the screen says it, as the list it shows.
                    shown.note = "already loaded (已經拿過資料); r downloads it again"
                }
                controller.applyScope(chosen.count == Market.allCases.count ? nil : { chosen.contains($0.market) })
            }
            // A failure seen before was not said again by the load: the command says it.
            let failure = controller.sourceFailures.first { failure in missing.contains { $0.title == failure.source } }
            if let failure, failedBefore.contains(failure) {
                throw LoadFailure(source: failure.source, reason: failure.reason)
            }
            return .none
        }
    }

    /// The ids of the markets whose lists have arrived.
    @MainActor
    private static func loadedMarkets(of controller: GenericListController<Company, ColumnsRow>) -> Set<String> {
        Set(Market.allCases.map(\.rawValue).filter { controller.isLoaded(source: $0) })
    }

    /// 上市 and 上櫃 companies drill into their daily prices (from TWSE and TPEx); no daily
    /// prices are published for 興櫃 companies, whose detail says so.
    @MainActor
    static func select(_ company: Company, store: MarketDataStore, context: DatasetContext) throws -> Selection {
        guard company.market != .emerging else {
            let note = String(describing: MarketDataError.noDailyPrices(company.code, company.market))
            return .detail(CompanyPresentation.detail(company, notes: [note + ", so there is no history to show"]))
        }
        let security = Security(code: company.code, name: company.shortName, company: company, market: company.market)
        return .push(SecurityScreen.make(security, store: store, context: context))
    }

    /// The markets an option names; `nil` or `all` means every market.
    static func markets(option: String?) throws(DatasetOptionError) -> [Market] {
        guard let option, option.lowercased() != "all" else { return Market.allCases }
        let names = option.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var markets: [Market] = []
        for name in names {
            guard let market = Market(rawValue: name.lowercased()) ?? Market(title: name) else {
                throw DatasetOptionError(option: "market", value: option, expected: "use listed, otc, emerging or all")
            }
            markets.append(market)
        }
        return markets
    }
}

/// A market that failed again when a command asked for it.
struct LoadFailure: Error, CustomStringConvertible {
    let source: String
    let reason: String
    var description: String { "\(source) did not load: \(reason)" }
}

/// Which markets the companies screen shows, for its subtitle.
@MainActor
final class ShownMarkets {
    private(set) var markets: [Market]
    /// A remark about the last switch, shown until the next one.
    var note: String?

    init(_ markets: [Market]) {
        self.markets = markets
    }

    func set(_ markets: [Market]) {
        self.markets = markets
        note = nil
    }

    /// `上櫃`, or `上市 上櫃 興櫃` for all.
    var title: String { markets.map(\.title).joined(separator: " ") }
}

/// A market the `market` command does not know, in the screen's own words.
struct MarketChoiceError: UserFacingError {
    let given: String
    var description: String {
        "no market \"\(given)\"; type market listed (上市), otc (上櫃), emerging (興櫃) or all"
    }
}
