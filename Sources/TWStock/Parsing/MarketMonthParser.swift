import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's FMTQIK (市場成交資訊): the 上市 market's trading days of a month.
///
/// ```text
/// {"stat":"OK","date":"20230130","fields":["日期","成交股數","成交金額","成交筆數","發行量加權股價指數","漲跌點數"],
///  "data":[["112/01/03","4,427,323,490","151,313,914,551","1,312,918","14,224.12","86.43"],…]}
/// ```
package enum MarketMonthParser {
    /// Parses FMTQIK's answer for `month`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another kind or month, or
    ///   any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], month: YearMonth) throws(TWSEParseError) -> MarketSummaryMonth {
        let format = TWSEFormat.marketMonthJSON
        let object: JSONValue
        switch try DayAnswer.read(bytes, format: format) {
        case .noData(let words): return MarketSummaryMonth(month: month, days: [], noData: words)
        case .report(let found): object = found
        }
        guard let (fields, rows, table) = DayAnswer.table(object) else {
            throw .wrongKind(format, line: object.line, found: "no \"fields\" and \"data\" members")
        }
        if let said = DayAnswer.date(of: object), YearMonth(said) != month {
            throw .wrongMonth(format, requested: month, received: YearMonth(said))
        }
        let names = fields.map { FieldText.clean($0) ?? "" }
        func index(_ name: String) -> Int? { names.firstIndex(of: name) }
        guard let date = index("日期"), let volume = index("成交股數"), let value = index("成交金額"),
            let transactions = index("成交筆數"), let taiex = index("發行量加權股價指數"), let change = index("漲跌點數")
        else {
            throw .missingColumns(format, line: table.line, ["日期", "成交股數", "成交金額", "成交筆數", "發行量加權股價指數", "漲跌點數"])
        }
        let read = DayRows.read(rows, format: format, codeField: date) { fields throws(UnreadableRow) in
            let day = try FieldText.tradingDate(try DayRows.field(fields, date), column: "日期")
            guard YearMonth(day) == month else { throw UnreadableRow("日期 \(day) is not in \(month)") }
            return MarketSummaryDay(
                date: day, volume: try FieldText.count(try DayRows.field(fields, volume), column: "成交股數"),
                value: try FieldText.count(try DayRows.field(fields, value), column: "成交金額"),
                transactions: try FieldText.count(try DayRows.field(fields, transactions), column: "成交筆數"),
                index: try FieldText.price(try DayRows.field(fields, taiex), column: "發行量加權股價指數"),
                change: try Self.decimal(try DayRows.field(fields, change), column: "漲跌點數"))
        }
        return MarketSummaryMonth(month: month, days: read.rows, notes: DayAnswer.notes(table), issues: read.issues)
    }

    /// A signed decimal; `nil` when absent.
    static func decimal(_ text: String, column: String) throws(UnreadableRow) -> ExactDecimal? {
        guard let cleaned = FieldText.clean(text) else { return nil }
        guard let value = ExactDecimal(cleaned) else { throw UnreadableRow("\(column) \"\(text)\" is not a number") }
        return value
    }
}
