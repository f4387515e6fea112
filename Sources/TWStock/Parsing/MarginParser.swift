import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's MI_MARGN (融資融券彙總) and TPEx's margin/balance (上櫃股票融資融券餘額):
/// every security's margin trading on one day, in lots.
///
/// ```text
/// MI_MARGN  tables[1]: ["代號","名稱","買進","賣出","現金償還","前日餘額","今日餘額","限額",
///                       "買進","賣出","現券償還","前日餘額","今日餘額","限額","資券互抵","註記"]
/// TPEx      tables[0]: ["代號","名稱","前資餘額(張)","資買","資賣","現償","資餘額","資屬證金",
///                       "資使用率(%)","資限額","前券餘額(張)","券賣","券買","券償","券餘額",
///                       "券屬證金","券使用率(%)","券限額","資券相抵(張)","備註"]
/// ```
///
/// Both repeat or abbreviate their field names, so fields are read by position, after the
/// layout is checked by its count and its first and last names. The note is kept as sent
/// (`OX `, with its trailing space).
package enum MarginParser {
    /// Parses MI_MARGN's answer for `day` (its per-security table, `tables[1]`).
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another layout or day, or
    ///   any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTWSE(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<
        MarginBalance
    > {
        let format = TWSEFormat.marginJSON
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day, index: 1) {
        case .noData(let words): return .empty(day, market: .listed, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        try checkLayout(fields, count: 16, last: "註記", format: format, line: table.line)
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            var figures: [MarginFigure: Int64] = [:]
            for (offset, figure) in MarginFigure.twsePositions.enumerated() {
                figures[figure] = try FieldText.integer(try DayRows.field(fields, offset + 2), column: figure.column)
            }
            return MarginBalance(
                date: day, market: .listed, code: try DayRows.code(fields[0]),
                name: SecurityName(source: try DayRows.field(fields, 1)), figures: figures,
                note: try DayRows.field(fields, 15))
        }
        return DayReport(
            date: day, market: .listed, rows: read.rows, notes: DayAnswer.notes(table), layout: "MI_MARGN",
            issues: read.issues)
    }

    /// Parses TPEx margin/balance's answer for `day`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another layout or day, or
    ///   any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTPEx(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<
        MarginBalance
    > {
        let format = TWSEFormat.tpexMarginJSON
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day) {
        case .noData(let words): return .empty(day, market: .otc, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        try checkLayout(fields, count: 20, last: "備註", format: format, line: table.line)
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            var figures: [MarginFigure: Int64] = [:]
            for (index, figure) in MarginFigure.tpexPositions {
                figures[figure] = try FieldText.integer(try DayRows.field(fields, index), column: figure.column)
            }
            return MarginBalance(
                date: day, market: .otc, code: try DayRows.code(fields[0]),
                name: SecurityName(source: try DayRows.field(fields, 1)), figures: figures,
                marginUsage: try ratio(try DayRows.field(fields, 8), column: "資使用率(%)"),
                shortUsage: try ratio(try DayRows.field(fields, 16), column: "券使用率(%)"),
                note: try DayRows.field(fields, 19))
        }
        return DayReport(
            date: day, market: .otc, rows: read.rows, notes: DayAnswer.notes(table), layout: "TPEx margin/balance",
            issues: read.issues)
    }

    /// A ratio with the source's digits (`0.3`, `0.01`); `nil` for `-`, `N/A` (TPEx's P/E
    /// without earnings) or nothing.
    ///
    /// - Throws: ``UnreadableRow`` when the text is there but is no decimal.
    static func ratio(_ text: String, column: String) throws(UnreadableRow) -> ExactDecimal? {
        guard let cleaned = FieldText.clean(text), cleaned.uppercased() != "N/A" else { return nil }
        guard cleaned.utf8.first != UInt8(ascii: "+"), let value = ExactDecimal(cleaned) else {
            throw UnreadableRow("\(column) \(TWSEParseError.quote(text)) is not a number")
        }
        return value
    }

    private static func checkLayout(_ fields: [String], count: Int, last: String, format: TWSEFormat, line: Int)
        throws(TWSEParseError)
    {
        guard fields.count == count, FieldText.clean(fields[0]) == "代號", FieldText.clean(fields[count - 1]) == last
        else {
            throw .wrongKind(
                format, line: line,
                found: "\(fields.count) fields from \(TWSEParseError.quote(fields.first ?? "")) "
                    + "to \(TWSEParseError.quote(fields.last ?? "")), not the \(count) known")
        }
    }
}
