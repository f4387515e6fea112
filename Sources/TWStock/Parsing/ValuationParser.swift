import BrowseSupport
import ListKit
import Tabular

/// Reads the valuation reports: TWSE's BWIBBU_d (JSON, or the CSV download) and TPEx's
/// peQryDate, every security's P/E, dividend yield and P/B on one day.
///
/// ```text
/// BWIBBU_d 2023  ["證券代號","證券名稱","殖利率(%)","股利年度","本益比","股價淨值比","財報年/季"]
/// BWIBBU_d 2025  ["證券代號","證券名稱","收盤價","殖利率(%)","股利年度","本益比","股價淨值比","財報年/季"]
/// peQryDate      ["股票代號","公司名稱","本益比","每股股利","股利年度","殖利率(%)","股價淨值比"]
/// ```
///
/// Fields are found by name, so every layout reads; `-` is missing; the dividend year is an
/// ROC year, written as a JSON number; the fiscal quarter is `111/3`.
package enum ValuationParser {
    /// Parses BWIBBU_d's answer for `day`: JSON, or the CSV download (a title naming the day,
    /// a header, rows ending with a comma).
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another kind or day, or any
    ///   other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTWSE(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<Valuation> {
        // A body of line endings alone is TWSE's CSV for a day without data.
        if MarketDataStore.firstByte(of: bytes) != UInt8(ascii: "{"), !SourceText.isBlockPage(bytes) {
            return try parseCSV(bytes, day: day)
        }
        return try parseJSON(bytes, day: day, market: .listed, format: .valuationJSON)
    }

    /// Parses TPEx peQryDate's answer for `day`.
    ///
    /// - Throws: ``TWSEParseError`` as ``parseTWSE(_:day:)``.
    /// - Complexity: O(n) in the size of the body.
    package static func parseTPEx(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<Valuation> {
        try parseJSON(bytes, day: day, market: .otc, format: .tpexValuationJSON)
    }

    /// The day a BWIBBU_d CSV names in its title (`"114年01月15日 個股日本益比…"`); `nil` when
    /// the body is not such a file.
    package static func csvDay(_ bytes: [UInt8]) -> CalendarDate? {
        guard let (records, _) = try? SourceText.csv(bytes, format: .valuationCSV),
            let title = records.first?.fields.first
        else { return nil }
        return ROCCalendar.date(title.prefix { $0 != " " && $0 != "\u{3000}" })
    }

    private static func parseJSON(_ bytes: [UInt8], day: CalendarDate, market: Market, format: TWSEFormat)
        throws(TWSEParseError) -> DayReport<Valuation>
    {
        let fields: [String]
        let rows: [JSONValue]
        let table: JSONValue
        switch try DayAnswer.table(bytes, format: format, day: day) {
        case .noData(let words): return .empty(day, market: market, saying: words)
        case .table(let names, let found, let object): (fields, rows, table) = (names, found, object)
        }
        let columns = try Columns(fields, format: format, line: table.line)
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            try columns.row(fields, day: day, market: market)
        }
        return DayReport(
            date: day, market: market, rows: read.rows, notes: DayAnswer.notes(table),
            layout: "\(format) \(fields.count) fields", issues: read.issues)
    }

    private static func parseCSV(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> DayReport<Valuation> {
        let format = TWSEFormat.valuationCSV
        let (records, scanIssues) = try SourceText.csv(bytes, format: format)
        let meaningful = records.filter { record in record.fields.contains { FieldText.clean($0) != nil } }
        // TWSE's CSV for a day without data is a line ending alone.
        guard !meaningful.isEmpty else { return .empty(day, market: .listed, saying: "TWSE's CSV holds no rows") }
        guard let headerIndex = meaningful.firstIndex(where: { FieldText.clean($0.fields.first ?? "") == "證券代號" })
        else { throw .missingColumns(format, line: meaningful[0].line, ["證券代號"]) }
        if headerIndex > 0,
            let said = ROCCalendar.date(
                (meaningful[0].fields.first ?? "").prefix { $0 != " " && $0 != "\u{3000}" }), said != day
        {
            throw .wrongDay(format, requested: day, received: said)
        }
        let header = meaningful[headerIndex]
        let columns = try Columns(header.fields, format: format, line: header.line)
        var rows: [Valuation] = []
        var issues = scanIssues
        for record in meaningful[(headerIndex + 1)...] {
            // The notes under the table have no code: the table ends there.
            guard StockCode(FieldText.clean(record.fields.first ?? "") ?? "") != nil else { break }
            do throws(UnreadableRow) {
                rows.append(try columns.row(record.fields, day: day, market: .listed))
            } catch {
                let code = FieldText.clean(record.fields.first ?? "") ?? ""
                issues.append(
                    ParseIssue(format: format, line: record.line, message: "skipped row \(code): \(error.message)"))
            }
        }
        return DayReport(
            date: day, market: .listed, rows: rows,
            layout: "\(format) \(header.fields.filter { !$0.isEmpty }.count) fields",
            issues: issues)
    }

    /// Where each figure is in a layout, found by the field's name.
    private struct Columns {
        var code = -1
        var name = -1
        var close: Int?
        var priceEarnings: Int?
        var dividendYield: Int?
        var priceBook: Int?
        var dividend: Int?
        var dividendYear: Int?
        var fiscalQuarter: Int?

        init(_ fields: [String], format: TWSEFormat, line: Int) throws(TWSEParseError) {
            for (index, field) in fields.enumerated() {
                switch FieldText.clean(field) ?? "" {
                case "證券代號", "股票代號": code = index
                case "證券名稱", "公司名稱": name = index
                case "收盤價": close = index
                case "本益比": priceEarnings = index
                case "殖利率(%)": dividendYield = index
                case "股價淨值比": priceBook = index
                case "每股股利": dividend = index
                case "股利年度": dividendYear = index
                case "財報年/季": fiscalQuarter = index
                default: break
                }
            }
            let missing = [("證券代號", code >= 0), ("證券名稱", name >= 0), ("本益比", priceEarnings != nil)]
                .filter { !$0.1 }.map(\.0)
            guard missing.isEmpty else { throw .missingColumns(format, line: line, missing) }
        }

        func row(_ fields: [String], day: CalendarDate, market: Market) throws(UnreadableRow) -> Valuation {
            func decimal(_ index: Int?, _ column: String) throws(UnreadableRow) -> ExactDecimal? {
                guard let index else { return nil }
                return try MarginParser.ratio(try DayRows.field(fields, index), column: column)
            }
            var year: Int?
            if let index = dividendYear, let text = FieldText.clean(try DayRows.field(fields, index)) {
                guard let roc = ROCCalendar.number(text), roc >= 1 else {
                    throw UnreadableRow("股利年度 \(TWSEParseError.quote(text)) is not a year")
                }
                year = roc + ROCCalendar.yearOffset
            }
            var quarter: FiscalQuarter?
            if let index = fiscalQuarter, let text = FieldText.clean(try DayRows.field(fields, index)) {
                guard let found = ROCCalendar.quarter(text) else {
                    throw UnreadableRow("財報年/季 \(TWSEParseError.quote(text)) is not a quarter")
                }
                quarter = found
            }
            return Valuation(
                date: day, market: market, code: try DayRows.code(try DayRows.field(fields, code)),
                name: SecurityName(source: try DayRows.field(fields, name)), close: try decimal(close, "收盤價"),
                priceEarnings: try decimal(priceEarnings, "本益比"), dividendYield: try decimal(dividendYield, "殖利率(%)"),
                priceBook: try decimal(priceBook, "股價淨值比"), dividend: try decimal(dividend, "每股股利"),
                dividendYear: year, fiscalQuarter: quarter)
        }
    }
}
