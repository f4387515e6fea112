import BrowseSupport
import ListKit
import Tabular

/// Reads the exchanges' ex-rights and ex-dividend tables (除權除息計算結果表) for a range of
/// days: TWSE's TWT49U and TPEx's exDailyQ.
///
/// ```text
/// TWT49U   ["資料日期","股票代號","股票名稱","除權息前收盤價","除權息參考價","權值+息值","權/息",…]
///          ["113年03月04日","00913","兆豐台灣晶圓製造","19.42","18.96","0.460000","息",…]
/// exDailyQ ["除權息日期","代號","名稱","除權息前收盤價","除權息參考價","權值","息值","權值+息值","權/息",…]
///          ["113/03/22","2065","世豐              ","65.70","62.84","0.000000","2.862035",…,"除息",…]
/// ```
///
/// Fields are found by name, so both layouts read; values keep their digits (`0.750000`);
/// `N/A` (an ETF's earnings) and dashes are missing; the kind reads as 權, 息 or 權息.
package enum ExRightsParser {
    /// Parses TWSE's TWT49U answer for the days `from` to `to`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another kind or range, or any
    ///   other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTWSE(_ bytes: [UInt8], from: CalendarDate, to: CalendarDate) throws(TWSEParseError)
        -> ExRightsReport
    {
        try parse(bytes, from: from, to: to, market: .listed, format: .exRightsJSON)
    }

    /// Parses TPEx's exDailyQ answer for the days `from` to `to`.
    ///
    /// - Throws: ``TWSEParseError`` as ``parseTWSE(_:from:to:)``.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTPEx(_ bytes: [UInt8], from: CalendarDate, to: CalendarDate) throws(TWSEParseError)
        -> ExRightsReport
    {
        try parse(bytes, from: from, to: to, market: .otc, format: .tpexExRightsJSON)
    }

    private static func parse(
        _ bytes: [UInt8], from: CalendarDate, to: CalendarDate, market: Market, format: TWSEFormat
    ) throws(TWSEParseError) -> ExRightsReport {
        let object: JSONValue
        switch try DayAnswer.read(bytes, format: format) {
        case .noData(let words): return ExRightsReport(from: from, to: to, market: market, rows: [], noData: words)
        case .report(let found): object = found
        }
        guard let (fields, rows, table) = DayAnswer.table(object) else {
            if let tables = object["tables"]?.array, tables.allSatisfy({ ($0["data"]?.array ?? []).isEmpty }) {
                return ExRightsReport(from: from, to: to, market: market, rows: [], noData: DayAnswer.noRows(format))
            }
            throw .wrongKind(format, line: object.line, found: "no \"fields\" and \"data\" members")
        }
        try checkRange(object, from: from, to: to, format: format)
        guard !rows.isEmpty else {
            return ExRightsReport(from: from, to: to, market: market, rows: [], noData: DayAnswer.noRows(format))
        }
        let columns = try Columns(fields, format: format, line: table.line)
        let read = DayRows.read(rows, format: format, codeField: columns.code) { fields throws(UnreadableRow) in
            try columns.row(fields, market: market)
        }
        return ExRightsReport(
            from: from, to: to, market: market, rows: read.rows, notes: DayAnswer.notes(table), issues: read.issues)
    }

    /// Checks that the answer is for the range asked: TWSE echoes `strDate` and `endDate`,
    /// TPEx a `date` of `20240322~20240323`.
    private static func checkRange(_ object: JSONValue, from: CalendarDate, to: CalendarDate, format: TWSEFormat)
        throws(TWSEParseError)
    {
        var said: [CalendarDate?] = []
        if let start = object["strDate"]?.string {
            said = [CalendarDate(iso: start), object["endDate"]?.string.flatMap { CalendarDate(iso: $0) }]
        } else if let range = object["date"]?.string, range.contains("~") {
            said = range.split(separator: "~").map { CalendarDate(iso: $0.trimming(" ")) }
        }
        if let start = said.first ?? nil, start != from { throw .wrongDay(format, requested: from, received: start) }
        if said.count > 1, let end = said[1], end != to { throw .wrongDay(format, requested: to, received: end) }
    }

    /// Where each field is, found by name.
    private struct Columns {
        let date: Int
        let code: Int
        let name: Int
        let kind: Int?
        let detail: Int?
        let latestReport: Int?
        let figures: [(ExRightsFigure, Int)]

        init(_ fields: [String], format: TWSEFormat, line: Int) throws(TWSEParseError) {
            let names = fields.map { FieldText.clean($0) ?? "" }
            func index(_ candidates: String...) -> Int? { names.firstIndex { candidates.contains($0) } }
            guard let date = index("資料日期", "除權息日期"), let code = index("股票代號", "代號"),
                let name = index("股票名稱", "名稱"), index("除權息參考價") != nil
            else {
                throw .missingColumns(format, line: line, ["除權息日期", "代號", "名稱", "除權息參考價"])
            }
            self.date = date
            self.code = code
            self.name = name
            kind = index("權/息")
            detail = index("詳細資料")
            latestReport = index("最近一次申報資料 季別/日期")
            figures = names.enumerated().compactMap { offset, name in
                ExRightsFigure.byFieldName[name].map { ($0, offset) }
            }
        }

        func row(_ fields: [String], market: Market) throws(UnreadableRow) -> ExRightsEvent {
            let date = try FieldText.tradingDate(try DayRows.field(fields, self.date), column: "除權息日期")
            var figures: [ExRightsFigure: ExactDecimal] = [:]
            for (figure, index) in self.figures {
                figures[figure] = try Self.decimal(try DayRows.field(fields, index), column: figure.fieldNames[0])
            }
            let kindText = try kind.map { index throws(UnreadableRow) in try DayRows.field(fields, index) } ?? ""
            return ExRightsEvent(
                date: date, market: market, code: try DayRows.code(try DayRows.field(fields, code)),
                name: SecurityName(source: try DayRows.field(fields, name)), kind: ExRightsKind(source: kindText),
                kindText: kindText, figures: figures,
                latestReport: try latestReport.flatMap { index throws(UnreadableRow) in
                    FieldText.clean(try DayRows.field(fields, index))
                },
                detailKey: try detail.flatMap { index throws(UnreadableRow) in
                    FieldText.clean(try DayRows.field(fields, index))
                })
        }

        /// A value with the source's digits, negative allowed (earnings); `nil` when absent
        /// or `N/A`.
        static func decimal(_ text: String, column: String) throws(UnreadableRow) -> ExactDecimal? {
            guard let cleaned = FieldText.clean(text), cleaned != "N/A" else { return nil }
            guard let value = ExactDecimal(cleaned) else {
                throw UnreadableRow("\(column) \"\(text)\" is not a number")
            }
            return value
        }
    }
}
