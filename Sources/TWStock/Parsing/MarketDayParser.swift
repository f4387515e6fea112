import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's MI_INDEX (每日收盤行情, `type=ALLBUT0999`): the 上市 market's day in ten tables,
/// found by their fields, not their places: the price and return indices, 大盤統計資訊,
/// 漲跌證券數合計 (`4,916(55)`) and every security's close.
///
/// The change's sign comes as HTML, `<p style= color:red>+</p>` in the securities' table and
/// `<p style ='color:red'>+</p>` in the indices'; it is read and the tags dropped. `--` is no
/// trade.
package enum MarketDayParser {
    static let format = TWSEFormat.marketDayJSON

    /// Parses MI_INDEX's answer for `day`.
    ///
    /// - Throws: ``TWSEParseError`` for a block page, an answer of another kind or day, or any
    ///   other message of the exchange.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], day: CalendarDate) throws(TWSEParseError) -> MarketDayReport {
        let object: JSONValue
        switch try DayAnswer.read(bytes, format: format) {
        case .noData(let words): return MarketDayReport(date: day, noData: words)
        case .report(let found): object = found
        }
        try DayAnswer.check(object, day: day, format: format)
        let tables = object["tables"]?.array ?? [object]
        var report = MarketDayReport(date: day)
        var sawQuotes = false
        for table in tables {
            guard let fields = table["fields"]?.array?.map({ FieldText.clean($0.string ?? "") ?? "" }),
                let rows = table["data"]?.array, let first = fields.first
            else { continue }
            if fields.contains("收盤指數"), first == "指數" || first == "報酬指數" {
                report.indices += indices(rows, fields: fields, table: table, issues: &report.issues)
            } else if first == "類型", fields.contains("整體市場") {
                report.breadth += breadth(rows, fields: fields)
            } else if first == "成交統計" {
                report.turnover += turnover(rows, fields: fields, issues: &report.issues)
            } else if first == "證券代號", fields.contains("收盤價") {
                sawQuotes = true
                report.quotes += try quotes(rows, fields: fields, table: table, day: day, issues: &report.issues)
            }
        }
        if !sawQuotes, report.indices.isEmpty {
            throw .wrongKind(format, line: object.line, found: "no table of 收盤價 or 收盤指數")
        }
        return report
    }

    /// `112年01月30日 價格指數(臺灣證券交易所)` is `價格指數(臺灣證券交易所)`.
    static func group(_ table: JSONValue) -> String {
        let title = FieldText.clean(table["title"]?.string ?? "") ?? ""
        guard let space = title.firstIndex(of: " "), ROCCalendar.date(title[..<space]) != nil else { return title }
        return String(title[title.index(after: space)...])
    }

    private static func indices(_ rows: [JSONValue], fields: [String], table: JSONValue, issues: inout [ParseIssue])
        -> [MarketIndexQuote]
    {
        let group = group(table)
        func index(_ name: String) -> Int? { fields.firstIndex(of: name) }
        let (close, sign, points, percent, note) = (
            index("收盤指數"), index("漲跌(+/-)"), index("漲跌點數"), index("漲跌百分比(%)"), index("特殊處理註記")
        )
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            func field(_ index: Int?) throws(UnreadableRow) -> String {
                guard let index else { return "" }
                return try DayRows.field(fields, index)
            }
            guard let name = FieldText.clean(try DayRows.field(fields, 0)) else { throw UnreadableRow("no index name") }
            let closing = try FieldText.price(try field(close), column: "收盤指數")
            let signText = try field(sign)
            guard let changeSign = ChangeSign(html: signText) else {
                throw UnreadableRow("漲跌(+/-) \(TWSEParseError.quote(signText)) is not +, - or X")
            }
            return MarketIndexQuote(
                group: group, name: name, close: closing,
                change: changeSign.change(
                    try MarketMonthParser.decimal(try field(points), column: "漲跌點數"), traded: closing != nil),
                changePercent: try MarketMonthParser.decimal(try field(percent), column: "漲跌百分比(%)"),
                note: FieldText.clean(try field(note)))
        }
        issues += read.issues
        return read.rows
    }

    private static func breadth(_ rows: [JSONValue], fields: [String]) -> [MarketBreadth] {
        let market = fields.firstIndex(of: "整體市場")
        let stocks = fields.firstIndex(of: "股票")
        return rows.compactMap { row in
            guard let values = DayAnswer.fields(row), let label = values.first.flatMap(FieldText.clean) else {
                return nil
            }
            func count(_ index: Int?) -> BreadthCount? {
                index.flatMap { values.indices.contains($0) ? BreadthCount(values[$0]) : nil }
            }
            return MarketBreadth(label: label, market: count(market), stocks: count(stocks))
        }
    }

    private static func turnover(_ rows: [JSONValue], fields: [String], issues: inout [ParseIssue]) -> [MarketTurnover]
    {
        let (value, volume, transactions) = (
            fields.firstIndex(of: "成交金額(元)"), fields.firstIndex(of: "成交股數(股)"), fields.firstIndex(of: "成交筆數")
        )
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            func count(_ index: Int?, _ name: String) throws(UnreadableRow) -> Int64? {
                guard let index else { return nil }
                return try FieldText.count(try DayRows.field(fields, index), column: name)
            }
            return MarketTurnover(
                label: FieldText.clean(try DayRows.field(fields, 0)) ?? "",
                value: try count(value, "成交金額(元)"), volume: try count(volume, "成交股數(股)"),
                transactions: try count(transactions, "成交筆數"))
        }
        issues += read.issues
        return read.rows
    }

    private static func quotes(
        _ rows: [JSONValue], fields: [String], table: JSONValue, day: CalendarDate, issues: inout [ParseIssue]
    ) throws(TWSEParseError) -> [ClosingQuote] {
        let needed = [
            "證券代號", "證券名稱", "成交股數", "成交筆數", "成交金額", "開盤價", "最高價", "最低價", "收盤價", "漲跌(+/-)", "漲跌價差",
        ]
        var at: [String: Int] = [:]
        for (offset, name) in fields.enumerated() where at[name] == nil { at[name] = offset }
        let missing = needed.filter { at[$0] == nil }
        guard missing.isEmpty else { throw .missingColumns(format, line: table.line, missing) }
        let read = DayRows.read(rows, format: format) { fields throws(UnreadableRow) in
            func field(_ name: String) throws(UnreadableRow) -> String {
                guard let index = at[name] else { return "" }
                return try DayRows.field(fields, index)
            }
            let close = try FieldText.price(try field("收盤價"), column: "收盤價")
            let signText = try field("漲跌(+/-)")
            guard let sign = ChangeSign(html: signText) else {
                throw UnreadableRow("漲跌(+/-) \(TWSEParseError.quote(signText)) is not +, - or X")
            }
            let pointsText = try field("漲跌價差")
            let points = try MarketMonthParser.decimal(pointsText, column: "漲跌價差")
            let change = sign.change(points, traded: close != nil)
            let tick = DailyTick(
                date: day, code: try DayRows.code(try field("證券代號")), name: FieldText.clean(try field("證券名稱")),
                volume: try FieldText.count(try field("成交股數"), column: "成交股數"),
                value: try FieldText.count(try field("成交金額"), column: "成交金額"),
                open: try FieldText.price(try field("開盤價"), column: "開盤價"),
                high: try FieldText.price(try field("最高價"), column: "最高價"),
                low: try FieldText.price(try field("最低價"), column: "最低價"), close: close,
                change: change, changeText: Self.signedText(change, points: pointsText),
                transactions: try FieldText.count(try field("成交筆數"), column: "成交筆數"))
            return ClosingQuote(
                tick: tick, bid: try FieldText.price(try field("最後揭示買價"), column: "最後揭示買價"),
                bidVolume: try FieldText.count(try field("最後揭示買量"), column: "最後揭示買量"),
                ask: try FieldText.price(try field("最後揭示賣價"), column: "最後揭示賣價"),
                askVolume: try FieldText.count(try field("最後揭示賣量"), column: "最後揭示賣量"),
                priceEarnings: try MarketMonthParser.decimal(try field("本益比"), column: "本益比"))
        }
        issues += read.issues
        return read.rows
    }

    /// The change as the day's table writes it, its sign (a tag of its own) put in front of the
    /// points: `-1.35`, `1.35`, `0.00`; empty when there is no change to compare.
    static func signedText(_ change: PriceChange, points: String) -> String {
        let digits = points.filter { $0 != "," && $0 != " " }
        switch change {
        case .up: return digits
        case .down: return digits.hasPrefix("-") ? digits : "-" + digits
        case .unchanged: return digits
        case .notCompared, .absent: return ""
        }
    }
}
