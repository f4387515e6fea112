import BrowseSupport
import ListKit

@testable import FileDatasets

// Fuzzes the file engine: web-page, format and delimiter sniffing, the CSV index (in one piece and in
// several), the JSON and JSON Lines readers, every row's cells, and the byte filter against the
// String reference — any bytes give a table, skipped rows or a typed error.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> Int32 {
    let input = UnsafeBufferPointer(start: data, count: size)
    _ = WebPageSniffer.isWebPage(input)
    if let title = WebPageSniffer.title(input) {
        precondition(!title.isEmpty && title.count <= 80, "a page title is one short line")
        precondition(!title.contains(where: \.isNewline), "a page title has no line break")
    }
    _ = InputFormat.sniff(input)
    let delimiter = DelimiterSniffer.sniff(input)
    for pieces in [1, 3] {
        guard
            let table = try? TableIndexer.index(
                name: "fuzz", bytes: FileBytes(copying: input), dialect: .init(delimiter: delimiter), hasHeader: true,
                progress: nil, pieces: pieces)
        else { continue }
        for row in (0..<table.rowCount).prefix(50) {
            let cells = table.cells(ofRow: row)
            precondition(cells.count == table.columns.count, "every row has every column")
        }
        if let query = table.rowCount == 0 ? nil : table.cells(ofRow: 0).first?.text.prefix(3), !query.isEmpty {
            let folded = TextFolding.fold(String(query))
            let matches = table.filter(foldedQuery: folded, candidates: nil)
            precondition(matches.allSatisfy { (0..<table.rowCount).contains($0) }, "matches are rows")
        }
        if !table.columns.isEmpty {
            let sorted = table.sorted(byColumn: 0, descending: true, indices: Array(0..<table.rowCount))
            precondition(sorted.count == table.rowCount, "a sort keeps every row")
        }
    }
    for lines in [false, true] {
        _ = try? JSONTableReader.read(input, lines: lines)
    }
    return 0
}
