import Foundation
import ListKit

/// The company page: from a security's screen (a company of `companies`, `stock CODE`, a row of
/// `ticks`) one word opens each report for its code, gathered from the market's answers (one
/// request per day, year or month, kept for good once past): `flows`, `margin` and `valuation`
/// for its last trading days, `dividends` for its ex-dates of five years, `revenue` for its
/// months; `adjusted` shows its prices adjusted for ex-rights and dividends.
enum CompanyPage {
    static let defaultDays = 20
    static let defaultMonths = 12
    /// The most days or months one command asks for: a year of trading days.
    static let maximumCount = 250
    /// The years `dividends` covers, this one included.
    static let years = 5

    static let flowsCommand = ListCommandDeclaration(
        name: "flows", usage: "flows [N]",
        summary: "its institutional buying and selling (三大法人) on its last N trading days (default 20)")
    static let marginCommand = ListCommandDeclaration(
        name: "margin", usage: "margin [N]",
        summary: "its margin purchases and short sales (融資融券) on its last N trading days (default 20)")
    static let valuationCommand = ListCommandDeclaration(
        name: "valuation", usage: "valuation [N]",
        summary: "its P/E, dividend yield and P/B (本益比) on its last N trading days (default 20)")
    static let dividendsCommand = ListCommandDeclaration(
        name: "dividends", usage: "dividends", summary: "its ex-rights and ex-dividend days (除權息) of the last 5 years")
    static let revenueCommand = ListCommandDeclaration(
        name: "revenue", usage: "revenue [N]", summary: "its monthly revenue (月營收) of the last N months (default 12)")
    static let adjustedCommand = ListCommandDeclaration(
        name: "adjusted", usage: "adjusted",
        summary:
            "its prices adjusted for ex-rights and ex-dividend days (computed); adjusted again shows them as traded")

    /// The words the page adds to a security's screen.
    static let commands = [
        flowsCommand, marginCommand, valuationCommand, dividendsCommand, revenueCommand, adjustedCommand,
    ]

    /// The line `info` ends with.
    static let infoLine =
        "company page: flows [N] · margin [N] · valuation [N] · dividends · revenue [N] · adjusted"

    /// A count of days or months: `flows`, `flows 60`.
    static func count(_ arguments: String, command: String, default value: Int) throws(HistoryCountError) -> Int {
        let text = arguments.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return value }
        guard let count = Int(text), (1...maximumCount).contains(count) else {
            throw HistoryCountError(command: command, given: text)
        }
        return count
    }

    /// The market whose exchange publishes the security's reports: known from its company or
    /// its prices' loads.
    static func market(of security: Security, for command: String) throws(CompanyPageError) -> Market {
        guard let market = security.market ?? security.company?.market else {
            throw .marketUnknown(security.code, command: command)
        }
        guard market != .emerging else { throw .emerging(security.code, command: command) }
        return market
    }

    /// The page's commands on a security's screen.
    @MainActor
    static func listCommands(
        loader: SecurityLoader, store: MarketDataStore, context: DatasetContext, adjustment: PriceAdjustment,
        controller: GenericListController<DailyTick, ColumnsRow>
    ) -> [ListCommand] {
        func days<Row: DayReportRow>(
            _ declaration: ListCommandDeclaration, _ spec: DayReportScreen.Spec<Row>, _ columns: [ListColumn<Row>],
            chart: (String, String?)?
        ) -> ListCommand {
            ListCommand(declaration) { arguments, _ in
                let count = try count(arguments, command: declaration.name, default: defaultDays)
                let security = loader.security
                let market = try market(of: security, for: declaration.name)
                return .push(
                    DayHistory.make(
                        spec, columns: columns, chart: chart, security: security, market: market, count: count,
                        store: store, context: context))
            }
        }
        return [
            days(
                flowsCommand, InstitutionalDataset.spec, InstitutionalDataset.columns,
                chart: ("total_net", "foreign_net")),
            days(marginCommand, MarginDataset.spec, MarginDataset.columns, chart: ("margin_balance", "short_balance")),
            days(valuationCommand, ValuationDataset.spec, ValuationDataset.columns, chart: nil),
            ListCommand(dividendsCommand) { _, _ in
                let security = loader.security
                let market = try market(of: security, for: dividendsCommand.name)
                return .push(YearHistory.dividends(security: security, market: market, store: store, context: context))
            },
            ListCommand(revenueCommand) { arguments, _ in
                let count = try count(arguments, command: revenueCommand.name, default: defaultMonths)
                let security = loader.security
                let market = try market(of: security, for: revenueCommand.name)
                return .push(
                    MonthHistory.revenue(
                        security: security, market: market, count: count, store: store, context: context))
            },
            ListCommand(adjustedCommand) { [weak controller] _, progress in
                guard let controller else { return .none }
                return try await adjustment.toggle(
                    controller: controller, security: loader.security, store: store, progress: progress)
            },
        ]
    }
}
