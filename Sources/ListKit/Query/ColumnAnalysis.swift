/// A distinct value of a column and how many rows of the view hold it.
public struct ValueCount: Sendable, Hashable {
    public let value: CellValue
    /// The value as the screen shows it.
    public let text: String
    public let count: Int

    public init(value: CellValue, text: String, count: Int) {
        self.value = value
        self.text = text
        self.count = count
    }
}

/// What one column of the view holds, for `stats`.
public struct ColumnStatistics: Sendable, Hashable {
    public let column: Column
    public let count: Int
    public let missing: Int
    public let distinct: Int
    public let minimum: Cell?
    public let maximum: Cell?
    /// The exact sum of a numeric column (`nil` for other kinds, or when it overflows 128 bits).
    public let sum: ExactDecimal?
    /// The mean of a numeric column, two decimals past its values' own.
    public let mean: ExactDecimal?
}

/// Counting and summing over a screen's view, column by column: what `freq` and `stats`
/// show for any dataset. Values are read through the screen's rows (or its own fast path).
@MainActor
public enum ColumnAnalysis {
    /// The distinct values of `column` over the view, most frequent first (ties in the order
    /// of the values' first rows).
    ///
    /// - Complexity: O(n) in the rows of the view, plus O(d log d) for d distinct values.
    public static func frequencies(of column: Column, in list: any ListScreen) -> [ValueCount] {
        var counts: [CellValue: (text: String, count: Int, first: Int)] = [:]
        var row = 0
        list.forEachValue(of: column.name) { cell in
            if let entry = counts[cell.value] {
                counts[cell.value] = (entry.text, entry.count + 1, entry.first)
            } else {
                counts[cell.value] = (cell.text, 1, row)
            }
            row += 1
        }
        return counts.sorted { left, right in
            left.value.count != right.value.count
                ? left.value.count > right.value.count : left.value.first < right.value.first
        }.map { ValueCount(value: $0.key, text: $0.value.text, count: $0.value.count) }
    }

    /// One summary per column of the view.
    ///
    /// - Complexity: O(n × c) for n rows of c columns.
    public static func statistics(of list: any ListScreen) -> [ColumnStatistics] {
        list.columns.map { column in statistics(of: column, in: list) }
    }

    /// The summary of one column over the view.
    public static func statistics(of column: Column, in list: any ListScreen) -> ColumnStatistics {
        var count = 0
        var missing = 0
        var distinct = Set<CellValue>()
        var minimum: (key: SortKey, cell: Cell)?
        var maximum: (key: SortKey, cell: Cell)?
        var total = DecimalSum()
        list.forEachValue(of: column.name) { cell in
            count += 1
            if case .missing = cell.value {
                missing += 1
                return
            }
            distinct.insert(cell.value)
            let key = SortKey(cell.value)
            if minimum.map({ SortKey.ascending(key, $0.key) }) ?? true { minimum = (key, cell) }
            if maximum.map({ SortKey.ascending($0.key, key) }) ?? true { maximum = (key, cell) }
            if column.kind.isNumeric, let number = cell.value.decimal { total.add(number) }
        }
        let numeric = column.kind.isNumeric
        return ColumnStatistics(
            column: column, count: count, missing: missing, distinct: distinct.count, minimum: minimum?.cell,
            maximum: maximum?.cell, sum: numeric ? total.value : nil, mean: numeric ? total.mean : nil)
    }
}

extension ListScreen {
    /// Visits the cell of `column` in every row of the view, in order, through its rows.
    public func forEachValue(of column: String, _ body: (Cell) -> Void) {
        forEachRow { cells in
            body(cells.first { $0.name == column }?.cell ?? .missing)
        }
    }
}

/// An exact running sum of decimals of any scale, in 128 bits.
struct DecimalSum {
    private var units: Int128 = 0
    private var scale = 0
    private var count = 0
    private var overflowed = false

    mutating func add(_ number: ExactDecimal) {
        count += 1
        guard !overflowed else { return }
        var value = Int128(number.units)
        if number.scale > scale {
            for _ in scale..<number.scale { units = multiplied(units, by: 10) }
            scale = number.scale
        } else {
            for _ in number.scale..<scale { value = multiplied(value, by: 10) }
        }
        let (sum, overflow) = units.addingReportingOverflow(value)
        if overflow { overflowed = true } else { units = sum }
    }

    private mutating func multiplied(_ value: Int128, by factor: Int128) -> Int128 {
        let (product, overflow) = value.multipliedReportingOverflow(by: factor)
        if overflow { overflowed = true }
        return product
    }

    /// The sum, when it fits an `ExactDecimal`.
    var value: ExactDecimal? {
        guard !overflowed, count > 0, let units = Int64(exactly: units) else { return nil }
        return ExactDecimal(units: units, scale: scale)
    }

    /// The mean with two more decimals than the values, rounded half away from zero.
    var mean: ExactDecimal? {
        guard !overflowed, count > 0 else { return nil }
        let meanScale = min(scale + 2, ExactDecimal.maximumScale)
        var scaled = units
        for _ in scale..<meanScale {
            let (product, overflow) = scaled.multipliedReportingOverflow(by: 10)
            if overflow { return nil }
            scaled = product
        }
        let divisor = Int128(count)
        var quotient = scaled / divisor
        let remainder = scaled % divisor
        if remainder.magnitude * 2 >= divisor.magnitude { quotient += scaled < 0 ? -1 : 1 }
        guard let units = Int64(exactly: quotient) else { return nil }
        return ExactDecimal(units: units, scale: meanScale)
    }
}
