import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's TWT49UDetail: one security's ex-rights or ex-dividend day in detail, its values
/// text with their units inside.
///
/// ```text
/// {"stat":"ok","fields":["股票代號","股票名稱","(每股配發現金股利)除息",…," c. 原股東認購",…],
///  "data":[["00913 ","兆豐台灣晶圓製造","0.46 元／股","","0 股",…]]}
/// ```
package enum ExRightsDetailParser {
    /// Parses the detail of `code` on `day`.
    ///
    /// - Returns: The detail, or `nil` when TWSE has none for that code and day.
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another kind or security, or
    ///   any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], code: StockCode, day: CalendarDate) throws(TWSEParseError)
        -> ExRightsDetail?
    {
        let format = TWSEFormat.exRightsDetailJSON
        let object: JSONValue
        switch try DayAnswer.read(bytes, format: format) {
        case .noData: return nil
        case .report(let found): object = found
        }
        guard let (fields, rows, table) = DayAnswer.table(object) else {
            throw .wrongKind(format, line: object.line, found: "no \"fields\" and \"data\" members")
        }
        guard let first = rows.first else { return nil }
        let names = fields.map { FieldText.clean($0) ?? "" }
        guard names.count >= 2, names[0] == "股票代號", names[1] == "股票名稱" else {
            throw .missingColumns(format, line: table.line, ["股票代號", "股票名稱"])
        }
        guard let values = DayAnswer.fields(first), values.count == names.count else {
            throw .wrongKind(format, line: first.line, found: "a row of \(first.array?.count ?? 0) values")
        }
        guard let said = StockCode(FieldText.clean(values[0]) ?? "") else {
            throw .wrongKind(format, line: first.line, found: "code \(TWSEParseError.quote(values[0]))")
        }
        guard said == code else { throw .wrongStock(format, requested: code, received: said) }
        let items = zip(names, values).dropFirst(2).enumerated().map { offset, pair in
            ExRightsDetailItem(id: offset, name: pair.0, text: pair.1)
        }
        return ExRightsDetail(code: code, name: SecurityName(source: values[1]), date: day, items: items)
    }
}
