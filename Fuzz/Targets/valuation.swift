import BrowseSupport
import ListKit
import TWStock

// Fuzzes the valuation parsers (BWIBBU_d as JSON and CSV, TPEx peQryDate), the recogniser
// that lets `import` take the CSV, and the ROC reader's quarter and day forms: any bytes give
// rows, a day without data, or a typed error — never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let day = CalendarDate(year: 2025, month: 1, day: 15) else { return 0 }
    _ = try? ValuationParser.parseTWSE(bytes, day: day)
    _ = try? ValuationParser.parseTPEx(bytes, day: day)
    _ = ValuationParser.csvDay(bytes)
    _ = TWSEFileRecognizer.recognize(data: bytes, fileName: "BWIBBU_d.csv")
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = ROCCalendar.quarter(text)
        _ = ROCCalendar.date(text)
        _ = ROCCalendar.month(text)
    }
    return 0
}
