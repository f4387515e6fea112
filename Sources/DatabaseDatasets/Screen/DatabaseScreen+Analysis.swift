import BrowseSupport
import ListKit

extension DatabaseScreen: AnalysisAnswering {
    package func frequencies(of column: Column, stop: StopFlag) throws -> [ValueCount]? {
        guard let view, let kind = view.columns.first(where: { $0.name == column.name })?.kind else { return nil }
        var counts: [ValueCount] = []
        do throws(DatabaseError) {
            try Self.run(compiler.frequencies(view, column: column.name), in: connection, stop: stop) { fields in
                let cell = DatabaseCells.cell(fields[0], kind: kind)
                let count = fields[1].flatMap { Int($0) } ?? 0
                counts.append(ValueCount(value: cell.value, text: cell.text, count: count, rank: counts.count))
            }
        } catch {
            noteFailure(error)
            throw Self.listError(error)
        }
        return counts
    }

    /// The most columns one aggregate statement covers (SQLite answers at most 2,000 columns).
    static let statisticsGroup = 300

    package func statistics(stop: StopFlag) throws -> [ColumnStatistics]? {
        guard let view else { return nil }
        var statistics: [ColumnStatistics] = []
        var start = 0
        repeat {
            let group = Array(view.columns[start..<min(start + Self.statisticsGroup, view.columns.count)])
            var fields: [String?] = []
            do throws(DatabaseError) {
                try Self.run(compiler.statistics(view, columns: group), in: connection, stop: stop) { fields = $0 }
            } catch {
                noteFailure(error)
                throw Self.listError(error)
            }
            let rows = fields.first.flatMap { $0.flatMap { Int($0) } } ?? 0
            for (index, column) in group.enumerated() {
                let base = 1 + index * 5
                let present = fields[base].flatMap { Int($0) } ?? 0
                let numeric = column.kind == .integer || column.kind == .decimal
                let sum = numeric ? fields[base + 4].flatMap { ExactDecimal($0, allowsGrouping: false) } : nil
                statistics.append(
                    ColumnStatistics(
                        column: columns[start + index], count: rows, missing: rows - present,
                        distinct: fields[base + 1].flatMap { Int($0) } ?? 0,
                        minimum: fields[base + 2].map { DatabaseCells.cell($0, kind: column.kind) },
                        maximum: fields[base + 3].map { DatabaseCells.cell($0, kind: column.kind) },
                        sum: sum, mean: sum.flatMap { ColumnStatistics.mean(sum: $0, count: present) }))
            }
            start += Self.statisticsGroup
        } while start < view.columns.count
        return statistics
    }
}
