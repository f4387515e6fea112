import BrowseSupport

/// One value of a row as a store reading its rows in pieces hands it over: a `CellValue` whose
/// text is still the UTF-8 bytes it was read from, so that counting texts makes no `String`.
///
/// Nothing in it is counted by reference, so copying one copies its bytes: a value holding a
/// `CellValue` cost a call at every copy, an eighth of `stats` over a file.
///
/// `.text(bytes)` stands for `CellValue.text(String(decoding: bytes, as: UTF8.self))`; the
/// bytes are valid only during the call they are passed to.
package enum PieceValue {
    case missing
    case text(UnsafeBufferPointer<UInt8>)
    case integer(Int64)
    case decimal(ExactDecimal)
    case date(CalendarDate)
    case dateTime(DateTime)
    case time(TimeOfDay)

    /// The value as a cell holds it.
    package var cellValue: CellValue {
        switch self {
        case .missing: return .missing
        case .text(let bytes): return .text(String(decoding: bytes, as: UTF8.self))
        case .integer(let integer): return .integer(integer)
        case .decimal(let decimal): return .decimal(decimal)
        case .date(let date): return .date(date)
        case .dateTime(let dateTime): return .dateTime(dateTime)
        case .time(let time): return .time(time)
        }
    }
}
