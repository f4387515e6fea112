import BrowseSupport

/// What one piece of the rows has seen of a column for `stats`: as ``ColumnAnalysis`` counts
/// in one pass, but texts counted by their bytes (their order is decided once for each
/// distinct text, at the end), so that pieces read at once merge into the one pass's answer.
struct PieceColumn: Sendable {
    let numeric: Bool
    var count = 0
    var missing = 0
    var texts = TextCounts()
    /// Values other than texts.
    var others = DistinctValues()
    /// The least and greatest numbers and days, with their first rows: compared as what they
    /// are, without making a ``SortKey`` of every value.
    var numbers = Extremes<ExactDecimal>()
    var days = Extremes<CalendarDate>()
    /// The least and greatest date-times and times, with their first rows.
    var minimum: (key: SortKey, row: Int)?
    var maximum: (key: SortKey, row: Int)?
    var total = DecimalSum()
    /// The largest units of the numbers summed, and their largest and smallest scales: what
    /// bounds every partial sum, in whatever order the pieces are added.
    var largestUnits: UInt64 = 0
    var scale = 0
    var smallestScale = ExactDecimal.maximumScale

    init(numeric: Bool) {
        self.numeric = numeric
    }

    mutating func add(_ value: PieceValue, row: Int) {
        count += 1
        switch value {
        case .missing: missing += 1
        case .text(let bytes): texts.add(bytes, row: row)
        case .integer(let integer):
            others.insertLater(KeyedCounts.key(integer))
            add(number: ExactDecimal(integer), row: row)
        case .decimal(let decimal):
            others.insertLater(KeyedCounts.key(decimal))
            add(number: decimal, row: row)
        case .date(let day):
            others.insertLater(KeyedCounts.key(day))
            days.add(day, row: row)
        case .dateTime, .time:
            let value = value.cellValue
            others.insertLater(value)
            let key = SortKey(value)
            if minimum.map({ SortKey.ascending(key, $0.key) }) ?? true { minimum = (key, row) }
            if maximum.map({ SortKey.ascending($0.key, key) }) ?? true { maximum = (key, row) }
        }
    }

    private mutating func add(number: ExactDecimal, row: Int) {
        numbers.add(number, row: row)
        guard numeric else { return }
        total.add(number)
        largestUnits = max(largestUnits, number.units.magnitude)
        scale = max(scale, number.scale)
        smallestScale = min(smallestScale, number.scale)
    }

    /// The candidates for the least and greatest values of the piece but texts, as keys.
    fileprivate var candidates: [(key: SortKey, row: Int)] {
        var candidates = [minimum, maximum].compactMap { $0 }
        for (number, row) in [numbers.least, numbers.greatest].compactMap({ $0 }) {
            candidates.append((.number(number), row))
        }
        for (day, row) in [days.least, days.greatest].compactMap({ $0 }) { candidates.append((.date(day), row)) }
        return candidates
    }

    /// Puts the values still waiting in their tables, once the piece is read.
    mutating func finish() { others.flush() }

    /// 10ⁿ as a `Double`.
    private static func pow10(_ exponent: Int) -> Double {
        (0..<exponent).reduce(1.0) { product, _ in product * 10 }
    }

    /// The tally of `pieces` (one column's, in row order) as one pass over their rows counts
    /// it; `nil` when a partial sum could come near 128 bits, where the order of adding decides
    /// whether the sum overflows.
    static func merged(_ pieces: [PieceColumn]) -> ColumnTally? {
        guard let numeric = pieces.first?.numeric else { return nil }
        let count = pieces.reduce(0) { $0 + $1.count }
        let largestUnits = pieces.reduce(0) { max($0, $1.largestUnits) }
        let scale = pieces.reduce(0) { max($0, $1.scale) }
        let smallestScale = pieces.reduce(ExactDecimal.maximumScale) { min($0, $1.smallestScale) }
        // Every number is at most the largest units at the smallest scale, so every partial sum
        // at the largest scale is at most the count times that, times 10 for each scale between.
        guard Double(count) * Double(largestUnits) * pow10(max(0, scale - smallestScale)) < 0x1p120 else {
            return nil
        }
        var texts: [String: (count: Int, first: Int)] = [:]
        var total = pieces[0].total
        // The candidates for least and greatest, in row order: one pass keeps the first row of
        // the least (greatest) value, which is the first candidate no later one beats.
        var candidates: [(key: SortKey, row: Int)] = []
        for (index, piece) in pieces.enumerated() {
            piece.texts.merged(into: &texts)
            if index > 0 { total.add(piece.total) }
            candidates += piece.candidates
        }
        for (text, seen) in texts { candidates.append((SortKey(.text(text)), seen.first)) }
        candidates.sort { $0.row < $1.row }
        var minimum: (key: SortKey, row: Int)?
        var maximum: (key: SortKey, row: Int)?
        for candidate in candidates {
            if minimum.map({ SortKey.ascending(candidate.key, $0.key) }) ?? true { minimum = candidate }
            if maximum.map({ SortKey.ascending($0.key, candidate.key) }) ?? true { maximum = candidate }
        }
        return ColumnTally(
            numeric: numeric, count: count, missing: pieces.reduce(0) { $0 + $1.missing },
            distinct: texts.count + DistinctValues.unionCount(pieces.map(\.others)), minimumRow: minimum?.row,
            maximumRow: maximum?.row, total: total)
    }
}

/// The least and greatest of values of one kind, each with the first row holding it.
struct Extremes<Value: Comparable & Sendable>: Sendable {
    private(set) var least: (value: Value, row: Int)?
    private(set) var greatest: (value: Value, row: Int)?

    mutating func add(_ value: Value, row: Int) {
        if least.map({ value < $0.value }) ?? true { least = (value, row) }
        if greatest.map({ $0.value < value }) ?? true { greatest = (value, row) }
    }
}
