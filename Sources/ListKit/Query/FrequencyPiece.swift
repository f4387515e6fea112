/// What one piece of the rows has counted of a column for `freq`: texts by their bytes, other
/// values by their exact keys, each with its count and first row.
struct FrequencyPiece: Sendable {
    var texts = TextCounts()
    var keyed = KeyedCounts()
    /// Values without a key (date-times finer than a microsecond).
    var others: [CellValue: (count: Int, first: Int)] = [:]
    /// The bytes the counts would need when the memory left could not hold them.
    var refusedBytes: Int?

    /// How many distinct values (texts as bytes) the piece holds, without the few numbers still
    /// waiting for ``finish()``.
    var distinct: Int { texts.count + keyed.count + others.count }

    mutating func add(_ value: PieceValue, row: Int) {
        switch value {
        case .text(let bytes): texts.add(bytes, row: row)
        default:
            if !keyed.addLater(value, row: row) { others[value.cellValue, default: (0, row)].count += 1 }
        }
    }

    /// Counts the values still waiting, once the piece's rows are read.
    mutating func finish() { keyed.flush() }
}
