import BrowseSupport
import ListKit
import Testing

/// `freq` and `stats` as the framework computes them, against a reference over random rows.
@MainActor
@Suite struct AnalysisTests {
    struct Row: Identifiable, Sendable {
        let id: Int
        let group: String?
        let amount: Int?  // thousandths
    }

    func screen(_ rows: [Row]) -> GenericListController<Row, ColumnsRow> {
        let columns = [Column("group"), Column("amount", kind: .decimal)]
        return GenericListController(title: "rows", items: rows, columns: columns) { cells, row in
            cells["group"] = row.group.map { Cell.text($0) } ?? .missing
            cells["amount"] = .decimal(row.amount.map { ExactDecimal(units: Int64($0), scale: 3) })
        } select: { _ in
            .none
        }
    }

    func randomRows() -> [Row] {
        var random = SystemRandomNumberGenerator()
        return (0..<2_000).map { id in
            Row(
                id: id,
                group: Int.random(in: 0..<10, using: &random) == 0 ? nil : ["a", "b", "c", "d"].randomElement(),
                amount: Int.random(in: 0..<8, using: &random) == 0
                    ? nil : Int.random(in: -1_000_000...9_000_000, using: &random))
        }
    }

    @Test func frequenciesCountEveryValueMostFrequentFirst() throws {
        let rows = randomRows()
        let list = screen(rows)
        try list.applyFilter("")
        let counts = try ColumnAnalysis.frequencies(of: list.columns[0], in: list)
        var reference: [String?: Int] = [:]
        for row in rows { reference[row.group, default: 0] += 1 }
        #expect(counts.count == reference.count)
        for entry in counts {
            let key: String? = entry.value == .missing ? nil : entry.text
            #expect(entry.count == reference[key], "\(entry.text)")
        }
        #expect(counts.map(\.count) == counts.map(\.count).sorted(by: >), "most frequent first")
        #expect(counts.reduce(0) { $0 + $1.count } == rows.count)
    }

    @Test func statisticsAreExact() throws {
        let rows = randomRows()
        let list = screen(rows)
        let stats = try ColumnAnalysis.statistics(of: list)
        let amounts = rows.compactMap(\.amount)
        let amount = try #require(stats.last)
        #expect(amount.count == rows.count)
        #expect(amount.missing == rows.count - amounts.count)
        #expect(amount.distinct == Set(amounts).count)
        #expect(amount.minimum?.value == .decimal(ExactDecimal(units: Int64(amounts.min() ?? 0), scale: 3)))
        #expect(amount.maximum?.value == .decimal(ExactDecimal(units: Int64(amounts.max() ?? 0), scale: 3)))
        let sum = amounts.reduce(0, +)
        #expect(amount.sum == ExactDecimal(units: Int64(sum), scale: 3), "the sum is exact")
        // The mean to five decimals (two past the values'), rounded half away from zero.
        let scaled = Double(sum) * 100 / Double(amounts.count)
        #expect(amount.mean == ExactDecimal(units: Int64(scaled.rounded(.toNearestOrAwayFromZero)), scale: 5))
        let group = try #require(stats.first)
        #expect(group.sum == nil && group.mean == nil, "text has no sum")
        #expect(group.minimum?.text == "a")
        #expect(group.maximum?.text == "d")
    }

    @Test func statisticsFollowTheView() throws {
        let list = screen(randomRows())
        try list.applyWhere(try WhereParser.parse("group = b", columns: list.columns))
        let group = try #require(ColumnAnalysis.statistics(of: list).first)
        #expect(group.distinct == 1)
        #expect(group.count == list.count)
    }
}
