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
    /// The least and greatest values other than texts, with their first rows.
    var minimum: (key: SortKey, row: Int)?
    var maximum: (key: SortKey, row: Int)?
    var total = DecimalSum()
    /// The largest magnitude of the numbers summed, and their largest scale: what bounds every
    /// partial sum, in whatever order the pieces are added.
    var largest = 0.0
    var scale = 0

    init(numeric: Bool) {
        self.numeric = numeric
    }

    mutating func add(_ value: PieceValue, row: Int) {
        count += 1
        switch value {
        case .text(let bytes):
            texts.add(bytes, row: row)
        case .value(.missing):
            missing += 1
        case .value(.text(let text)):
            var text = text
            text.withUTF8 { texts.add($0, row: row) }
        case .value(let value):
            others.insertLater(value)
            let key = SortKey(value)
            if minimum.map({ SortKey.ascending(key, $0.key) }) ?? true { minimum = (key, row) }
            if maximum.map({ SortKey.ascending($0.key, key) }) ?? true { maximum = (key, row) }
            if numeric, let number = value.decimal {
                total.add(number)
                largest = max(largest, Double(number.units.magnitude) * Self.tenths[min(number.scale, 18)])
                scale = max(scale, number.scale)
            }
        }
    }

    /// Puts the values still waiting in their tables, once the piece is read.
    mutating func finish() { others.flush() }

    /// 10⁻ⁿ for each scale.
    private static let tenths = (0...18).map { 1 / pow10($0) }

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
        let largest = pieces.reduce(0.0) { max($0, $1.largest) }
        let scale = pieces.reduce(0) { max($0, $1.scale) }
        // Every partial sum is at most the count times the largest magnitude, at the largest scale.
        guard Double(count) * largest * pow10(scale) < 0x1p120 else { return nil }
        var texts: [String: (count: Int, first: Int)] = [:]
        // The first piece's tables are kept, the others' added to them.
        var others = pieces[0].others
        var total = pieces[0].total
        // The candidates for least and greatest, in row order: one pass keeps the first row of
        // the least (greatest) value, which is the first candidate no later one beats.
        var candidates: [(key: SortKey, row: Int)] = []
        for (index, piece) in pieces.enumerated() {
            piece.texts.merged(into: &texts)
            if index > 0 {
                others.formUnion(piece.others)
                total.add(piece.total)
            }
            if let minimum = piece.minimum { candidates.append(minimum) }
            if let maximum = piece.maximum { candidates.append(maximum) }
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
            distinct: texts.count + others.count, minimumRow: minimum?.row, maximumRow: maximum?.row, total: total)
    }
}
