import ListKit

/// Reads a STOCK_DAY CSV download: one security's trading days in one month, as saved from
/// `www.twse.com.tw/exchangeReport/STOCK_DAY?response=csv` (Chinese, Big5) or
/// `www.twse.com.tw/en/exchangeReport/STOCK_DAY?response=csv` (English).
///
/// The Chinese file, decoded from Big5:
///
/// ```text
/// "110年07月 2330 台積電           各日成交資訊"
/// "日期","成交股數","成交金額","開盤價","最高價","最低價","收盤價","漲跌價差","成交筆數",
/// "110/07/01","18,719,706","11,116,195,742","596.00","597.00","591.00","593.00","-2.00","20,565",
/// "說明:"
/// "符號說明:+/-/X表示漲/跌/不比價"
/// ```
///
/// A title row, a header, one row per day (each ending in a comma), then one-field note rows.
///
/// No English download was available to copy. What it looks like was pieced together from
/// public code that reads it: Hunsin's TWSE crawler parses the English STOCK_DAY dates with the
/// Go layout `2006/01/02` (Gregorian `yyyy/MM/dd`); a Python loader for
/// `/en/exchangeReport/STOCK_DAY?response=csv` keeps the lines with nine quoted fields and a
/// trailing comma and strips `,`, `+`, `--` and `X` from the numbers (the Chinese conventions);
/// the English MI_INDEX CSV quotes English column names (`"Trade Volume","Transaction",
/// "Trade Value","Opening Price",…`), and the English FMTQIK CSV has a title line and ends in
/// `"Remarks:"` notes. So the parser finds the header by its first column (`日期` or `Date`),
/// finds columns by name in either language, and reads dates as ROC when the year has 2–3
/// digits and as Gregorian when it has 4. The exact English title wording is unknown; the month
/// and code are read from its first two words when they are there, and otherwise the month
/// comes from the rows.
package enum StockDayCSVParser {
    /// Parses the file.
    ///
    /// - Parameters:
    ///   - bytes: The body, Big5 or UTF-8.
    ///   - requestedMonth: The month asked for, checked against the title when given; `nil`
    ///     for a file of unknown origin (`browse import`).
    ///   - code: The security asked for: checked against the title, and used when the title
    ///     names none.
    /// - Returns: The month's ticks, notes and skipped rows.
    /// - Throws: ``TWSEParseError`` for a block page, an undecodable body, a file without a
    ///   STOCK_DAY header, or a report for another month or security.
    /// - Complexity: O(n) in the size of the file.
    package static func parse(
        _ bytes: [UInt8], requestedMonth: YearMonth? = nil, code requestedCode: StockCode? = nil
    ) throws(TWSEParseError) -> StockMonth {
        var format = TWSEFormat.stockDayCSV
        let (records, scanIssues) = try SourceText.csv(bytes, format: format)
        guard !records.isEmpty else { throw .empty(format) }

        guard let headerIndex = records.prefix(5).firstIndex(where: { isHeader($0.fields) }) else {
            let first = records[0].fields.joined(separator: ",")
            throw .wrongKind(format, line: records[0].line, found: first)
        }
        let header = records[headerIndex]
        if FieldText.clean(header.fields[0])?.lowercased() == "date" { format = .stockDayEnglishCSV }
        let columns = ColumnMap(header: header.fields)
        let positions = TickPositions(columns)
        let titleRecord = records[..<headerIndex].last { singleValue($0.fields) != nil }
        let title = StockDayTitle(titleRecord.flatMap { singleValue($0.fields) } ?? "")

        if let requestedMonth, let titleMonth = title.month, titleMonth != requestedMonth {
            throw .wrongMonth(format, requested: requestedMonth, received: titleMonth)
        }
        if let requestedCode, let titleCode = title.code, titleCode != requestedCode {
            throw .wrongStock(format, requested: requestedCode, received: titleCode)
        }
        guard let code = title.code ?? requestedCode else { throw .unknownCode(format) }

        var ticks: [DailyTick] = []
        var notes: [String] = []
        var issues = scanIssues.map { ParseIssue(format: format, line: $0.line, message: $0.message) }
        let month = title.month ?? requestedMonth
        for record in records[(headerIndex + 1)...] {
            if let note = singleValue(record.fields),
                (try? FieldText.tradingDate(note, column: "")) == nil
            {
                notes.append(note)
                continue
            }
            do throws(UnreadableRow) {
                ticks.append(try StockDayRows.tick(record.fields, positions: positions, code: code, month: month))
            } catch {
                issues.append(ParseIssue(format: format, line: record.line, message: "skipped row: \(error.message)"))
            }
        }
        guard let reportMonth = month ?? ticks.first?.date.map(YearMonth.init) else { throw .empty(format) }
        if let requestedMonth, reportMonth != requestedMonth {
            throw .wrongMonth(format, requested: requestedMonth, received: reportMonth)
        }
        return StockMonth(
            code: code, name: title.name, month: reportMonth, title: title.text, ticks: ticks, notes: notes,
            issues: issues)
    }

    /// True for the header row: its first field is `日期` or `Date`.
    static func isHeader(_ fields: [String]) -> Bool {
        guard let first = fields.first.flatMap(FieldText.clean) else { return false }
        return first == "日期" || first.lowercased() == "date"
    }

    /// The text of a row with exactly one non-empty field (a title or a note), else `nil`.
    static func singleValue(_ fields: [String]) -> String? {
        let values = fields.compactMap(FieldText.clean)
        return values.count == 1 && FieldText.clean(fields[0]) != nil ? values[0] : nil
    }
}
