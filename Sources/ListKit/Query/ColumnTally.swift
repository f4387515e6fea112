/// What a pass over a column's rows counted, however it was read: the numbers `stats` shows,
/// with the rows holding the least and greatest values.
struct ColumnTally {
    let numeric: Bool
    let count: Int
    let missing: Int
    let distinct: Int
    let minimumRow: Int?
    let maximumRow: Int?
    let total: DecimalSum

    /// The statistics, with the least and greatest values shown as `cell` gives the column's
    /// cell in a row of the view.
    func statistics(of column: Column, cell: (_ row: Int) -> Cell) -> ColumnStatistics {
        ColumnStatistics(
            column: column, count: count, missing: missing, distinct: distinct,
            minimum: minimumRow.map { cell($0) }, maximum: maximumRow.map { cell($0) },
            sum: numeric ? total.value : nil, mean: numeric ? total.mean : nil)
    }
}
