import ListKit

/// How ex-rights and ex-dividend days look in tables, exports and details, shared by
/// `dividends` and a company's `dividends`: the same columns, so both export alike.
enum ExRightsPresentation {
    /// The figures shown before `show`; every figure is a column and exports.
    private static let shown: [ExRightsFigure: (short: String, priority: Int)] = [
        .closeBefore: ("前收", 6), .reference: ("參考價", 7), .value: ("權息值", 7),
    ]

    /// The ex-date, code, name, market and kind, every figure, the latest filing and the key
    /// of TWSE's detail.
    static var columns: [ListColumn<ExRightsEvent>] {
        var columns: [ListColumn<ExRightsEvent>] = [
            ListColumn("date", kind: .date, priority: 10) { .date($0.date) },
            ListColumn("code", kind: .code, priority: 10, isPinnedByDefault: true) { .text($0.code.rawValue) },
            ListColumn("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true) { $0.name.cell },
            ListColumn("market", kind: .text, priority: 4) { .text($0.market.title) },
            ListColumn("kind", kind: .text, priority: 8) { row in
                // 權, 息 or 權息 whichever exchange wrote it; a word not known is kept as sent.
                .text(row.kind?.rawValue ?? row.kindText)
            },
        ]
        columns += ExRightsFigure.allCases.map { figure in
            let shown = Self.shown[figure]
            return ListColumn(
                figure.column, kind: figure.isShareCount ? .integer : .decimal, short: shown?.short,
                priority: shown?.priority ?? 0, isShownByDefault: shown != nil
            ) { row in
                guard let value = row[figure] else { return .missing }
                if figure.isShareCount, value.scale == 0 { return .integer(value.units, grouped: true) }
                return .decimal(value, grouped: true)
            }
        }
        columns += [
            ListColumn("latest_report", kind: .text, isShownByDefault: false) { row in
                row.latestReport.map(Cell.text) ?? .missing
            },
            ListColumn("detail", kind: .text, isShownByDefault: false) { row in
                row.detailKey.map(Cell.text) ?? .missing
            },
        ]
        return columns
    }

    /// The order of a list: by ex-date, then 上市 before 上櫃, then code.
    static func order(_ lhs: ExRightsEvent, _ rhs: ExRightsEvent) -> Bool {
        (lhs.date, lhs.market == .otc ? 1 : 0, lhs.code) < (rhs.date, rhs.market == .otc ? 1 : 0, rhs.code)
    }

    /// What choosing a row does: a 上市 row fetches TWSE's detail of the day (TWT49UDetail) and
    /// opens it; a 上櫃 row, whose figures TPEx gives in the row, shows them.
    @MainActor
    static func select(_ row: ExRightsEvent, store: MarketDataStore, columns: [ListColumn<ExRightsEvent>])
        -> Selection
    {
        guard row.market == .listed else {
            return .detail(columns.detail(of: row, notes: ["TPEx gives the whole detail in the row"]))
        }
        return .pending(title: "TWT49UDetail \(row.code) \(row.date)") { progress in
            let detail = try await store.exRightsDetail(
                row.code, day: row.date, request: LoadRequest(progress: progress, refresh: false))
            guard let found = detail.value else {
                return .detail(
                    columns.detail(of: row, notes: ["TWSE has no detail of \(row.code) on \(row.date) (TWT49UDetail)"]))
            }
            return .push(detailScreen(found, kind: row.kind))
        }
    }

    /// TWSE's detail of a day as a list: each field's name, the number and unit read from its
    /// text, and the text as sent.
    @MainActor
    static func detailScreen(_ detail: ExRightsDetail, kind: ExRightsKind?)
        -> GenericListController<ExRightsDetailItem, ColumnsRow>
    {
        let columns: [ListColumn<ExRightsDetailItem>] = [
            .text("item", \.name, priority: 10, minimumWidth: 12),
            .decimal("amount", \.amount, grouped: true, priority: 9),
            .text("unit", \.unit, priority: 8),
            .text("text", \.text, priority: 1),
        ]
        let title = "\(detail.code) \(detail.name.shown) \(detail.date) 除\(kind?.rawValue ?? "權息")"
        let line = "TWT49UDetail \(detail.code) \(detail.date) · each value as TWSE wrote it, its number and unit read"
        return GenericListController(title: title, items: detail.items, columns: columns, header: { _ in [line] })
    }
}
