import ListKit

/// Builds a ``DailyTick`` from a row's text, the one place where every source's number styles
/// are read.
enum TickBuilder {
    /// The raw text of one row's tick fields.
    struct Row {
        var code: String
        var name: String = ""
        var volume: String
        var value: String
        var open: String
        var high: String
        var low: String
        var close: String
        var change: String
        var transactions: String
        var note: String = ""
    }

    /// Reads a row.
    ///
    /// - Parameters:
    ///   - row: The row's text.
    ///   - date: The trading day.
    ///   - code: The code to use instead of `row.code` (per-stock reports have no code column).
    /// - Throws: ``UnreadableRow`` naming the first field that cannot be read.
    static func tick(_ row: Row, date: CalendarDate?, code fixedCode: StockCode? = nil) throws(UnreadableRow)
        -> DailyTick
    {
        let code: StockCode
        if let fixedCode {
            code = fixedCode
        } else if let parsed = StockCode(FieldText.clean(row.code) ?? "") {
            code = parsed
        } else {
            throw UnreadableRow("the code \"\(row.code)\" is not 4–6 letters or digits")
        }
        let close = try FieldText.price(row.close, column: "收盤價 (close)")
        var change = try FieldText.change(row.change, column: "漲跌價差 (change)")
        // Without a close the exchange still writes a zero change ("0.0000", " 0.00"); it means
        // nothing, so it is reported as absent rather than as "unchanged".
        if close == nil, change == .unchanged { change = .absent }
        return DailyTick(
            date: date,
            code: code,
            name: FieldText.clean(row.name),
            volume: try FieldText.count(row.volume, column: "成交股數 (volume)"),
            value: try FieldText.count(row.value, column: "成交金額 (value)"),
            open: try FieldText.price(row.open, column: "開盤價 (open)"),
            high: try FieldText.price(row.high, column: "最高價 (high)"),
            low: try FieldText.price(row.low, column: "最低價 (low)"),
            close: close,
            change: change,
            transactions: try FieldText.count(row.transactions, column: "成交筆數 (transactions)"),
            note: FieldText.clean(row.note))
    }
}
