import BrowseSupport
import ListKit

/// A field's value under its column's type, before any `String` is made.
enum TypedField {
    case missing
    case number(ExactDecimal)
    case date(CalendarDate)
    case dateTime(DateTime)
    case time(TimeOfDay)
    case text

    /// Reads `content` (a field's unescaped bytes) as a value of `type`: missing for `--` or
    /// blanks, a number, day, date-time or time when it parses as the column's type, text
    /// otherwise.
    ///
    /// - Complexity: O(n) in the length of the field.
    init(_ content: UnsafeBufferPointer<UInt8>, type: ColumnType) {
        if FieldParser.isMissing(content) {
            self = .missing
            return
        }
        switch type {
        case .integer, .decimal:
            if let number = FieldParser.decimal(content), !FieldParser.hasLeadingZero(content) {
                self = .number(number)
            } else {
                self = .text
            }
        case .date:
            if let date = FieldParser.date(content) {
                self = .date(date)
            } else {
                self = .text
            }
        case .dateTime:
            if let dateTime = FieldParser.dateTime(content) {
                self = .dateTime(dateTime)
            } else {
                self = .text
            }
        case .time:
            if let time = FieldParser.time(content) {
                self = .time(time)
            } else {
                self = .text
            }
        case .text:
            self = .text
        }
    }

    /// The value as a piece of rows hands it over, given the field's unescaped bytes.
    func pieceValue(text: UnsafeBufferPointer<UInt8>) -> PieceValue {
        switch self {
        case .missing: return .missing
        case .number(let number): return number.scale == 0 ? .integer(number.units) : .decimal(number)
        case .date(let date): return .date(date)
        case .dateTime(let dateTime): return .dateTime(dateTime)
        case .time(let time): return .time(time)
        case .text: return .text(text)
        }
    }

    /// The cell value, given the field's text.
    func cellValue(text: String) -> CellValue {
        if case .text = self { return .text(text) }
        return pieceValue(text: UnsafeBufferPointer(start: nil, count: 0)).cellValue
    }
}
