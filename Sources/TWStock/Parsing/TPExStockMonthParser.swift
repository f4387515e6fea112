import BrowseSupport
import ListKit
import Tabular

/// Reads TPEx's per-stock month (個股日成交資訊): one 上櫃 security's trading days in a month,
/// from `www.tpex.org.tw/www/zh-tw/afterTrading/tradingStock?code=CODE&date=yyyy/MM/01&response=json`.
///
/// ```text
/// {"tables":[{"title":"個股日成交資訊","subtitle":"2926 誠品生活 114年05月","date":"20250501",
///   "fields":["日 期","成交張數","成交仟元","開盤","最高","最低","收盤","漲跌","筆數"],
///   "data":[["114/05/02","10","475","47.20","47.20","46.60","47.20","0.00","12"],…],
///   "notes":[…],"totalCount":11}],"date":"20250501","code":"2926","name":"誠品生活","stat":"ok"}
/// ```
///
/// Its units are not TWSE's: 成交張數 counts lots of 1,000 shares and 成交仟元 thousands of NT$.
/// Both are multiplied by 1,000, in integers, so that the ticks hold shares and NT$ as every
/// other source's do. Dates are ROC and some carry a `*` (or `＊`), which is taken off the date
/// and kept as the tick's note; a change has no `+`; a day without trades has `--` prices; a
/// month without trading has an empty `data` (or no table at all). `stat` is a lower-case `ok`.
package enum TPExStockMonthParser {
    /// The header names of the columns, compared ignoring spaces (`日 期`).
    enum Columns {
        static let date = ["日期"]
        static let volume = ["成交張數"]
        static let value = ["成交仟元"]
        static let open = ["開盤"]
        static let high = ["最高"]
        static let low = ["最低"]
        static let close = ["收盤"]
        static let change = ["漲跌"]
        static let transactions = ["筆數"]
    }

    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - requestedMonth: The month asked for; `nil` (an imported file) takes the month the
    ///     answer states.
    ///   - code: The security asked for: checked against the answer's `code`, and used when the
    ///     answer names none.
    /// - Returns: The month's ticks (in shares and NT$), notes and skipped rows.
    /// - Throws: ``TWSEParseError/exchangeMessage(_:message:)`` when `stat` is not `ok`;
    ///   ``TWSEParseError/wrongMonth(_:requested:received:)`` or
    ///   ``TWSEParseError/wrongStock(_:requested:received:)`` for an answer to another request;
    ///   other cases for a block page or a body of another shape.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(
        _ bytes: [UInt8], requestedMonth: YearMonth?, code requestedCode: StockCode? = nil
    ) throws(TWSEParseError) -> StockMonth {
        let format = TWSEFormat.tpexStockMonthJSON
        let root = try JSONValue.decode(bytes, format: format)
        guard let object = root.object, let tables = object["tables"]?.array else {
            throw .wrongKind(format, line: 1, found: "no \"tables\" member")
        }
        if let stat = object["stat"]?.string, FieldText.clean(stat)?.lowercased() != "ok" {
            throw .exchangeMessage(format, message: FieldText.clean(stat) ?? stat)
        }
        let table =
            tables.first { table in
                (table["fields"]?.array ?? []).contains { FieldText.clean($0.string ?? "") == "成交張數" }
            } ?? tables.first
        let subtitle = (table?["subtitle"]?.string).flatMap(FieldText.clean) ?? ""
        let subtitleWords = subtitle.split(separator: " ").map(String.init)

        // The month: the answer's `date`, the table's, and the subtitle's ROC month must agree.
        let stated =
            [object["date"]?.string, table?["date"]?.string].compactMap { text in
                text.flatMap { CalendarDate(iso: $0) }.map(YearMonth.init)
            } + subtitleWords.filter { $0.contains("年") }.compactMap { ROCCalendar.month($0) }.prefix(1)
        if let requestedMonth {
            for received in stated where received != requestedMonth {
                throw .wrongMonth(format, requested: requestedMonth, received: received)
            }
        }
        guard let month = requestedMonth ?? stated.first else {
            throw .wrongKind(format, line: 1, found: "no month in \"date\" or the subtitle")
        }
        // The security: the answer's `code` (empty when TPEx does not know it), or the subtitle's.
        let statedCode =
            (object["code"]?.string).flatMap(FieldText.clean).flatMap { StockCode($0) }
            ?? subtitleWords.first.flatMap { StockCode($0) }
        if let requestedCode, let statedCode, statedCode != requestedCode {
            throw .wrongStock(format, requested: requestedCode, received: statedCode)
        }
        guard let code = statedCode ?? requestedCode else { throw .unknownCode(format) }
        let name =
            (object["name"]?.string).flatMap(FieldText.clean)
            ?? (subtitleWords.count > 2 ? subtitleWords[1] : nil)
        let title = subtitle.isEmpty ? "\(code) \(name ?? "") \(month)" : subtitle
        let notes = (table?["notes"]?.array ?? []).compactMap { $0.string.flatMap(FieldText.clean) }
        guard let table else {
            return StockMonth(
                code: code, name: name, month: month, title: title, ticks: [], notes: notes, issues: [], market: .otc)
        }
        guard let fieldNames = table["fields"]?.array?.map({ $0.string ?? "" }), let rows = table["data"]?.array
        else {
            throw .wrongKind(format, line: 1, found: "a table without \"fields\" and \"data\"")
        }
        let columns = ColumnMap(header: fieldNames)
        let required: [(String, [String])] = [
            ("日期", Columns.date), ("成交張數", Columns.volume), ("成交仟元", Columns.value), ("收盤", Columns.close),
        ]
        let missing = required.filter { !columns.contains($0.1) }.map(\.0)
        guard missing.isEmpty || rows.isEmpty else { throw .missingColumns(format, line: 1, missing) }
        let positions = (
            date: columns.index(Columns.date), volume: columns.index(Columns.volume),
            value: columns.index(Columns.value), open: columns.index(Columns.open), high: columns.index(Columns.high),
            low: columns.index(Columns.low), close: columns.index(Columns.close),
            change: columns.index(Columns.change), transactions: columns.index(Columns.transactions)
        )

        var ticks: [DailyTick] = []
        var issues: [ParseIssue] = []
        for (offset, row) in rows.enumerated() {
            do throws(UnreadableRow) {
                guard let values = row.array, values.allSatisfy({ $0.string != nil }) else {
                    throw UnreadableRow("not an array of strings")
                }
                let fields = values.map { $0.string ?? "" }
                let rawDate = fields.field(positions.date)
                let (dateText, mark) = Self.splitMark(rawDate)
                let date = try FieldText.tradingDate(dateText, column: "日期 (date)")
                guard month.contains(date) else { throw UnreadableRow("the date \(rawDate) is not in \(month)") }
                let text = TickBuilder.Row(
                    code: code.rawValue, volume: fields.field(positions.volume), value: fields.field(positions.value),
                    open: fields.field(positions.open), high: fields.field(positions.high),
                    low: fields.field(positions.low), close: fields.field(positions.close),
                    change: fields.field(positions.change), transactions: fields.field(positions.transactions),
                    note: mark)
                do throws(UnreadableRow) {
                    ticks.append(
                        try TickBuilder.tick(
                            text, date: date, code: code, market: .otc, units: .lotsAndThousands))
                } catch {
                    throw UnreadableRow("\(rawDate): \(error.message)")
                }
            } catch {
                issues.append(
                    ParseIssue(
                        format: format, line: row.line, row: offset + 1, message: "skipped row: \(error.message)"))
            }
        }
        return StockMonth(
            code: code, name: name, month: month, title: title, ticks: ticks, notes: notes, issues: issues,
            market: .otc)
    }

    /// The date without the `*` or `＊` TPEx puts on some days, and the mark as written.
    static func splitMark(_ text: String) -> (date: String, mark: String) {
        let marks: Set<Character> = ["*", "＊"]
        guard text.contains(where: { marks.contains($0) }) else { return (text, "") }
        return (String(text.filter { !marks.contains($0) }), String(text.filter { marks.contains($0) }))
    }
}
