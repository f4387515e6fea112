import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's T86 (三大法人買賣超日報): every listed security's institutional trading on
/// one day, in shares.
///
/// ```text
/// {"stat":"OK","date":"20230130","title":"112年01月30日 三大法人買賣超日報","hints":"單位：股",
///  "fields":["證券代號","證券名稱","外陸資買進股數(不含外資自營商)",…,"三大法人買賣超股數"],
///  "data":[["2303","聯電            ","153,168,423",…],…]}
/// ```
///
/// Three field layouts are read by their names, onto the same figures: 12 fields (to
/// November 2014: dealers not split), 16 (to 2017: no foreign dealers), 19 (since). Names are
/// padded with spaces; numbers group thousands and may be negative (`-38,423,300`).
package enum InstitutionalParser {
    /// Parses T86's answer for `day`.
    ///
    /// - Returns: The day's rows in the source's order, or no rows and the exchange's words
    ///   for a day without data.
    /// - Throws: ``TWSEParseError`` for a block page, an answer that is not T86, another day,
    ///   or any other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<
        InstitutionalTrade
    > {
        let format = TWSEFormat.institutionalJSON
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day) {
        case .noData(let words): return .empty(day, market: .listed, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        let names = fields.map { FieldText.clean($0) ?? "" }
        guard names.first == "證券代號", names.count > 1, names[1] == "證券名稱" else {
            throw .missingColumns(format, line: table.line, ["證券代號", "證券名稱"])
        }
        let positions: [(Int, InstitutionalFigure, String)] = names.enumerated().compactMap { index, name in
            InstitutionalFigure.t86Fields[name].map { (index, $0, name) }
        }
        guard positions.contains(where: { $0.1 == .totalNet }) else {
            throw .missingColumns(format, line: table.line, [InstitutionalFigure.totalNet.chinese])
        }
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            var figures: [InstitutionalFigure: Int64] = [:]
            for (index, figure, name) in positions {
                let text = try DayRows.field(fields, index)
                figures[figure] = try FieldText.integer(text, column: name)
            }
            return InstitutionalTrade(
                date: day, market: .listed, code: try DayRows.code(fields[0]),
                name: SecurityName(source: try DayRows.field(fields, 1)), figures: figures)
        }
        return DayReport(
            date: day, market: .listed, rows: read.rows, notes: DayAnswer.notes(table),
            layout: "T86 \(fields.count) fields", issues: read.issues)
    }
}
