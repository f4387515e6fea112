import BrowseSupport
import LineMode
import ListKit

// Fuzzes the `where` parser over typed columns: any UTF-8 text either parses into a condition
// that can be evaluated on any row, or gives a one-line error that quotes long input briefly.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let columns = [
        Column("close", kind: .decimal), Column("volume", kind: .integer), Column("date", kind: .date),
        Column("name", kind: .text), Column("code", kind: .code),
    ]
    do {
        let expression = try WhereParser.parse(text, columns: columns)
        let rows: [[CellValue]] = [
            [.decimal(ExactDecimal(units: 104_500, scale: 2)), .integer(5), .missing, .text("台積電"), .text("2330")],
            [.missing, .missing, .missing, .missing, .missing],
        ]
        for row in rows {
            _ = expression.matches { column in
                columns.firstIndex { $0.name == column.name }.map { row[$0] } ?? .missing
            }
        }
    } catch {
        // What reaches the terminal is the message made visible: one line, whatever was typed.
        let shown = VisibleText.make(error.description)
        precondition(!shown.unicodeScalars.contains("\n"), "an error message is one line")
        precondition(error.description.count < 400, "an error message quotes long input briefly")
    }
    return 0
}
