import BrowseSupport
import ListKit
import Tabular

/// Reads openapi's STOCK_DAY_ALL JSON (`openapi.twse.com.tw/v1/exchangeReport/STOCK_DAY_ALL`):
/// an array of objects whose values are all strings.
///
/// ```text
/// [{"Date":"1141126","Code":"2330","Name":"台積電","TradeVolume":"59733510",…,"Change":"-42.0000",…}]
/// ```
///
/// Newer copies carry the day in each object's `Date` (ROC `yyyMMdd`); older ones do not, and
/// then the date must be supplied or the result says it is unknown.
package enum StockDayAllJSONParser {
    /// Parses the body.
    ///
    /// - Parameters:
    ///   - bytes: The JSON body.
    ///   - tradingDate: The day to use when the objects carry no `Date`; ignored when they do.
    /// - Returns: The ticks in array order, the date and where it came from, and skipped rows.
    /// - Throws: ``TWSEParseError`` when the body is a block page, not JSON, or not this kind.
    /// - Complexity: O(n) in the size of the body.
    package static func parse(_ bytes: [UInt8], tradingDate: CalendarDate?) throws(TWSEParseError) -> MarketDay {
        let format = TWSEFormat.stockDayAllJSON
        let root = try JSONValue.decode(bytes, format: format)
        guard let elements = root.array else {
            throw .wrongKind(format, line: 1, found: "a JSON object, not an array")
        }
        if let first = elements.first?.object, first["Code"] == nil {
            throw .wrongKind(format, line: 1, found: "keys " + first.keys.sorted().prefix(4).joined(separator: ", "))
        }
        var ticks: [DailyTick] = []
        var issues: [ParseIssue] = []
        var fileDate: CalendarDate?
        for (offset, element) in elements.enumerated() {
            let line = element.line
            func skip(_ message: String) {
                issues.append(ParseIssue(format: format, line: line, row: offset + 1, message: message))
            }
            guard let object = element.object else {
                skip("skipped row: not a JSON object")
                continue
            }
            if let key = element.firstNonStringKey {
                skip("skipped row: \(key) is not a string")
                continue
            }
            func text(_ key: String) -> String { object[key]?.string ?? "" }
            var date = tradingDate
            if let rawDate = object["Date"]?.string {
                guard let parsed = ROCCalendar.date(rawDate) else {
                    skip("skipped row \(text("Code")): Date \"\(rawDate)\" is not an ROC yyyMMdd date")
                    continue
                }
                date = parsed
                if fileDate == nil { fileDate = parsed }
            }
            let row = TickBuilder.Row(
                code: text("Code"), name: text("Name"), volume: text("TradeVolume"), value: text("TradeValue"),
                open: text("OpeningPrice"), high: text("HighestPrice"), low: text("LowestPrice"),
                close: text("ClosingPrice"), change: text("Change"), transactions: text("Transaction"))
            do throws(UnreadableRow) {
                ticks.append(try TickBuilder.tick(row, date: date))
            } catch {
                skip("skipped row \(row.code): \(error.message)")
            }
        }
        let origin: MarketDay.DateOrigin = fileDate != nil ? .file : (tradingDate != nil ? .supplied : .unknown)
        return MarketDay(date: fileDate ?? tradingDate, dateOrigin: origin, ticks: ticks, issues: issues)
    }
}
