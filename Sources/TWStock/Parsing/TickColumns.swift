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
