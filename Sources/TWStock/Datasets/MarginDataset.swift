import ListKit

/// 融資融券: every 上市 and 上櫃 security's margin purchases and short sales on one day (TWSE's
/// MI_MARGN and TPEx's margin/balance), in lots (張) as the exchanges give them.
package struct MarginDataset: Dataset {
    package init() {}

    /// `watch` quotes the securities on the page and refreshes them.
    package var screenCommands: [ListCommandDeclaration] { [QuoteScreen.watchCommand] }

    package var id: String { "margin" }
    package var aliases: [String] { ["融資融券"] }
    package var title: String { "融資融券 margin purchases and short sales" }
    package var summary: String {
        "each security's margin and short balances on a day, in lots (needs the network; past days cached for good)"
    }
    package var options: [OptionDeclaration] { [DayReportScreen.date.declaration] }

    private static let shown: [MarginFigure: (short: String, priority: Int)] = [
        .marginBalance: ("融資", 8), .marginBuy: ("資買", 4), .marginSell: ("資賣", 4),
        .shortBalance: ("融券", 7), .shortSell: ("券賣", 3), .offset: ("互抵", 2),
    ]

    static var columns: [ListColumn<MarginBalance>] {
        let figures = MarginFigure.allCases.map { figure in
            let shown = Self.shown[figure]
            return ListColumn<MarginBalance>(
                figure.column, kind: .integer, short: shown?.short, priority: shown?.priority ?? 0,
                isShownByDefault: shown != nil
            ) { row in
                row[figure].map { Cell.integer($0, grouped: true) } ?? .missing
            }
        }
        let rest: [ListColumn<MarginBalance>] = [
            .decimal("margin_usage", \.marginUsage, priority: 0, isShownByDefault: false),
            .decimal("short_usage", \.shortUsage, priority: 0, isShownByDefault: false),
            ListColumn("note", kind: .text, priority: 1, minimumWidth: 3) { row in
                Cell(.text(row.note), text: FieldText.clean(row.note) ?? "")
            },
        ]
        return MarginBalance.leadingColumns + figures + rest
    }

    static let spec = DayReportScreen.Spec<MarginBalance>(
        id: "margin", chineseName: "融資融券", kind: .margin, unit: "lots (張)"
    ) { market, day in
        let parse: @Sendable ([UInt8]) throws(TWSEParseError) -> DayReport<MarginBalance>
        if market == .otc {
            parse = { bytes throws(TWSEParseError) in try MarginParser.parseTPEx(bytes, day: day) }
        } else {
            parse = { bytes throws(TWSEParseError) in try MarginParser.parseTWSE(bytes, day: day) }
        }
        return parse
    }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        try DayReportScreen.make(Self.spec, columns: Self.columns, context: context)
    }
}
