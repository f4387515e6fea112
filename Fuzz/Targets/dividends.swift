import BrowseSupport
import ListKit
import TWStock

// Fuzzes the 除權息 parsers (TWSE's TWT49U, TPEx's exDailyQ, TWT49UDetail and its values with
// units inside): any bytes give rows, skipped rows with their places, a range without rows, or
// a typed error — never a crash or a hang. The ranges are those of the seeds, so that seeds
// reach the rows.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let ranges = [((2024, 3, 4), (2024, 3, 5)), ((2024, 3, 1), (2024, 3, 31)), ((2024, 3, 22), (2024, 3, 23))]
    for (start, end) in ranges {
        guard let from = CalendarDate(year: start.0, month: start.1, day: start.2),
            let to = CalendarDate(year: end.0, month: end.1, day: end.2)
        else { continue }
        _ = try? ExRightsParser.parseTWSE(bytes, from: from, to: to)
        _ = try? ExRightsParser.parseTPEx(bytes, from: from, to: to)
    }
    for (code, day) in [("00913", (2024, 3, 4)), ("1101", (2024, 3, 20))] {
        guard let code = StockCode(code), let date = CalendarDate(year: day.0, month: day.1, day: day.2) else {
            continue
        }
        _ = try? ExRightsDetailParser.parse(bytes, code: code, day: date)
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = ExRightsDetailItem(id: 0, name: "item", text: text)
        _ = ExRightsKind(source: text)
    }
    return 0
}
