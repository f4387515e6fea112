import BrowseSupport
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
    ///   - market: The market of the exchange that published the row.
    ///   - units: What the volume and value fields count; TPEx's per-stock months count lots
    ///     of 1,000 shares and thousands of NT$, made into shares and NT$ here, exactly.
    /// - Throws: ``UnreadableRow`` naming the first field that cannot be read.
    static func tick(
        _ row: Row, date: CalendarDate?, code fixedCode: StockCode? = nil, market: Market = .listed,
        units: Units = .sharesAndDollars
    ) throws(UnreadableRow) -> DailyTick {
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
            volume: try scaled(row.volume, by: units.sharesPerUnit, column: units.volumeColumn),
            value: try scaled(row.value, by: units.dollarsPerUnit, column: units.valueColumn),
            open: try FieldText.price(row.open, column: "開盤價 (open)"),
            high: try FieldText.price(row.high, column: "最高價 (high)"),
            low: try FieldText.price(row.low, column: "最低價 (low)"),
            close: close,
            change: change,
            changeText: FieldText.clean(row.change) ?? "",
            transactions: try FieldText.count(row.transactions, column: "成交筆數 (transactions)"),
            note: FieldText.clean(row.note),
            market: market)
    }

    /// A count times its unit, refusing a product too large for 64 bits.
    private static func scaled(_ text: String, by unit: Int64, column: String) throws(UnreadableRow) -> Int64? {
        guard let count = try FieldText.count(text, column: column) else { return nil }
        let (product, overflow) = count.multipliedReportingOverflow(by: unit)
        guard !overflow else { throw UnreadableRow("\(column) \"\(text)\" is too large") }
        return product
    }

    /// What a row's volume and value count.
    enum Units {
        /// Shares (成交股數) and NT$ (成交金額): TWSE's files.
        case sharesAndDollars
        /// Lots of 1,000 shares (成交張數) and thousands of NT$ (成交仟元): TPEx's per-stock months.
        case lotsAndThousands

        var sharesPerUnit: Int64 { self == .sharesAndDollars ? 1 : 1000 }
        var dollarsPerUnit: Int64 { self == .sharesAndDollars ? 1 : 1000 }
        var volumeColumn: String { self == .sharesAndDollars ? "成交股數 (volume)" : "成交張數 (volume in lots)" }
        var valueColumn: String { self == .sharesAndDollars ? "成交金額 (value)" : "成交仟元 (value in NT$ thousands)" }
    }
}
