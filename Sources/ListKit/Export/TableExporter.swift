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
public struct TableExporter {
    public let format: ExportFormat
    public let columns: [String]
    /// The header line's cells (CSV, TSV, Markdown): the source's own header where the columns
    /// were renamed for the screen, else the names.
    public let headers: [String]
    private let write: (String) throws -> Void
    private var rowsWritten = 0

    /// An exporter that sends its text to `write`, in pieces.
    ///
    /// - Parameter headers: What the header line writes for each column (a file's empty
    ///   header cell); `nil` writes `columns`. JSON keys are always `columns`.
    public init(
        format: ExportFormat, columns: [String], headers: [String]? = nil, write: @escaping (String) throws -> Void
    ) {
        self.format = format
        self.columns = columns
        self.headers = headers.flatMap { $0.count == columns.count ? $0 : nil } ?? columns
        self.write = write
    }

    /// Writes the header (or the opening bracket).
    public mutating func begin() throws {
        switch format {
        case .csv: try write(Self.csvRecord(headers.map(Self.csvField).joined(separator: ",")) + "\n")
        case .tsv: try write(headers.map(Self.tsvField).joined(separator: "\t") + "\n")
        case .json: try write("[")
        case .markdown:
            try write("| " + headers.map(Self.markdownField).joined(separator: " | ") + " |\n")
            try write("|" + String(repeating: " --- |", count: columns.count) + "\n")
        }
    }

    /// Writes one row; `values` line up with `columns`.
    public mutating func row(_ values: [CellValue]) throws {
        try row(cells: values.map { Cell($0) })
    }

    /// Writes one row of cells, lined up with `columns`; a cell with its source's text is
    /// written as that text.
    public mutating func row(cells: [Cell]) throws {
        switch format {
        case .csv:
            try write(Self.csvRecord(Self.line(cells, separator: UInt8(ascii: ","), field: Self.csvField)))
        case .tsv:
            try write(Self.line(cells, separator: UInt8(ascii: "\t"), field: Self.tsvField))
        case .json:
            var object = rowsWritten == 0 ? "\n  {" : ",\n  {"
            for (index, name) in columns.enumerated() {
                if index > 0 { object += ", " }
                object += Self.jsonString(name) + ": " + Self.jsonValue(index < cells.count ? cells[index] : .missing)
            }
            try write(object + "}")
        case .markdown:
            try write("| " + cells.map { Self.markdownField($0.exportText) }.joined(separator: " | ") + " |\n")
        }
        rowsWritten += 1
    }

    /// Counts `count` rows written without this exporter (an ``ExportRowWriter``'s) between
    /// ``begin()`` and ``end()``, so that the rows after them and the end fit them.
    public mutating func countRows(_ count: Int) {
        rowsWritten += count
    }

    /// Writes what closes the document.
    public mutating func end() throws {
        if format == .json { try write(rowsWritten == 0 ? "]\n" : "\n]\n") }
    }

    /// One delimited line, its bytes gathered once: a large export writes millions of fields.
    private static func line(_ cells: [Cell], separator: UInt8, field: (String) -> String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(cells.count * 16 + 1)
        for (index, cell) in cells.enumerated() {
            if index > 0 { bytes.append(separator) }
            bytes.append(contentsOf: field(cell.exportText).utf8)
        }
        bytes.append(0x0A)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A CSV record as written: a record of one empty field is `""`, since an empty line is no
    /// record at all to a reader (a one-column table would lose the row, or its header).
    static func csvRecord(_ line: String) -> String {
        line.isEmpty ? "\"\"" : line == "\n" ? "\"\"\n" : line
    }

    static func csvField(_ text: String) -> String {
        let needsQuotes = text.utf8.contains { byte in
            byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        }
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    static func tsvField(_ text: String) -> String {
        guard text.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D || $0 == UInt8(ascii: "\\") })
        else { return text }
        var escaped = ""
        for character in text.unicodeScalars {
            switch character {
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\\": escaped += "\\\\"
            default: escaped.unicodeScalars.append(character)
            }
        }
        return escaped
    }

    static func markdownField(_ text: String) -> String {
        text.replacingOccurrences(of: "\\", with: "\\\\")
            .replacingOccurrences(of: "|", with: "\\|")
            .replacingOccurrences(of: "\r\n", with: "<br>")
            .replacingOccurrences(of: "\n", with: "<br>")
            .replacingOccurrences(of: "\r", with: "<br>")
    }

    /// A cell in JSON: a source's text as a number only when the value is numeric and the text
    /// is a JSON number (`-0.00` yes; `+2.00` and `1,234.50` stay strings), `null` when empty.
    static func jsonValue(_ cell: Cell) -> String {
        guard cell.isSourceText else { return jsonValue(cell.value) }
        if cell.text.isEmpty { return "null" }
        if cell.value.isNumeric, isJSONNumber(cell.text) { return cell.text }
        return jsonString(cell.text)
    }

    /// Whether `text` is a number as JSON writes one: `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    static func isJSONNumber(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        func digits() -> Int {
            let count = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        if bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        if bytes.first == UInt8(ascii: "0") {
            bytes = bytes.dropFirst()
        } else if digits() == 0 {
            return false
        }
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            if digits() == 0 { return false }
        }
        if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if bytes.first == UInt8(ascii: "+") || bytes.first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            if digits() == 0 { return false }
        }
        return bytes.isEmpty
    }

    static func jsonValue(_ value: CellValue) -> String {
        switch value {
        case .missing: return "null"
        case .integer(let number): return String(number)
        case .decimal(let number): return number.description
        case .date(let date): return "\"\(date)\""
        case .dateTime(let dateTime): return "\"\(dateTime)\""
        case .time(let time): return "\"\(time)\""
        case .text(let text): return jsonString(text)
        }
    }

    /// `text` as a JSON string: quotes, backslashes, control characters and the line
    /// separators JavaScript cannot hold escaped.
    public static func jsonString(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "\\\""
            case "\\": escaped += "\\\\"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F || (0x2028...0x2029).contains(scalar.value):
                let hex = String(scalar.value, radix: 16)
                escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }
}
