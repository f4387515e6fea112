import BrowseSupport
import ListKit
import TWStock

// Fuzzes every TWSE / MOPS parser and the file recogniser: any bytes give records, skipped
// rows with line numbers, or a typed error — never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let month = YearMonth(year: 2025, month: 6)
    _ = TWSEFileRecognizer.recognize(data: bytes, fileName: "STOCK_DAY_ALL_20250304.csv")
    // Every text a company leaves in the file is read back, as an export and a detail would.
    for company in (try? CompanyListParser.parse(bytes, market: .listed))?.records ?? [] {
        for field in CompanyField.allCases { _ = company.sourceText(field) }
        _ = company.auditors
    }
    _ = try? TPExCompanyJSONParser.parse(bytes)
    _ = try? SecurityListParser.parse(bytes)
    _ = try? StockDayAllCSVParser.parse(bytes, tradingDate: CalendarDate(year: 2025, month: 3, day: 4))
    _ = try? StockDayAllJSONParser.parse(bytes, tradingDate: nil)
    _ = try? StockDayJSONParser.parse(bytes, requestedMonth: month)
    _ = try? StockDayCSVParser.parse(bytes, requestedMonth: month)
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = TradingDateHint.date(fromContentDisposition: text)
        _ = TradingDateHint.date(fromFileName: text)
        _ = ExactDecimal(text)
        _ = CalendarDate(iso: text)
        _ = ROCCalendar.date(text)
    }
    return 0
}
