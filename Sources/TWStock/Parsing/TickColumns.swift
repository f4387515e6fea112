/// The header names of tick columns in every source: Chinese CSV and JSON `fields`, English
/// CSV headers, and openapi keys (compared ignoring case and spaces).
enum TickColumns {
    static let code = ["證券代號", "Code", "Security Code"]
    static let name = ["證券名稱", "Name"]
    static let date = ["日期", "Date"]
    static let volume = ["成交股數", "Trade Volume"]
    static let value = ["成交金額", "Trade Value"]
    static let open = ["開盤價", "Opening Price"]
    static let high = ["最高價", "Highest Price"]
    static let low = ["最低價", "Lowest Price"]
    static let close = ["收盤價", "Closing Price"]
    static let change = ["漲跌價差", "Change"]
    static let transactions = ["成交筆數", "Transaction", "Transactions"]
    static let note = ["註記", "Note"]
}

/// Where each tick column sits in a header, found once per file rather than once per row.
struct TickPositions {
    let code: Int?
    let name: Int?
    let date: Int?
    let volume: Int?
    let value: Int?
    let open: Int?
    let high: Int?
    let low: Int?
    let close: Int?
    let change: Int?
    let transactions: Int?
    let note: Int?

    init(_ columns: ColumnMap) {
        code = columns.index(TickColumns.code)
        name = columns.index(TickColumns.name)
        date = columns.index(TickColumns.date)
        volume = columns.index(TickColumns.volume)
        value = columns.index(TickColumns.value)
        open = columns.index(TickColumns.open)
        high = columns.index(TickColumns.high)
        low = columns.index(TickColumns.low)
        close = columns.index(TickColumns.close)
        change = columns.index(TickColumns.change)
        transactions = columns.index(TickColumns.transactions)
        note = columns.index(TickColumns.note)
    }

    /// The text of a row's tick fields.
    func row(_ fields: [String], code fixedCode: String? = nil) -> TickBuilder.Row {
        TickBuilder.Row(
            code: fixedCode ?? fields.field(code), name: fields.field(name), volume: fields.field(volume),
            value: fields.field(value), open: fields.field(open), high: fields.field(high), low: fields.field(low),
            close: fields.field(close), change: fields.field(change), transactions: fields.field(transactions),
            note: fields.field(note))
    }
}
