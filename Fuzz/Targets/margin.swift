import BrowseSupport
import ListKit
import TWStock

// Fuzzes the 融資融券 parsers (MI_MARGN, TPEx margin/balance): any bytes give rows, skipped
// rows with their places, a day without data, or a typed error — never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let day = CalendarDate(year: 2023, month: 1, day: 30) else { return 0 }
    _ = try? MarginParser.parseTWSE(bytes, day: day)
    _ = try? MarginParser.parseTPEx(bytes, day: day)
    return 0
}
