import BrowseSupport
import ListKit

/// Reads TWSE's STOCK_DAY_ALL open_data CSV: every listed security's trading on one day.
///
/// ```text
/// 證券代號,證券名稱,成交股數,成交金額,開盤價,最高價,最低價,收盤價,漲跌價差,成交筆數
/// "2330","台積電","69307417","69455264475","996.00","1010.00","996.00","1000.00","-20.0000","184223"
/// ```
///
/// Both number styles are read. The old one (to about 2020) groups thousands
/// (`"14,304,763"`), signs changes (`+0.30`, `" 0.00"`), writes `X0.00` for prices not
/// compared, and `0.00` prices for a security without trades. The current one has no
/// separators, four-decimal unsigned changes (`"-20.0000"`), and empty fields without trades.
/// Either way a security without trades gets no prices.
///
/// The file does not say which day it is: TWSE puts the date only in the download's
/// `Content-Disposition` file name. Get it with ``TradingDateHint`` and pass it in.
package enum StockDayAllCSVParser {
    /// Parses the file.
    ///
    /// - Parameters:
    ///   - bytes: The body, UTF-8 with or without a byte order mark (Big5 is accepted too).
    ///   - tradingDate: The trading day, from ``TradingDateHint``; `nil` when unknown (the
    ///     ticks are then undated and the result says so).
    /// - Returns: The day's ticks in file order, and the rows skipped with their lines.
    /// - Throws: ``TWSEParseError`` when the body is a block page, not this kind of file, or empty.
    /// - Complexity: O(n) in the size of the file.
    package static func parse(_ bytes: [UInt8], tradingDate: CalendarDate?) throws(TWSEParseError) -> MarketDay {
        let format = TWSEFormat.stockDayAllCSV
        let (records, scanIssues) = try SourceText.csv(bytes, format: format)
        guard let header = records.first else { throw .empty(format) }
        let columns = ColumnMap(header: header.fields)
        guard columns.contains(TickColumns.code) else {
            throw .wrongKind(format, line: header.line, found: header.fields.joined(separator: ","))
        }
        let required: [(String, [String])] = [
            ("成交股數", TickColumns.volume), ("成交金額", TickColumns.value), ("開盤價", TickColumns.open),
            ("最高價", TickColumns.high), ("最低價", TickColumns.low), ("收盤價", TickColumns.close),
            ("漲跌價差", TickColumns.change), ("成交筆數", TickColumns.transactions),
        ]
        let missing = required.filter { !columns.contains($0.1) }.map(\.0)
        guard missing.isEmpty else { throw .missingColumns(format, line: header.line, missing) }

        let positions = TickPositions(columns)
        var ticks: [DailyTick] = []
        var issues = scanIssues
        for record in records.dropFirst() {
            let fields = record.fields
            guard fields.count >= columns.header.count else {
                issues.append(
                    ParseIssue(
                        format: format, line: record.line,
                        message: "skipped row: \(fields.count) fields where the header has \(columns.header.count)"))
                continue
            }
            let row = positions.row(fields)
            do throws(UnreadableRow) {
                ticks.append(try TickBuilder.tick(row, date: tradingDate))
            } catch {
                let label = FieldText.clean(row.code).map { "skipped row \($0)" } ?? "skipped row"
                issues.append(ParseIssue(format: format, line: record.line, message: "\(label): \(error.message)"))
            }
        }
        issues.sort { $0.line < $1.line }
        return MarketDay(
            date: tradingDate, dateOrigin: tradingDate == nil ? .unknown : .supplied, ticks: ticks, issues: issues)
    }
}
