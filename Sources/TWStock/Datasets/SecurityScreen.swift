import BrowseSupport
import Foundation
import ListKit

/// One security's daily prices, newest first, for any security of either market: a 上市
/// company or ETF from TWSE's STOCK_DAY, a 上櫃 one from TPEx's tradingStock. Its months are
/// fetched one request at a time (the throttle spaces them), merged with the days already on
/// disk (months fetched or imported before, all-market days); `older N` fetches N more.
///
/// Every source of the screen asks one ``SecurityLoader``. One screen type whatever the
/// security: its header lines are computed from its items, so a view above the table (a chart)
/// can be made from the same items.
enum SecurityScreen {
    /// The most months one command asks for: ten years.
    static let maximumMonths = 120

    /// The screen, with `months` months (the current one and those before it) to load.
    ///
    /// It reads no file: what the cached lists say of the security is found by its loads, off
    /// the main actor.
    @MainActor
    static func make(_ security: Security, store: MarketDataStore, context: DatasetContext, months: Int = 1)
        -> GenericListController<DailyTick, ColumnsRow>
    {
        let loader = SecurityLoader(security, store: store, current: YearMonth(TaipeiTime.day(of: context.now())))
        let newestFirst: (DailyTick, DailyTick) -> Bool = { ($0.date ?? .distantPast) > ($1.date ?? .distantPast) }
        let initial = loader.months.start(min(max(1, months), maximumMonths))
        let adjustment = PriceAdjustment()
        // The name and the header follow what the loads learn of the security; adjusted prices
        // say so in the title.
        let title: ([DailyTick]) -> String? = { _ in
            loader.security.title + (adjustment.isEnabled ? " · adjusted (computed)" : "")
        }
        let headerLines: (GenericListController<DailyTick, ColumnsRow>) -> [String] = { controller in
            header(
                controller.items.map(adjustment.apply), security: loader.security, loader: loader, context: context,
                adjustment: adjustment)
        }
        // Every cell is the tick's as traded, or adjusted when `adjusted` is on.
        let columns = TickPresentation.columns(withSecurity: false) { loader.security.name }.map { column in
            ListColumn(column.column) { column.cell(adjustment.apply($0)) }
        }
        let controller = GenericListController(
            title: security.title, titleFromItems: title,
            sources: initial.map(loader.source(for:)) + [loader.cachedSource()],
            order: newestFirst, columns: columns, header: headerLines
        ) { tick in
            let known = loader.security
            return .detail(TickPresentation.detail(adjustment.apply(tick), company: known.company, name: known.name))
        }
        // Closes with volume bars by date: drawn above the table on a tall terminal, and what
        // `chart` alone draws; with many months loaded it spans them all.
        let declared = controller.columns
        if let close = declared.first(where: { $0.name == "close" }),
            let date = declared.first(where: { $0.name == "date" })
        {
            controller.chartRequest = ChartRequest(
                y: close, x: date, bars: declared.first { $0.name == "volume" })
        }
        QuoteScreen.watchRows(of: controller, context: context) { _ in loader.security.code.rawValue }
        controller.addCommands([
            ListCommand(olderCommand) { [weak controller] arguments, _ in
                guard let controller else { return .none }
                return try older(arguments, on: controller, loader: loader)
            },
            ListCommand(infoCommand) { _, _ in
                .detail(info(loader.security))
            },
        ])
        controller.addCommands(
            CompanyPage.listCommands(
                loader: loader, store: store, context: context, adjustment: adjustment, controller: controller))
        return controller
    }

    /// `older [N]`: adds the N months before the oldest asked, and has the front end load them —
    /// after the months asked before that did not arrive (failed, or stopped by Ctrl-C), and the
    /// days on disk if Ctrl-C stopped the first load before them — the way it loads a screen.
    @MainActor
    static func older(
        _ arguments: String, on controller: GenericListController<DailyTick, ColumnsRow>, loader: SecurityLoader
    ) throws -> Selection {
        let count = try olderCount(arguments)
        let missing = loader.months.all.filter { !controller.isLoaded(source: sourceID($0)) }
        let new = loader.months.nextOlder(count)
        for month in new { controller.add(loader.source(for: month)) }
        let wanted = missing + new
        return .load { [weak controller] ending, progress in
            guard ending == .interrupted, let controller else { return .none }
            let arrived = wanted.filter { controller.isLoaded(source: sourceID($0)) }
            progress.note(
                "\(arrived.count) of \(wanted.count) months arrived before Ctrl-C; older fetches the rest first")
            return .none
        }
    }

    /// `older [N]`: more months.
    static let olderCommand = ListCommandDeclaration(
        name: "older", usage: "older [N]",
        summary: "fetch N more months (default 1), one request at a time; Ctrl-C keeps what arrived")
    /// `info`: the company's details.
    static let infoCommand = ListCommandDeclaration(
        name: "info", usage: "info", summary: "the company's details (or what is known of the security)")
    /// The commands the screen adds, which every dataset that opens it declares: its own and
    /// the company page's.
    static let commands = [olderCommand, infoCommand] + CompanyPage.commands

    static func sourceID(_ month: YearMonth) -> String { SecurityLoader.sourceID(month) }

    /// `older`, `older 12`.
    static func olderCount(_ arguments: String) throws(OlderCountError) -> Int {
        let text = arguments.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return 1 }
        guard let count = Int(text), (1...maximumMonths).contains(count) else { throw OlderCountError(given: text) }
        return count
    }

    /// The lines above the table: who the security is, a sparkline of closes, where the days
    /// came from.
    static func header(
        _ ticks: [DailyTick], security: Security, loader: SecurityLoader, context: DatasetContext,
        adjustment: PriceAdjustment? = nil
    ) -> [String] {
        let market = security.market
        var identity = "\(security.code)"
        if let company = security.company {
            identity +=
                " \(company.shortName) · \(company.name) · \(company.market.title) · "
                + (company.industryName ?? company.industryCode ?? "")
        } else {
            if let name = security.name { identity += " \(name)" }
            identity +=
                " · " + (market.map { "\($0.title) (\($0 == .otc ? "TPEx" : "TWSE"))" } ?? "market not known yet")
        }
        var lines = [identity]
        let dated = ticks.filter { $0.close != nil }.reversed()
        let closes = dated.compactMap(\.close)
        if let first = dated.first, let last = dated.last, let from = first.close, let to = last.close {
            lines.append(
                "close \(Sparkline.render(closes)) \(from.formatted(grouping: true)) → "
                    + "\(to.formatted(grouping: true)) · \(closes.count) day\(closes.count == 1 ? "" : "s") "
                    + "\(first.date?.description ?? "") – \(last.date?.description ?? "")")
        } else {
            lines.append("no trading days loaded yet · older fetches the month before")
        }
        if let age = loader.log.describe(now: context.now(), offline: context.offline) {
            var line =
                "\(market == .otc ? "TPEx tradingStock" : "STOCK_DAY") \(age) · older fetches \(loader.months.nextNew)"
            if market == .otc { line += " · volume and value: TPEx's lots and NT$ thousands ×1,000" }
            lines.append(line)
        }
        if let adjusted = adjustment?.headerLine { lines.append(adjusted) }
        return lines
    }

    /// The company's details, or what is known of a security without company data.
    static func info(_ security: Security) -> Detail {
        if let company = security.company {
            var detail = CompanyPresentation.detail(company)
            detail.notes.append(CompanyPage.infoLine)
            return detail
        }
        var fields: [Detail.Field] = [.init("code", security.code.rawValue)]
        if let name = security.name { fields.append(.init("name", name)) }
        fields.append(.init("market", security.market.map { "\($0.title) (\($0.rawValue))" } ?? "not known yet"))
        return Detail(
            title: security.title, fields: fields,
            notes: [
                "not in the cached company lists: an ETF, a fund or a security without company data "
                    + "(or the lists were not downloaded: open companies)",
                CompanyPage.infoLine,
            ])
    }
}

/// An `older` count that cannot be used, in the screen's own words.
struct OlderCountError: UserFacingError {
    let given: String
    var description: String {
        "older \(given): give a number of months from 1 to \(SecurityScreen.maximumMonths), or nothing for one"
    }
    var exitCode: ExitCode { .usage }
}

extension CalendarDate {
    static let distantPast = CalendarDate(clamping: 1, month: 1, day: 1)
}
