import BrowseSupport

/// The typed value behind a cell: what is sorted, exported and compared.
///
/// What the terminal shows is the cell's `text`; the value keeps the data exact, so that
/// `export csv` writes `259327332420` where the screen shows `259,327,332,420`.
///
/// Numbers are equal by value whatever their form: `2`, `2.0` and `2.00` are one value, as
/// `where a = 2` finds all three, so `freq` counts them together and `stats` once.
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

    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.missing, .missing): return true
        case (.text(let left), .text(let right)): return left == right
        case (.integer(let left), .integer(let right)): return left == right
        case (.date(let left), .date(let right)): return left == right
        case (.dateTime(let left), .dateTime(let right)): return left == right
        case (.time(let left), .time(let right)): return left == right
        case (.integer, .decimal), (.decimal, .integer), (.decimal, .decimal):
            return lhs.decimal == rhs.decimal
        default: return false
        }
    }

    public func hash(into hasher: inout Hasher) {
        switch self {
        case .missing: hasher.combine(0 as UInt8)
        case .text(let text):
            hasher.combine(1 as UInt8)
            hasher.combine(text)
        // An integer hashes as the decimal it equals.
        case .integer(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(ExactDecimal(value))
        case .decimal(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .date(let date):
            hasher.combine(3 as UInt8)
            hasher.combine(date)
        case .dateTime(let dateTime):
            hasher.combine(4 as UInt8)
            hasher.combine(dateTime)
        case .time(let time):
            hasher.combine(5 as UInt8)
            hasher.combine(time)
        }
    }
}
