import BrowseSupport

/// The typed value behind a cell: what is sorted, exported and compared.
///
/// What the terminal shows is the cell's `text`; the value keeps the data exact, so that
/// `export csv` writes `259327332420` where the screen shows `259,327,332,420`.
public enum CellValue: Sendable, Hashable {
    /// No value (an empty field, `--`, a day without trades). Sorts last in either direction.
    case missing
    case text(String)
    case integer(Int64)
    case decimal(ExactDecimal)
    case date(CalendarDate)
    /// A day and a time, with its offset from UTC when one was written.
    case dateTime(DateTime)
    /// A time of day.
    case time(TimeOfDay)

    /// True for integers and decimals, which are right-aligned and sorted as numbers.
    public var isNumeric: Bool {
        switch self {
        case .integer, .decimal: return true
        case .missing, .text, .date, .dateTime, .time: return false
        }
    }

    /// The value as exported: no thousands separators, the exchange's own decimals,
    /// ISO dates, date-times and times as written (their precision and offset kept), and an
    /// empty string for a missing value.
    public var exportText: String {
        switch self {
        case .missing: return ""
        case .text(let text): return text
        case .integer(let value): return String(value)
        case .decimal(let value): return value.description
        case .date(let date): return date.description
        case .dateTime(let dateTime): return dateTime.description
        case .time(let time): return time.description
        }
    }
}
