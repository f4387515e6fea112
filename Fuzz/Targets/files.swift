import BrowseSupport
import ListKit
import Tabular

@testable import FileDatasets

// Fuzzes the file engine: web-page, format and delimiter sniffing, the CSV index (in one piece and in
// several, its records read in one pass or field by field), the JSON and JSON Lines readers, every row's cells, and the byte filter against the
// String reference — any bytes give a table, skipped rows or a typed error.
/// A cell a scalar, so a cell an ASCII byte (CR LF is two, as a terminal shows it): the index
/// counts ASCII fields.
let scalarsCountingASCII = TextWidth(oneCellPerASCIIByte: true) {
    String(decoding: $0, as: UTF8.self).unicodeScalars.count
}
/// The same measure, reading every field.
let scalars = TextWidth { String(decoding: $0, as: UTF8.self).unicodeScalars.count }

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
        // A field found to be ASCII is counted, not measured: the widths are those of a
        // measure that reads every field, and the first byte that is not UTF-8 is the first of
        // the rows' bytes when every record was read whole.
        if let measured = try? TableIndexer.index(
            name: "fuzz", bytes: FileBytes(copying: input), dialect: .init(delimiter: delimiter), hasHeader: true,
            progress: nil, pieces: pieces, widths: scalarsCountingASCII)
        {
            let names = measured.columns.map(\.name)
            precondition(
                measured.measuredWidths?.widest == measured.widestTexts(of: names, rows: nil, width: scalars),
                "the index measures each column's widest text")
            precondition(measured.firstNonUTF8 == table.firstNonUTF8, "measuring changes no check")
        }
        if table.problems.count == 0, table.rowCount > 0 {
            let first = UTF8Validation.firstInvalidByte(in: input, from: table.offset(ofRow: 0))
            precondition(table.firstNonUTF8 == first, "the first byte that is not UTF-8 is found")
        }
        if !table.columns.isEmpty {
            let sorted = table.sorted(byColumn: 0, descending: true, indices: Array(0..<table.rowCount))
            precondition(sorted.count == table.rowCount, "a sort keeps every row")
        }
    }
    for lines in [false, true] {
        _ = try? JSONTableReader.read(input, lines: lines)
    }
    readInOnePassOrByField(input, delimiter: delimiter)
    return 0
}

/// Past the index's first thousand rows most records are read in one pass over their bytes:
/// the input's lines after its first, repeated past that many rows, must give the table a
/// reading of every record field by field gives.
func readInOnePassOrByField(_ input: UnsafeBufferPointer<UInt8>, delimiter: UInt8) {
    guard let header = input.firstIndex(of: 0x0A), header + 1 < input.count else { return }
    let body = Array(input[(header + 1)...]) + (input.last == 0x0A ? [] : [0x0A])
    let lines = body.reduce(0) { $0 + ($1 == 0x0A ? 1 : 0) }
    var bytes = Array(input[...header])
    // At most about 400 KB: long lines reach fewer rows, and the pass stays quick.
    for _ in 0..<min(1_300 / lines + 1, 400_000 / body.count + 1) { bytes += body }
    let file = FileBytes(copying: bytes)
    for pieces in [1, 2] {
        func index(_ simple: Bool) -> FileTable? {
            try? TableIndexer.index(
                name: "fuzz", bytes: file, dialect: .init(delimiter: delimiter), hasHeader: true, progress: nil,
                pieces: pieces, widths: scalarsCountingASCII, simpleRecords: simple)
        }
        guard let simple = index(true), let byField = index(false) else {
            precondition(index(true) == nil && index(false) == nil, "both readings open the file, or neither")
            continue
        }
        precondition(simple.rowCount == byField.rowCount, "one pass keeps the rows field by field keeps")
        precondition(
            (0..<simple.rowCount).allSatisfy { simple.offset(ofRow: $0) == byField.offset(ofRow: $0) },
            "each row starts where it does field by field")
        precondition(simple.problems == byField.problems, "the same problems on the same lines")
        precondition(simple.irregularRows == byField.irregularRows && simple.notes == byField.notes)
        precondition(simple.measuredWidths?.widest == byField.measuredWidths?.widest, "the same widths")
        precondition(simple.firstNonUTF8 == byField.firstNonUTF8, "the same first byte that is not UTF-8")
        precondition(simple.columns.map(\.type) == byField.columns.map(\.type), "the same types")
    }
}
