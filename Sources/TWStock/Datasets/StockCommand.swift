import ListKit

/// `stock CODE [--months N]`: any security's daily prices by its code — a company of either
/// market, an ETF, a TDR — in a session or as `browse stock 2330 --months 12`.
///
/// The market comes from the cached lists when they know the code; otherwise the screen asks
/// TWSE, then TPEx, and says which answered. A 興櫃 code is refused at once when the lists this
/// run has read know it, else when its screen loads.
enum StockCommand {
    /// `--months N`: how many months the screen opens with.
    static let months = TypedOption.integer(
        "months", in: 1...SecurityScreen.maximumMonths,
        summary: "open with N months of history, fetched one by one (1–\(SecurityScreen.maximumMonths))",
        expectation: "give a number of months from 1 to \(SecurityScreen.maximumMonths)")

    /// `CODE`: Tab offers the codes of the cached company lists.
    static let code = ArgumentDeclaration("CODE", summary: "a security's code: 2330, 00632R") { context in
        (try? context.marketData().cachedCodes()) ?? []
    }

    static let command = DatasetCommand(
        name: "stock", usage: "stock CODE [--months N]",
        summary: "a security's daily prices by its code: a company of either market, an ETF, a TDR",
        arguments: [code], options: [months.declaration]
    ) { arguments, context in
        try make(arguments, context: context)
    }

    @MainActor
    static func make(_ arguments: DatasetCommand.Arguments, context: DatasetContext) throws -> any ListScreen {
        guard arguments.positionals.count == 1, let text = arguments.positionals.first else {
            throw StockCommandError.code(arguments.positionals.dropFirst().first)
        }
        guard let code = StockCode(text) else { throw StockCommandError.notACode(text) }
        let months = try arguments.options.value(Self.months) ?? 1
        let store = try context.marketData()
        // Only what this run has read already: the cached lists are read by the screen's loads.
        let company = store.knownCompany(code)
        if let company, company.market == .emerging {
            throw StockCommandError.noDailyPrices(MarketDataError.noDailyPrices(code, company.market))
        }
        let security = Security(code: code, name: company?.shortName, company: company, market: company?.market)
        return SecurityScreen.make(security, store: store, context: context, months: months)
    }
}

/// A `stock` command that cannot open a screen.
enum StockCommandError: UserFacingError, Hashable {
    /// No code, or a word after it (`stock 2330 2317`).
    case code(String?)
    case notACode(String)
    case noDailyPrices(MarketDataError)

    var description: String {
        switch self {
        case .code(nil): return "stock needs a security code: stock 2330 [--months 12]"
        case .code(let extra?): return "stock takes one code; \"\(extra)\" is one too many: stock 2330 [--months 12]"
        case .notACode(let text):
            return "\"\(text)\" is not a security code (4–6 letters or digits, such as 2330 or 00632R)"
        case .noDailyPrices(let reason): return String(describing: reason)
        }
    }

    var exitCode: ExitCode {
        if case .noDailyPrices = self { return .failure }
        return .usage
    }
}
