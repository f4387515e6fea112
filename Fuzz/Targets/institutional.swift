import BrowseSupport
import ListKit
import TWStock

// Fuzzes the 三大法人 parsers (T86 in every layout, TPEx insti/dailyTrade, BFI82U): any bytes
// give rows, skipped rows with their places, a day without data, or a typed error — never a
// crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let day = CalendarDate(year: 2023, month: 1, day: 30) else { return 0 }
    _ = try? InstitutionalParser.parse(bytes, day: day)
    _ = try? TPExInstitutionalParser.parse(bytes, day: day)
    _ = try? InstitutionalTotalsParser.parse(bytes, day: day)
    return 0
}
