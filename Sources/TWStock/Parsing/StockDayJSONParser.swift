import BrowseSupport
import ListKit
import Tabular

/// Reads TWSE's STOCK_DAY JSON: one security's trading days in one month.
///
/// ```text
/// {"stat":"OK","date":"20250601","title":"114年06月 2330 台積電           各日成交資訊",
///  "fields":["日期","成交股數",…,"註記"],"data":[["114/06/02","40,608,468",…,""],…],"notes":[…]}
/// ```
///
/// Dates are ROC (`114/06/02`; Gregorian in the English version), prices group thousands
/// (`"1,045.00"`), a change may be `X0.00` (not compared), and a day without trades has `--`.
///
/// TWSE sometimes answers with another month than the one asked for, so the parser checks
/// both `date` and `title` against the requested month.
package enum StockDayJSONParser {
    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - requestedMonth: The month that was asked for; `nil` (an imported file) takes the month
    ///     the response states.
    ///   - code: The security that was asked for, checked against the title when given.
    /// - Returns: The month's ticks, notes and skipped rows.
    /// - Throws: ``TWSEParseError/exchangeMessage(_:message:)`` with TWSE's own text when `stat`
    ///   is not `OK`; ``TWSEParseError/wrongMonth(_:requested:received:)`` or
    ///   ``TWSEParseError/wrongStock(_:requested:received:)`` for an answer to another request;
    ///   other cases for a block page or a body that is not a STOCK_DAY response.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(
        _ bytes: [UInt8], requestedMonth: YearMonth?, code requestedCode: StockCode? = nil
    ) throws(TWSEParseError) -> StockMonth {
        let format = TWSEFormat.stockDayJSON
        let root = try JSONValue.decode(bytes, format: format)
        guard let object = root.object, let stat = object["stat"]?.string else {
            throw .wrongKind(format, line: 1, found: "no \"stat\" member")
        }
        guard FieldText.clean(stat)?.uppercased() == "OK" else {
            throw .exchangeMessage(format, message: FieldText.clean(stat) ?? stat)
        }

        let title = StockDayTitle(object["title"]?.string ?? "")
        let dateMonth = (object["date"]?.string).flatMap { CalendarDate(iso: $0) }.map(YearMonth.init)
        if let requestedMonth {
            for received in [dateMonth, title.month].compactMap({ $0 }) where received != requestedMonth {
                throw .wrongMonth(format, requested: requestedMonth, received: received)
            }
        }
        guard dateMonth != nil || title.month != nil, let month = requestedMonth ?? title.month ?? dateMonth else {
            throw .wrongKind(format, line: 1, found: "no month in \"date\" or \"title\"")
        }
        if let requestedCode, let titleCode = title.code, titleCode != requestedCode {
            throw .wrongStock(format, requested: requestedCode, received: titleCode)
        }
        guard let code = title.code ?? requestedCode else { throw .unknownCode(format) }
        guard let fieldNames = object["fields"]?.array?.map({ $0.string ?? "" }), let rows = object["data"]?.array
        else {
            throw .wrongKind(format, line: 1, found: "no \"fields\" and \"data\" members")
        }
        let columns = ColumnMap(header: fieldNames)
        let positions = TickPositions(columns)
        let missing = [("日期", TickColumns.date), ("收盤價", TickColumns.close)].filter { !columns.contains($0.1) }
        guard missing.isEmpty else { throw .missingColumns(format, line: 1, missing.map(\.0)) }

        var ticks: [DailyTick] = []
        var issues: [ParseIssue] = []
        for (offset, row) in rows.enumerated() {
            let line = row.line
            do throws(UnreadableRow) {
                guard let values = row.array, values.allSatisfy({ $0.string != nil }) else {
                    throw UnreadableRow("not an array of strings")
                }
                let fields = values.map { $0.string ?? "" }
                ticks.append(try StockDayRows.tick(fields, positions: positions, code: code, month: month))
            } catch {
                issues.append(
                    ParseIssue(format: format, line: line, row: offset + 1, message: "skipped row: \(error.message)"))
            }
        }
        let notes = (object["notes"]?.array ?? []).compactMap { $0.string.flatMap(FieldText.clean) }
        return StockMonth(
            code: code, name: title.name, month: month, title: title.text, ticks: ticks, notes: notes,
            issues: issues)
    }
}
