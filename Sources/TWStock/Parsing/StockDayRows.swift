import ListKit

/// Reads one trading-day row of a STOCK_DAY report (JSON or CSV, Chinese or English).
enum StockDayRows {
    /// Builds the tick for one row.
    ///
    /// - Parameter month: The report's month; a row dated outside it is a problem.
    /// - Throws: ``UnreadableRow`` naming the field that cannot be read.
    static func tick(_ fields: [String], positions: TickPositions, code: StockCode, month: YearMonth?)
        throws(UnreadableRow) -> DailyTick
    {
        let rawDate = fields.field(positions.date)
        let date = try FieldText.tradingDate(rawDate, column: "日期 (date)")
        if let month, !month.contains(date) {
            throw UnreadableRow("the date \(rawDate) is not in \(month)")
        }
        let row = positions.row(fields, code: code.rawValue)
        do throws(UnreadableRow) {
            return try TickBuilder.tick(row, date: date, code: code)
        } catch {
            throw UnreadableRow("\(rawDate): \(error.message)")
        }
    }
}
