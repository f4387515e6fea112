import ListKit

/// How monthly revenue looks in tables, exports and details, shared by `revenue` and a
/// company's `revenue`: the same columns, so both export alike.
enum RevenuePresentation {
    /// The month (`yyyy-mm`, in every export row), code, name, market, industry, the figures
    /// in NT$ thousands and the changes in percent, and the note.
    static var columns: [ListColumn<MonthlyRevenue>] {
        [
            ListColumn("month", kind: .text, priority: 10, isShownByDefault: false) { .text($0.month.description) },
            ListColumn("code", kind: .code, priority: 10, isPinnedByDefault: true) { .text($0.code.rawValue) },
            ListColumn("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true) { $0.name.cell },
            ListColumn("market", kind: .text, priority: 3) { .text($0.market.title) },
            .text("industry", \.industry, priority: 2, minimumWidth: 4),
            .integer("revenue", \.revenue, grouped: true, short: "營收", priority: 8),
            .integer("last_month", \.lastMonth, grouped: true, short: "上月", priority: 4),
            .integer("last_year", \.lastYear, grouped: true, short: "去年", priority: 5),
            ListColumn("month_change", kind: .decimal, short: "月增%", priority: 6) { $0.monthChange?.cell ?? .missing },
            ListColumn("year_change", kind: .decimal, short: "年增%", priority: 7) { $0.yearChange?.cell ?? .missing },
            .integer("cumulative", \.cumulative, grouped: true, short: "累計", priority: 3),
            .integer("cumulative_last_year", \.cumulativeLastYear, grouped: true, priority: 1, isShownByDefault: false),
            ListColumn("cumulative_change", kind: .decimal, short: "累計%", priority: 2) {
                $0.cumulativeChange?.cell ?? .missing
            },
            // The note exports as sent; the screen shows it on one line.
            ListColumn("note", kind: .text, priority: 0, isShownByDefault: false) { row in
                row.note.map { Cell(.text($0), text: FieldText.clean($0) ?? "") } ?? .missing
            },
        ]
    }

    /// The unit, said in headers.
    static let unit = "NT$ thousands (千元)"
}
