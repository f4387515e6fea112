import ListKit
import TWStock

// Fuzzes the MIS quote parser: any bytes give quotes or a typed error — never a crash or a
// hang — and every quote it gives has a change and percentage that can be computed exactly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    for oddLots in [false, true] {
        guard let quotes = try? QuoteParser.parse(bytes, oddLots: oddLots) else { continue }
        for quote in quotes {
            _ = quote.change
            _ = quote.changePercent
            _ = quote.isAtLimit
            _ = quote.keepingLastTrade(of: quotes.first)
        }
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        _ = QuoteCode(text)
        _ = QuoteParser.book(prices: text, sizes: text)
    }
    return 0
}
