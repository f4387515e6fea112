import BrowseSupport
import ListKit

/// Where the `freq` screen keeps its entries: their ids are their ranks, unique by
/// construction, and the widths of the count and percent columns follow from the largest count.
///
/// A column of a million different values has a million entries; measuring them the generic way
/// formats every count and percent only to learn the widest.
@MainActor
final class FrequencyStore: ListStore {
    private(set) var items: [ValueCount] = []
    private(set) var view: [Int]?
    let itemsAreUnique = true
    /// The name of the column whose values are counted.
    private let valueColumn: String
    /// The rows counted, which the percents are of.
    private let total: Int

    init(valueColumn: String, total: Int) {
        self.valueColumn = valueColumn
        self.total = total
    }

    func setItems(_ items: [ValueCount]) {
        self.items = items
        view = nil
    }

    func appendItems(_ items: [ValueCount]) {
        self.items.append(adopting: items)
    }

    func setView(_ view: [Int]?) {
        self.view = view
    }

    /// The value column measured entry by entry; count and percent by the largest count, as
    /// neither text gets narrower when its number grows.
    func widestTexts(of columns: [String], at positions: [Int]?, width: TextWidth, stop: StopFlag) throws -> [Int]? {
        // A counted column named like one of the others is left to the generic path.
        guard valueColumn != Self.countColumn, valueColumn != Self.percentColumn else { return nil }
        // Measured on every core, each a stretch of the entries: a column of millions of values
        // took a tenth of its `freq` here.
        let count = positions?.count ?? items.count
        let parts = ParallelWork.pieces(for: count)
        let items = items
        let measured = ParallelWork.map(parts, stop: stop) { part in
            var widestValue = 0
            var largest: Int?
            for index in ParallelWork.range(ofPiece: part, of: parts, count: count) {
                if index % 4_096 == 0, stop.isRaised { break }
                let entry = items[positions?[index] ?? index]
                widestValue = max(widestValue, width.of(entry.text))
                largest = max(largest ?? 0, entry.count)
            }
            return (widestValue: widestValue, largest: largest)
        }
        if stop.isRaised { throw ListError.interrupted }
        let widestValue = measured.compactMap { $0?.widestValue }.max() ?? 0
        let largest = measured.compactMap { $0?.largest }.max()
        return columns.map { name in
            switch name {
            case valueColumn: return widestValue
            case Self.countColumn: return largest.map { width.of(Self.countCell($0).text) } ?? 0
            case Self.percentColumn: return largest.map { width.of(Self.percentCell($0, of: total).text) } ?? 0
            default: return 0
            }
        }
    }

    /// The names of the two columns after the value's.
    static let countColumn = "count"
    static let percentColumn = "percent"

    /// The cell of a count.
    static func countCell(_ count: Int) -> Cell { .integer(count, grouped: true) }

    /// The cell of `count` rows' share of `total`, in percent with two decimals.
    static func percentCell(_ count: Int, of total: Int) -> Cell {
        guard total > 0 else { return .decimal(nil) }
        let units = (Int64(count) * 10_000 * 2 + Int64(total)) / (Int64(total) * 2)
        return .decimal(ExactDecimal(units: units, scale: 2))
    }
}
