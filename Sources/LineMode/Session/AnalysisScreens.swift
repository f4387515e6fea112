import ListKit

/// The screens of `freq` and `stats`: lists driven by the same controller, over the view of the
/// list below them.
@MainActor
enum AnalysisScreens {
    /// The distinct values of `column`, most frequent first, with count and percent. Choosing a
    /// value goes back to the list narrowed to it (`where COL = value`).
    ///
    /// - Throws: `AnalysisMemoryError` when the counts would not fit in the memory left.
    static func frequencies(of column: Column, in list: any ListScreen) throws(AnalysisMemoryError) -> any ListScreen {
        let counts = try ColumnAnalysis.frequencies(of: column, in: list)
        let total = counts.reduce(0) { $0 + $1.count }
        let entries = counts.enumerated().map { FrequencyEntry(id: $0.offset, value: $0.element) }
        let columns = [
            Column(column.name, kind: column.kind, priority: 10, minimumWidth: 10),
            Column("count", kind: .integer, priority: 9),
            Column("percent", kind: .decimal, priority: 8),
        ]
        return GenericListController(title: "freq \(column.name)", items: entries, columns: columns) {
            (row: inout ColumnsRow, entry) in
            row[column.name] = Cell(entry.value.value, text: entry.value.text)
            row["count"] = .integer(entry.value.count, grouped: true)
            row["percent"] = .decimal(percent(entry.value.count, of: total))
        } select: { [weak list] entry in
            guard let list else { return .none }
            let condition: WhereExpression
            if case .missing = entry.value.value {
                condition = .comparison(
                    WhereComparison(column: column, comparison: .isMissing, value: .missing, text: ""))
            } else {
                condition = .comparison(
                    WhereComparison(
                        column: column, comparison: .equal, value: entry.value.value,
                        text: entry.value.value.exportText))
            }
            list.applyWhere(condition)
            return .back
        }
    }

    /// One row per column of the view: kind, missing, distinct, min, max, and for numbers the
    /// exact sum and the mean.
    static func statistics(of list: any ListScreen) -> any ListScreen {
        let rows = ColumnAnalysis.statistics(of: list).enumerated().map {
            StatisticsEntry(id: $0.offset, value: $0.element)
        }
        let columns = [
            Column("column", priority: 10, minimumWidth: 10),
            Column("kind", priority: 5),
            Column("missing", kind: .integer, priority: 8),
            Column("distinct", kind: .integer, priority: 7),
            Column("min", priority: 6, minimumWidth: 16),
            Column("max", priority: 6, minimumWidth: 16),
            Column("mean", kind: .decimal, priority: 4),
            Column("sum", kind: .decimal, priority: 3),
        ]
        return GenericListController(title: "stats of \(list.title)", items: rows, columns: columns) {
            (row: inout ColumnsRow, entry) in
            let statistics = entry.value
            row["column"] = .text(statistics.column.name)
            row["kind"] = .text(statistics.column.kind.rawValue)
            row["missing"] = .integer(statistics.missing, grouped: true)
            row["distinct"] = .integer(statistics.distinct, grouped: true)
            row["min"] = statistics.minimum.map { Cell(.text($0.value.exportText), text: $0.text) } ?? .missing
            row["max"] = statistics.maximum.map { Cell(.text($0.value.exportText), text: $0.text) } ?? .missing
            row["mean"] = .decimal(statistics.mean, grouped: true)
            row["sum"] = .decimal(statistics.sum, grouped: true)
        } select: { entry in
            .message("\(entry.value.column.name): \(entry.value.count) rows, \(entry.value.missing) without a value")
        }
    }

    /// `part` of `total` in percent, two decimals.
    static func percent(_ part: Int, of total: Int) -> ExactDecimal? {
        guard total > 0 else { return nil }
        let units = (Int64(part) * 10_000 * 2 + Int64(total)) / (Int64(total) * 2)
        return ExactDecimal(units: units, scale: 2)
    }
}

private struct FrequencyEntry: Identifiable, Sendable {
    let id: Int
    let value: ValueCount
}

private struct StatisticsEntry: Identifiable, Sendable {
    let id: Int
    let value: ColumnStatistics
}
