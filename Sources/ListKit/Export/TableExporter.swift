/// Writes rows of typed values as CSV, TSV, JSON or Markdown, streaming through `write`.
///
/// Values are exported exactly: numbers without thousands separators and with their own
/// decimals, dates as `yyyy-MM-dd`, date-times and times as written (`2025-06-02T13:30+08:00`,
/// `13:30:05`; strings in JSON), missing values as empty fields (`null` in JSON). A cell that
/// carries its source's text (``Cell/isSourceText``, a file's cell) is written as that text; in
/// JSON it is a number only when its value is numeric and the text is a JSON number, and a
/// string of the text otherwise.
///
/// ```text
/// title,year
/// Star Wars: A New Hope,1977
/// ```
package struct TableExporter {
    package let format: ExportFormat
    package let columns: [String]
    /// The header line's cells (CSV, TSV, Markdown): the source's own header where the columns
    /// were renamed for the screen, else the names.
    package let headers: [String]
    private let sink: Sink
    private var rowsWritten = 0
    /// Encodes each row: the format's one encoding, which exports from a file's bytes share.
    private let encoder: ExportRowWriter

    /// Where the text goes: as `String`s, or as the UTF-8 bytes each row is encoded in, which
    /// a writer to a file or a pipe takes without a `String` made and read again per row.
    private enum Sink {
        case text((String) throws -> Void)
        case bytes((UnsafeRawBufferPointer) throws -> Void)
    }

    /// An exporter that sends its text to `write`, in pieces.
    ///
    /// - Parameter headers: What the header line writes for each column (a file's empty
    ///   header cell); `nil` writes `columns`. JSON keys are always `columns`.
    package init(
        format: ExportFormat, columns: [String], headers: [String]? = nil, write: @escaping (String) throws -> Void
    ) {
        self.init(format: format, columns: columns, headers: headers, sink: .text(write))
    }

    /// An exporter that sends its text to `writeBytes` as UTF-8, in pieces of whole rows.
    package init(
        format: ExportFormat, columns: [String], headers: [String]? = nil,
        writeBytes: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) {
        self.init(format: format, columns: columns, headers: headers, sink: .bytes(writeBytes))
    }

    private init(format: ExportFormat, columns: [String], headers: [String]?, sink: Sink) {
        self.format = format
        self.columns = columns
        self.headers = headers.flatMap { $0.count == columns.count ? $0 : nil } ?? columns
        self.sink = sink
        encoder = ExportRowWriter(format: format, columns: columns, capacity: 1024)
    }

    /// Writes the header (or the opening bracket).
    package mutating func begin() throws {
        switch format {
        case .csv, .tsv:
            try writeRow(headers.map(Cell.text))
        case .json: try write("[")
        case .markdown:
            try writeRow(headers.map(Cell.text))
            try write("|" + String(repeating: " --- |", count: columns.count) + "\n")
        }
    }

    /// Writes one row; `values` line up with `columns`.
    package mutating func row(_ values: [CellValue]) throws {
        try row(cells: values.map { Cell($0) })
    }

    /// Writes one row of cells, lined up with `columns`; a cell with its source's text is
    /// written as that text.
    package mutating func row(cells: [Cell]) throws {
        try writeRow(cells)
        rowsWritten += 1
    }

    /// Counts `count` rows written without this exporter (an ``ExportRowWriter``'s) between
    /// ``begin()`` and ``end()``, so that the rows after them and the end fit them.
    package mutating func countRows(_ count: Int) {
        rowsWritten += count
    }

    /// Writes what closes the document.
    package mutating func end() throws {
        if format == .json { try write(rowsWritten == 0 ? "]\n" : "\n]\n") }
    }

    private func write(_ text: String) throws {
        switch sink {
        case .text(let write): try write(text)
        case .bytes(let write):
            var text = text
            try text.withUTF8 { try write(UnsafeRawBufferPointer($0)) }
        }
    }

    /// Writes one row as the format writes it. A JSON object has one member per column (a
    /// missing cell is `null`); the other formats write the cells there are.
    private func writeRow(_ cells: [Cell]) throws {
        encoder.reset(rowsBefore: rowsWritten)
        encoder.beginRow()
        let count = format == .json ? columns.count : cells.count
        for index in 0..<count {
            var cell = index < cells.count ? cells[index] : .missing
            // JSON writes the value of a cell whose source wrote it in its own form (`+0.25`).
            if format == .json { cell.exportedText = nil }
            var text = cell.exportText
            text.withUTF8 { encoder.appendField($0, json: Self.jsonForm(of: cell, text: $0)) }
        }
        encoder.endRow()
        switch sink {
        case .text(let write): try write(encoder.withBytes { String(decoding: $0, as: UTF8.self) })
        case .bytes(let write): try encoder.withBytes(write)
        }
    }

    /// How JSON writes a cell: a source's text as a number only when the value is numeric and
    /// the text is a JSON number (`-0.00` yes; `+2.00` and `1,234.50` stay strings), `null`
    /// when empty; a value as a number when it is one, `null` when missing, a string otherwise.
    private static func jsonForm(of cell: Cell, text: UnsafeBufferPointer<UInt8>) -> ExportRowWriter.JSONForm {
        if cell.isSourceText {
            if text.isEmpty { return .null }
            return cell.value.isNumeric && ExportRowWriter.isJSONNumber(text) ? .number : .string
        }
        switch cell.value {
        case .missing: return .null
        case .integer, .decimal: return .number
        case .date, .dateTime, .time, .text: return .string
        }
    }

    /// `text` as a JSON string: quotes, backslashes, control characters and the line
    /// separators JavaScript cannot hold escaped.
    package static func jsonString(_ text: String) -> String {
        var text = text
        return text.withUTF8 { ExportRowWriter.jsonString($0) }
    }
}
