import BrowseSupport
import ListKit

/// The screens of `freq` and `stats`: lists driven by the same controller, over the view of the
/// list below them.
@MainActor
enum AnalysisScreens {
    /// The distinct values of `column`, most frequent first, with count and percent. Choosing a
    /// value goes back to the list narrowed to it (`where COL = value`).
    ///
    /// - Throws: `AnalysisMemoryError` when the counts would not fit in the memory left;
    ///   `ListError.interrupted` when `stop` was raised first.
    static func frequencies(of column: Column, in list: any ListScreen, stop: StopFlag) throws -> any ListScreen {
        let counts = try ColumnAnalysis.frequencies(of: column, in: list, stop: stop)
        // A loop: a closure written here checks its executor at every call, and a column can
        // have a million values.
        var total = 0
        for count in counts { total += count.count }
        let columns: [ListColumn<ValueCount>] = [
            ListColumn(column.name, kind: column.kind, priority: 10, minimumWidth: 10, isPinnedByDefault: true) {
                Cell($0.value, text: $0.text)
            },
            ListColumn(FrequencyStore.countColumn, kind: .integer, priority: 9) {
                FrequencyStore.countCell($0.count)
            },
            ListColumn(FrequencyStore.percentColumn, kind: .decimal, priority: 8) {
                FrequencyStore.percentCell($0.count, of: total)
            },
        ]
        return GenericListController(
            title: "freq \(column.name)", items: counts,
            store: FrequencyStore(valueColumn: column.name, total: total), columns: columns
        ) {
            [weak list] entry in
            guard let list else { return .none }
            let condition: WhereExpression
            if case .missing = entry.value {
                condition = .comparison(
                    WhereComparison(column: column, comparison: .isMissing, value: .missing, text: ""))
            } else {
                condition = .comparison(
                    WhereComparison(
                        column: column, comparison: .equal, value: entry.value,
                        text: entry.value.exportText))
            }
            try list.applyWhere(condition)
            return .back
        }
    }

    /// One row per column of the view: kind, missing, distinct, min, max, and for numbers the
    /// exact sum and the mean.
    static func statistics(of list: any ListScreen, stop: StopFlag) throws -> any ListScreen {
        let rows = try ColumnAnalysis.statistics(of: list, stop: stop).enumerated().map {
            StatisticsEntry(id: $0.offset, value: $0.element)
        }
        let extreme = { (cell: Cell?) in cell.map { Cell(.text($0.value.exportText), text: $0.text) } ?? .missing }
        // The extremes of numbers, dates, times and codes are never cut (a cut timestamp reads
        // as another one): the columns may narrow only to the widest of them.
        let whole = rows.filter { $0.value.column.kind.isNeverCut }.flatMap { [$0.value.minimum, $0.value.maximum] }
        let extremeWidth = max(16, whole.compactMap { $0.map { DisplayWidth.of($0.text) } }.max() ?? 0)
        let columns: [ListColumn<StatisticsEntry>] = [
            // A name: it keeps eight cells of its text, so the extremes fit beside it at 80.
            ListColumn("column", kind: .text, priority: 10, isName: true, isPinnedByDefault: true) {
                .text($0.value.column.name)
            },
            // Every kind's name whole: `datetime` is the longest.
            ListColumn("kind", kind: .text, priority: 5, minimumWidth: 8) { .text($0.value.column.kind.rawValue) },
            ListColumn("missing", kind: .integer, short: "miss", priority: 8) {
                .integer($0.value.missing, grouped: true)
            },
            ListColumn("distinct", kind: .integer, short: "dist", priority: 7) {
                .integer($0.value.distinct, grouped: true)
            },
            ListColumn("min", kind: .text, priority: 6, minimumWidth: extremeWidth) { extreme($0.value.minimum) },
            ListColumn("max", kind: .text, priority: 6, minimumWidth: extremeWidth) { extreme($0.value.maximum) },
            ListColumn("mean", kind: .decimal, priority: 4) { .decimal($0.value.mean, grouped: true) },
            ListColumn("sum", kind: .decimal, priority: 3) { .decimal($0.value.sum, grouped: true) },
        ]
        return GenericListController(title: "stats of \(list.title)", items: rows, columns: columns) { entry in
            .message("\(entry.value.column.name): \(entry.value.count) rows, \(entry.value.missing) without a value")
        }
    }

}

private struct StatisticsEntry: Identifiable, Sendable {
    let id: Int
    let value: ColumnStatistics
}
