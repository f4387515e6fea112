import BrowseSupport
import ListKit
import TWStock
import Tabular

// Fuzzes the HTML table reader (entities, `<br>`, attributes in any quoting, spans, nesting,
// comments, scripts, its limits) and MOPS's monthly revenue page read through it (Big5 or
// UTF-8): any bytes give tables, rows, skipped rows, a month not published, or a typed error —
// never a crash or a hang.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let tables = try? HTMLTableReader.tables(in: String(decoding: bytes, as: UTF8.self)) {
        for table in tables.prefix(64) {
            for row in table.rows.prefix(64) { _ = HTMLTable.columns(of: row) }
        }
    }
    for (year, month) in [(2023, 1), (2025, 4)] {
        guard let month = YearMonth(year: year, month: month) else { continue }
        _ = try? MonthlyRevenueParser.parse(bytes, month: month, market: .listed)
    }
    return 0
}
