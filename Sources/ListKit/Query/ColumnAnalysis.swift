import BrowseSupport

/// A distinct value of a column and how many rows of the view hold it, identified by its rank
/// among the values, most frequent first: the `freq` screen lists them as they are, where a
/// column of millions of values made a second list as large.
package struct ValueCount: Sendable, Hashable, Identifiable {
    package let value: CellValue
    /// The value as the screen shows it.
    package let text: String
    package let count: Int
    /// The value's place in the answer, from 0: unique among its values.
    package let id: Int

    package init(value: CellValue, text: String, count: Int, rank: Int) {
        self.value = value
        self.text = text
        self.count = count
        self.id = rank
    }
}

/// What one column of the view holds, for `stats`.
package struct ColumnStatistics: Sendable, Hashable {
    package let column: Column
    package let count: Int
    package let missing: Int
    package let distinct: Int
    package let minimum: Cell?
    package let maximum: Cell?
    /// The exact sum of a numeric column (`nil` for other kinds, or when it overflows 128 bits).
    package let sum: ExactDecimal?
    /// The mean of a numeric column, two decimals past its values' own.
    package let mean: ExactDecimal?

    package init(
        column: Column, count: Int, missing: Int, distinct: Int, minimum: Cell?, maximum: Cell?, sum: ExactDecimal?,
        mean: ExactDecimal?
    ) {
        self.column = column
        self.count = count
        self.missing = missing
        self.distinct = distinct
        self.minimum = minimum
        self.maximum = maximum
        self.sum = sum
        self.mean = mean
    }

    /// The mean of `count` values that add up to `sum`, with two more decimals than the sum,
    /// rounded half away from zero, as `stats` shows it for rows it read itself.
    package static func mean(sum: ExactDecimal, count: Int) -> ExactDecimal? {
        guard count > 0 else { return nil }
        let scale = min(sum.scale + 2, ExactDecimal.maximumScale)
        var scaled = Int128(sum.units)
        for _ in sum.scale..<scale { scaled *= 10 }
        let divisor = Int128(count)
        var quotient = scaled / divisor
        if (scaled % divisor).magnitude * 2 >= divisor.magnitude { quotient += scaled < 0 ? -1 : 1 }
        return Int64(exactly: quotient).map { ExactDecimal(units: $0, scale: scale) }
    }
}

/// Counting and summing over a screen's view, column by column: what `freq` and `stats`
/// show for any dataset. Values are read in one pass through the screen's typed values (a
/// file's fast path makes no `String` per row); the text shown for a value is taken from the
/// one row it is shown for.
@MainActor
package enum ColumnAnalysis {
    /// The distinct values of `column` over the view, most frequent first (ties in the order
    /// of the values' first rows).
    ///
    /// Each time the count of distinct values is about to outgrow its table, the memory the
    /// larger table and everything made from it (the ordered list, the screen's entries) would
    /// need is asked for first (``SystemMemory``): a column of millions of different values
    /// under a memory limit is refused with a line instead of ending the program.
    ///
    /// - Throws: `AnalysisMemoryError` when the counts would not fit in the memory left;
    ///   `ListError.interrupted` when `stop` was raised before every row was read.
    /// - Complexity: O(n) in the rows of the view, plus O(d log d) for d distinct values.
    package static func frequencies(of column: Column, in list: any ListScreen, stop: StopFlag = .never) throws
        -> [ValueCount]
    {
        if let answering = list as? any AnalysisAnswering,
            let answer = try answering.frequencies(of: column, stop: stop)
        {
            return answer
        }
        if let counts = try piecewiseFrequencies(of: column, in: list, stop: stop) { return counts }
        var counts: [CellValue: (count: Int, first: Int)] = [:]
        var row = 0
        var textBytes = 0
        var refused: AnalysisMemoryError?
        try list.forEachValues(of: [column.name], stop: stop) { values in
            guard refused == nil else { return }
            let value = values[0]
            if counts.count == counts.capacity, counts[value] == nil {
                // The table doubles; each value then costs its entry there and in what follows.
                // There are never more distinct values than rows.
                let values = min(max(64, counts.capacity * 2), max(64, list.count))
                let text = counts.isEmpty ? 0 : textBytes / counts.count
                if !SystemMemory.isAvailable(values * (bytesPerDistinctValue + 2 * text)) {
                    // Said for the whole view: as many different values as rows, at most.
                    refused = AnalysisMemoryError(
                        work: "count the values of \(column.name)", rows: list.count,
                        bytes: max(values, list.count) * (bytesPerDistinctValue + 2 * text))
                    return
                }
            }
            if case .text(let text) = value, counts[value] == nil { textBytes += text.utf8.count }
            counts[value, default: (0, row)].count += 1
            row += 1
        }
        if let refused { throw refused }
        return counts.sorted { left, right in
            left.value.count != right.value.count
                ? left.value.count > right.value.count : left.value.first < right.value.first
        }.enumerated().map { rank, entry in
            ValueCount(
                value: entry.key, text: cell(of: column, atRow: entry.value.first, in: list).text,
                count: entry.value.count, rank: rank)
        }
    }

    /// About what one distinct value costs `freq`: its entry in the counting table (with the
    /// table's spare room, and the old table while it is copied into a larger one), in the
    /// ordered list and the sort's scratch, and as the ``ValueCount`` the screen lists, without
    /// the text it holds. Measured: 1,000,000 different values of 8-byte texts took 352 MB at
    /// their peak, the file's index included, when the screen still copied every value into
    /// entries of its own; with less, a run under a memory limit passed the check and then could
    /// not allocate those entries. The margin is kept.
    static let bytesPerDistinctValue = 384

    /// One summary per column of the view, from one pass over its rows.
    ///
    /// The least and greatest values are shown as their rows show them: each of those rows is
    /// read once for all the columns it answers, not once a column (a row of a 5,000-column
    /// table read 10,000 times took a minute).
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    /// - Complexity: O(n × c) for n rows of c columns.
    package static func statistics(of list: any ListScreen, stop: StopFlag = .never) throws -> [ColumnStatistics] {
        if let answering = list as? any AnalysisAnswering, let answer = try answering.statistics(stop: stop) {
            return answer
        }
        if let statistics = try piecewiseStatistics(of: list, stop: stop) { return statistics }
        let columns = list.columns
        var summaries = columns.map { ColumnSummary(numeric: $0.kind.isNumeric) }
        var row = 0
        try list.forEachValues(of: columns.map(\.name), stop: stop) { values in
            for index in summaries.indices { summaries[index].add(values[index], row: row) }
            row += 1
        }
        for index in summaries.indices { summaries[index].finish() }
        return statistics(of: columns, tallies: summaries.map(\.tally), in: list)
    }

    /// The statistics of `columns` from what a pass counted of each, with the least and
    /// greatest values shown as their rows show them.
    static func statistics(of columns: [Column], tallies: [ColumnTally], in list: any ListScreen)
        -> [ColumnStatistics]
    {
        var wanted = Set<Int>()
        for tally in tallies {
            if let row = tally.minimumRow { wanted.insert(row) }
            if let row = tally.maximumRow { wanted.insert(row) }
        }
        var cellsByRow: [Int: [String: Cell]] = [:]
        for row in wanted {
            var cells: [String: Cell] = [:]
            for named in list.rows(in: row..<(row + 1)).first ?? [] where cells[named.name] == nil {
                cells[named.name] = named.cell
            }
            cellsByRow[row] = cells
        }
        return zip(columns, tallies).map { column, tally in
            tally.statistics(of: column) { row in cellsByRow[row]?[column.name] ?? .missing }
        }
    }

    /// The summary of one column over the view.
    package static func statistics(of column: Column, in list: any ListScreen) -> ColumnStatistics {
        var summary = ColumnSummary(numeric: column.kind.isNumeric)
        var row = 0
        list.forEachValues(of: [column.name]) { values in
            summary.add(values[0], row: row)
            row += 1
        }
        summary.finish()
        let tally = summary.tally
        let minimum = tally.minimumRow.map { cell(of: column, atRow: $0, in: list) }
        let maximum = tally.maximumRow.map { cell(of: column, atRow: $0, in: list) }
        return tally.statistics(of: column) { $0 == tally.minimumRow ? minimum ?? .missing : maximum ?? .missing }
    }

    /// The cell of `column` in row `row` of the view, as the screen shows it.
    static func cell(of column: Column, atRow row: Int, in list: any ListScreen) -> Cell {
        list.rows(in: row..<(row + 1)).first?.first { $0.name == column.name }?.cell ?? .missing
    }
}

/// What one pass has seen of a column: counts, distinct values, the rows of its least and
/// greatest values, and the exact sum of its numbers.
private struct ColumnSummary {
    let numeric: Bool
    var count = 0
    var missing = 0
    var distinct = DistinctValues()
    var minimum: (key: SortKey, row: Int)?
    var maximum: (key: SortKey, row: Int)?
    var total = DecimalSum()

    init(numeric: Bool) {
        self.numeric = numeric
    }

    mutating func add(_ value: CellValue, row: Int) {
        count += 1
        if case .missing = value {
            missing += 1
            return
        }
        distinct.insertLater(value)
        let key = SortKey(value)
        if minimum.map({ SortKey.ascending(key, $0.key) }) ?? true { minimum = (key, row) }
        if maximum.map({ SortKey.ascending($0.key, key) }) ?? true { maximum = (key, row) }
        if numeric, let number = value.decimal { total.add(number) }
    }

    /// Puts the values still waiting in their tables, once the pass is over.
    mutating func finish() { distinct.flush() }

    /// What the pass counted, once ``finish()`` was called.
    var tally: ColumnTally {
        ColumnTally(
            numeric: numeric, count: count, missing: missing, distinct: distinct.count, minimumRow: minimum?.row,
            maximumRow: maximum?.row, total: total)
    }
}

/// The distinct values seen: texts in a set, and numbers, dates and times as exact 64-bit keys
/// in a table of their own, which counts a million distinct numbers several times faster than a
/// `Set` (hashing `CellValue`s was most of `stats`). Values of different kinds are never equal;
/// date-times are equal when they are the same instant, as `DateTime`'s `==` says.
struct DistinctValues: Sendable {
    private var texts = Set<String>()
    private var keys = DistinctKeys()
    /// Date-times finer than a microsecond, whose instants do not fit a 64-bit key.
    private var fineDateTimes = Set<DateTime>()

    /// How many distinct values were added, once ``flush()`` put those waiting in the table.
    var count: Int { texts.count + keys.count + fineDateTimes.count }

    /// Adds `value`; a number, day or time by the next ``flush()`` (``DistinctKeys/insertLater(_:tag:)``).
    mutating func insertLater(_ value: CellValue) {
        switch value {
        case .missing: break
        case .text(let text): texts.insert(text)
        case .integer(let integer): insertLater(KeyedCounts.key(integer))
        case .decimal(let decimal): insertLater(KeyedCounts.key(decimal))
        case .date(let date): insertLater(KeyedCounts.key(date))
        case .time(let time): insertLater(KeyedCounts.key(time))
        case .dateTime(let dateTime):
            if let key = KeyedCounts.key(dateTime) {
                insertLater(key)
            } else {
                // Finer than the keys' microseconds: such a value cannot equal one without the digits.
                fineDateTimes.insert(dateTime)
            }
        }
    }

    /// Adds the value of `key`, a number's, day's or time's (``KeyedCounts/key(of:)``), by the
    /// next ``flush()``.
    mutating func insertLater(_ key: (payload: UInt64, tag: UInt16)) {
        keys.insertLater(key.payload, tag: key.tag)
    }

    /// Puts the values waiting in the table, before ``count`` is read.
    mutating func flush() { keys.flush() }

    /// How many distinct values `sets` have seen together, each flushed (``flush()``).
    static func unionCount(_ sets: [DistinctValues]) -> Int {
        let texts = sets.dropFirst().reduce(sets.first?.texts ?? []) { $0.union($1.texts) }
        let fineDateTimes = sets.dropFirst().reduce(sets.first?.fineDateTimes ?? []) { $0.union($1.fineDateTimes) }
        return texts.count + DistinctKeys.unionCount(sets.map(\.keys)) + fineDateTimes.count
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
        add(units: Int128(number.units), scale: number.scale)
    }

    /// Adds the numbers `other` summed. The sum is that of adding them one by one when no
    /// partial sum, of either order, comes near 128 bits (``PieceColumn`` makes sure).
    mutating func add(_ other: DecimalSum) {
        guard other.count > 0 else { return }
        count += other.count
        overflowed = overflowed || other.overflowed
        guard !overflowed else { return }
        add(units: other.units, scale: other.scale)
    }

    /// Adds `value` × 10^-`scale`, the two brought to the larger scale first.
    private mutating func add(units value: Int128, scale valueScale: Int) {
        var value = value
        if valueScale > scale {
            for _ in scale..<valueScale { units = multiplied(units, by: 10) }
            scale = valueScale
        } else {
            for _ in valueScale..<scale { value = multiplied(value, by: 10) }
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
