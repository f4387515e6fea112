import ListKit

/// 本益比 殖利率 股價淨值比: every 上市 and 上櫃 security's P/E, dividend yield and P/B on one
/// day (TWSE's BWIBBU_d and TPEx's peQryDate).
package struct ValuationDataset: Dataset {
    package init() {}

    /// `watch` quotes the securities on the page and refreshes them.
    package var screenCommands: [ListCommandDeclaration] { [QuoteScreen.watchCommand] }

    package var id: String { "valuation" }
    package var aliases: [String] { ["本益比", "殖利率", "股價淨值比"] }
    package var title: String { "本益比 殖利率 股價淨值比 valuation" }
    package var summary: String {
        "each security's P/E, dividend yield and P/B on a day (needs the network; past days cached for good)"
    }
    package var options: [OptionDeclaration] { [DayReportScreen.date.declaration] }

    static var columns: [ListColumn<Valuation>] {
        Valuation.leadingColumns + [
            .decimal("pe", \.priceEarnings, short: "本益比", priority: 8),
            .decimal("yield", \.dividendYield, short: "殖利率", priority: 7),
            .decimal("pb", \.priceBook, short: "淨值比", priority: 6),
            // TWSE's newer layout alone has the close, TPEx alone the dividend: shown when asked.
            .decimal("close", \.close, grouped: true, priority: 3, isShownByDefault: false),
            .decimal("dividend", \.dividend, priority: 2, isShownByDefault: false),
            ListColumn("dividend_year", kind: .integer, priority: 1) { row in
                row.dividendYear.map { Cell.integer($0) } ?? .missing
            },
            ListColumn("fiscal_quarter", kind: .text, priority: 1) { row in
                row.fiscalQuarter.map { Cell.text($0.description) } ?? .missing
            },
        ]
    }

    static let spec = DayReportScreen.Spec<Valuation>(
        id: "valuation", chineseName: "本益比 殖利率 股價淨值比", kind: .valuation, unit: nil
    ) { market, day in
        let parse: @Sendable ([UInt8]) throws(TWSEParseError) -> DayReport<Valuation>
        if market == .otc {
            parse = { bytes throws(TWSEParseError) in try ValuationParser.parseTPEx(bytes, day: day) }
        } else {
            parse = { bytes throws(TWSEParseError) in try ValuationParser.parseTWSE(bytes, day: day) }
        }
        return parse
    }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        try DayReportScreen.make(Self.spec, columns: Self.columns, context: context)
    }
}
