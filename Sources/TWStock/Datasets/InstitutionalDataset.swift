import BrowseSupport
import ListKit

/// 三大法人: every 上市 and 上櫃 security's institutional trading on one day (TWSE's T86 and
/// TPEx's insti/dailyTrade), in shares, with the market's totals in NT$ (BFI82U) heading the
/// screen.
package struct InstitutionalDataset: Dataset {
    package init() {}

    /// `watch` quotes the securities on the page and refreshes them.
    package var screenCommands: [ListCommandDeclaration] { [QuoteScreen.watchCommand] }

    package var id: String { "institutional" }
    package var aliases: [String] { ["三大法人"] }
    package var title: String { "三大法人 institutional investors' trading" }
    package var summary: String {
        "foreign investors', investment trusts' and dealers' buying and selling of each security on a day "
            + "(needs the network; past days cached for good)"
    }
    package var options: [OptionDeclaration] { [DayReportScreen.date.declaration] }

    /// The figures shown before `show`: who was a net buyer or seller; every figure is a column
    /// and exports.
    private static let shown: [InstitutionalFigure: (short: String, priority: Int)] = [
        .foreignNet: ("外資", 7), .trustNet: ("投信", 6), .dealerNet: ("自營商", 6), .totalNet: ("合計", 8),
    ]

    static var columns: [ListColumn<InstitutionalTrade>] {
        InstitutionalTrade.leadingColumns
            + InstitutionalFigure.allCases.map { figure in
                let shown = Self.shown[figure]
                return ListColumn(
                    figure.column, kind: .integer, short: shown?.short, priority: shown?.priority ?? 0,
                    isShownByDefault: shown != nil
                ) { row in
                    row[figure].map { Cell.integer($0, grouped: true) } ?? .missing
                }
            }
    }

    static let spec = DayReportScreen.Spec<InstitutionalTrade>(
        id: "institutional", chineseName: "三大法人", kind: .institutional, unit: "shares"
    ) { market, day in
        let parse: @Sendable ([UInt8]) throws(TWSEParseError) -> DayReport<InstitutionalTrade>
        if market == .otc {
            parse = { bytes throws(TWSEParseError) in try TPExInstitutionalParser.parse(bytes, day: day) }
        } else {
            parse = { bytes throws(TWSEParseError) in try InstitutionalParser.parse(bytes, day: day) }
        }
        return parse
    }

    @MainActor
    package func makeRootScreen(context: DatasetContext) throws -> any ListScreen {
        let store = try context.marketData()
        let totals = InstitutionalTotalsBox()
        let totalsFirst: @Sendable (Market, CalendarDate, LoadRequest) async throws -> Void = { market, day, request in
            guard market == .listed else { return }
            let result = try await store.dayReport(
                .institutionalTotals, market: .listed, day: day, request: request
            ) { bytes throws(TWSEParseError) in
                try InstitutionalTotalsParser.parse(bytes, day: day)
            }
            totals.set(result.value)
        }
        return try DayReportScreen.make(
            Self.spec, columns: Self.columns, context: context, extraHeader: { totals.lines }, afterLoad: totalsFirst)
    }
}
