import BrowseSupport
import ListKit
import Tabular

/// Reads TPEx's insti/dailyTrade (三大法人買賣明細資訊): every 上櫃 security's institutional
/// trading on one day, in shares.
///
/// ```text
/// {"tables":[{"title":"三大法人買賣明細資訊","date":"112/01/30",
///   "fields":["代號","名稱","買進股數","賣出股數","買賣超股數",…,"三大法人買賣超股數合計"],
///   "data":[["006201","元大富櫃50","5,000",…]]},{}],"stat":"ok"}
/// ```
///
/// The field names repeat (`買進股數` seven times), so fields are read by position; the
/// table may come in `tables[0]` or `tables[1]`, and a day without data is `ok` with no rows.
package enum TPExInstitutionalParser {
    /// The number of fields of the layout read: code, name, seven groups of three, the total.
    static let fieldCount = 2 + InstitutionalFigure.tpexPositions.count

    /// Parses TPEx's answer for `day`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another layout or day, or
    ///   any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<
        InstitutionalTrade
    > {
        let format = TWSEFormat.tpexInstitutionalJSON
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day) {
        case .noData(let words): return .empty(day, market: .otc, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        guard fields.count == fieldCount, FieldText.clean(fields[fieldCount - 1])?.hasPrefix("三大法人") == true else {
            throw .wrongKind(
                format, line: table.line,
                found:
                    "\(fields.count) fields ending \(TWSEParseError.quote(fields.last ?? "")), not the \(fieldCount) known"
            )
        }
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            var figures: [InstitutionalFigure: Int64] = [:]
            for (offset, figure) in InstitutionalFigure.tpexPositions.enumerated() {
                let text = try DayRows.field(fields, offset + 2)
                figures[figure] = try FieldText.integer(text, column: figure.chinese)
            }
            return InstitutionalTrade(
                date: day, market: .otc, code: try DayRows.code(fields[0]),
                name: SecurityName(source: try DayRows.field(fields, 1)), figures: figures)
        }
        return DayReport(
            date: day, market: .otc, rows: read.rows, notes: DayAnswer.notes(table),
            layout: "TPEx \(fields.count) fields", issues: read.issues)
    }
}
