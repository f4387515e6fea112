import BrowseSupport
import ListKit
import Tabular

/// The common reading of the exchanges' day reports: the no-data answers, the table, the
/// rows as text, and the day the answer is for. Every day-report parser starts here, so that
/// every report treats a holiday, a future day and a block page alike.
///
/// A day without data comes in four forms, each read as ``Reading/noData(_:)``, never as an
/// error:
///
/// ```text
/// {"stat":"很抱歉，沒有符合條件的資料!","total":0}      T86, BWIBBU_d
/// {"stat":"很抱歉，沒有符合條件的資料"}                MI_MARGN (no "!")
/// {"stat":"查詢日期大於今日，請重新查詢!"}              a day still to come
/// {"tables":[{…,"data":[],"totalCount":0}],"stat":"ok"}   TPEx
/// ```
enum DayAnswer {
    /// What an answer holds.
    enum Reading {
        /// The exchange has no data for the day; its own words, or a sentence saying so.
        case noData(String)
        /// A report: its top-level object.
        case report(JSONValue)
    }

    /// True when `stat` is one of the exchanges' "nothing for this day" answers.
    static func isNoData(_ stat: String) -> Bool {
        stat.contains("沒有符合條件的資料") || stat.contains("查詢日期大於今日") || stat.contains("查無資料")
    }

    /// Reads a body down to its top-level object, or the exchange's word that the day has
    /// no data.
    ///
    /// - Throws: ``TWSEParseError/blockPage(_:)``, ``TWSEParseError/invalidJSON(_:detail:)``
    ///   or ``TWSEParseError/empty(_:)`` for a body that is no answer;
    ///   ``TWSEParseError/exchangeMessage(_:message:)`` for any other `stat` than `OK`.
    static func read(_ bytes: [UInt8], format: TWSEFormat) throws(TWSEParseError) -> Reading {
        let root = try JSONValue.decode(bytes, format: format)
        guard let object = root.object else {
            throw .wrongKind(format, line: root.line, found: "a JSON \(root.kindName), not an object")
        }
        guard let stat = object["stat"]?.string else {
            throw .wrongKind(format, line: root.line, found: "no \"stat\" member")
        }
        let cleaned = FieldText.clean(stat) ?? ""
        if isNoData(cleaned) { return .noData(cleaned) }
        guard cleaned.uppercased() == "OK" else { throw .exchangeMessage(format, message: cleaned) }
        return .report(object)
    }

    /// A report's table read for `day`, or the exchange's word that the day has none: every
    /// no-data form, TWSE's `stat` and TPEx's `ok` with a table without rows, is
    /// ``TableReading/noData(_:)``.
    ///
    /// - Parameter index: The table to read (`tables[1]` of MI_MARGN); `nil` takes the
    ///   top level, or the first table with fields.
    /// - Throws: What ``read(_:format:)`` throws; ``TWSEParseError/wrongKind(_:line:found:)``
    ///   when there is no table; ``TWSEParseError/wrongDay(_:requested:received:)`` when the
    ///   answer is for another day.
    static func table(_ bytes: [UInt8], format: TWSEFormat, day: CalendarDate, index: Int? = nil)
        throws(TWSEParseError) -> TableReading
    {
        let object: JSONValue
        switch try read(bytes, format: format) {
        case .noData(let words): return .noData(words)
        case .report(let found): object = found
        }
        guard let found = table(object, index: index) else {
            if let tables = object["tables"]?.array,
                tables.allSatisfy({ ($0["data"]?.array ?? []).isEmpty })
            {
                return .noData(noRows(format))
            }
            throw .wrongKind(format, line: object.line, found: "no \"fields\" and \"data\" members")
        }
        if found.rows.isEmpty { return .noData(noRows(format)) }
        try check(object, table: found.table, day: day, format: format)
        return .table(fields: found.fields, rows: found.rows, table: found.table)
    }

    /// What ``table(_:format:day:index:)`` found.
    enum TableReading {
        case noData(String)
        case table(fields: [String], rows: [JSONValue], table: JSONValue)
    }

    /// A report's table: its fields and rows, at the top level (TWSE) or in `tables[index]`;
    /// TPEx's answers move their table between `tables[0]` and `tables[1]`, so the first
    /// table with fields is taken when `index` is `nil`.
    static func table(_ object: JSONValue, index: Int? = nil) -> (
        fields: [String], rows: [JSONValue], table: JSONValue
    )? {
        var candidates: [JSONValue] = []
        if let tables = object["tables"]?.array {
            if let index {
                if tables.indices.contains(index) { candidates = [tables[index]] }
            } else {
                candidates = tables
            }
        } else {
            candidates = [object]
        }
        for table in candidates {
            guard let fields = table["fields"]?.array, !fields.isEmpty, let rows = table["data"]?.array else {
                continue
            }
            return (fields.map { $0.string ?? "" }, rows, table)
        }
        return nil
    }

    /// A row's fields as the source wrote them: strings as they are, numbers as their text
    /// (BWIBBU_d and peQryDate write the dividend year as a JSON number); `nil` when the row is
    /// not an array of such values.
    static func fields(_ row: JSONValue) -> [String]? {
        guard let values = row.array else { return nil }
        var fields: [String] = []
        fields.reserveCapacity(values.count)
        for value in values {
            switch value.kind {
            case .string(let text): fields.append(text)
            case .number(let text): fields.append(text)
            default: return nil
            }
        }
        return fields
    }

    /// The day an answer says it is for: TWSE's `date` (`20230130`), or a TPEx table's
    /// (`112/01/30`); `nil` when it says none.
    static func date(of object: JSONValue, table: JSONValue? = nil) -> CalendarDate? {
        for candidate in [table?["date"]?.string, object["date"]?.string].compactMap({ $0 }) {
            let text = FieldText.clean(candidate) ?? ""
            if text.count == 8, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
                let date = CalendarDate(iso: text)
            {
                return date
            }
            if let date = ROCCalendar.date(text) { return date }
        }
        return nil
    }

    /// Checks that an answer is for the day asked.
    ///
    /// - Throws: ``TWSEParseError/wrongDay(_:requested:received:)`` when it says another day.
    static func check(_ object: JSONValue, table: JSONValue? = nil, day: CalendarDate, format: TWSEFormat)
        throws(TWSEParseError)
    {
        if let said = date(of: object, table: table), said != day {
            throw .wrongDay(format, requested: day, received: said)
        }
    }

    /// The notes of a report, cleaned of padding; HTML tags in them are left for the screen to
    /// show as text, never as markup.
    static func notes(_ table: JSONValue) -> [String] {
        (table["notes"]?.array ?? []).compactMap { $0.string.flatMap(FieldText.clean) }
    }

    /// The sentence for a TPEx answer whose table has no rows: TPEx says `ok` and sends none.
    static func noRows(_ format: TWSEFormat) -> String {
        "\(format.publisher) answered with no rows"
    }
}
