import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's BFI82U (三大法人買賣金額統計表): the market's institutional totals on one
/// day, in NT$.
///
/// ```text
/// {"stat":"OK","date":"20230130","fields":["單位名稱","買進金額","賣出金額","買賣差額"],
///  "data":[["自營商(自行買賣)","4,736,295,878","1,917,624,556","2,818,671,322"],…,["合計",…]]}
/// ```
///
/// The 外資自營商 line is not part of 合計 (its amounts are in the dealers' already).
package enum InstitutionalTotalsParser {
    /// Parses BFI82U's answer for `day`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer that is not BFI82U, another
    ///   day, or any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<
        InstitutionalTotal
    > {
        let format = TWSEFormat.institutionalTotalsJSON
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day) {
        case .noData(let words): return .empty(day, market: .listed, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        guard fields.count >= 4, FieldText.clean(fields[0]) == "單位名稱" else {
            throw .missingColumns(format, line: table.line, ["單位名稱", "買進金額", "賣出金額", "買賣差額"])
        }
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            guard fields.count >= 4, let name = FieldText.clean(fields[0]) else {
                throw UnreadableRow("\(fields.count) fields where the report has 4")
            }
            guard let bought = try FieldText.count(fields[1], column: "買進金額"),
                let sold = try FieldText.count(fields[2], column: "賣出金額"),
                let net = try FieldText.integer(fields[3], column: "買賣差額")
            else { throw UnreadableRow("an amount is missing") }
            return InstitutionalTotal(name: name, bought: bought, sold: sold, net: net)
        }
        return DayReport(
            date: day, market: .listed, rows: read.rows, notes: DayAnswer.notes(table), layout: "BFI82U",
            issues: read.issues)
    }
}
