import BrowseSupport
import ListKit
import TWStock

// Fuzzes the 大盤 parsers (FMTQIK's month, MI_INDEX's day with its signs in HTML and its
// counts like `4,916(55)`): any bytes give days, indices, closes, skipped rows, a day without
// data, or a typed error — never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let month = YearMonth(year: 2023, month: 1), let day = CalendarDate(year: 2023, month: 1, day: 30) else {
        return 0
    }
    _ = try? MarketMonthParser.parse(bytes, month: month)
    _ = try? MarketDayParser.parse(bytes, day: day)
    if let text = String(validating: bytes, as: UTF8.self) { _ = BreadthCount(text) }
    return 0
}
