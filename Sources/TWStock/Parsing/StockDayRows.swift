import ListKit

/// Reads one trading-day row of a STOCK_DAY report (JSON or CSV, Chinese or English).
enum StockDayRows {
    /// Builds the tick for one row.
    ///
    /// - Parameter month: The report's month; a row dated outside it is a problem.
    /// - Throws: ``RowProblem`` naming the field that cannot be read.
    static func tick(_ fields: [String], columns: ColumnMap, code: StockCode, month: YearMonth?) throws(RowProblem)
        -> DailyTick
    {
        let rawDate = fields.field(columns.index(TickColumns.date))
        let date = try FieldText.tradingDate(rawDate, column: "日期 (date)")
        if let month, !month.contains(date) {
            throw RowProblem("the date \(rawDate) is not in \(month)")
        }
        let row = TickBuilder.Row(
            code: code.rawValue,
            volume: fields.field(columns.index(TickColumns.volume)),
            value: fields.field(columns.index(TickColumns.value)),
            open: fields.field(columns.index(TickColumns.open)),
            high: fields.field(columns.index(TickColumns.high)),
            low: fields.field(columns.index(TickColumns.low)),
            close: fields.field(columns.index(TickColumns.close)),
            change: fields.field(columns.index(TickColumns.change)),
            transactions: fields.field(columns.index(TickColumns.transactions)),
            note: fields.field(columns.index(TickColumns.note)))
        do throws(RowProblem) {
            return try TickBuilder.tick(row, date: date, code: code)
        } catch {
            throw RowProblem("\(rawDate): \(error.message)")
        }
    }
}
