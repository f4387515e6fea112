/// Writes the rows of an export into a byte buffer from fields given as UTF-8 bytes, exactly as
/// ``TableExporter`` writes the same cells: a large export then copies each field's bytes
/// instead of making a `String` per cell and one per row.
///
/// A field is a cell holding its source's text (``Cell/source(_:text:)``); a missing field is
/// ``Cell/missing``. The bytes of a row are those `TableExporter.row(cells:)` writes, so
/// ``TableExporter`` can write the header and the end around rows made here.
///
/// ```swift
/// var writer = ExportRowWriter(format: .csv, columns: ["name", "price"])
/// writer.beginRow()
/// writer.appendField(Array("a, b".utf8), isNumeric: false)
/// writer.appendMissing()
/// writer.endRow()  // writer.bytes holds `"a, b",\n`
/// ```
public struct ExportRowWriter: Sendable {
    public let format: ExportFormat
    /// The rows written so far.
    public private(set) var bytes: [UInt8] = []
    /// How many rows `bytes` holds.
    public private(set) var rowCount = 0
    /// Rows of the same export written before this writer's first (JSON separates rows).
    private var rowsBefore: Int
    /// For JSON, what goes before each column's value: `"name": `, after `, ` but in the first.
    private let keys: [[UInt8]]
    /// What each byte means to the format (`ByteClass`).
    private let classes: [UInt8]
    private var column = 0

    /// A writer for rows of `columns` in `format`.
    ///
    /// - Parameters:
    ///   - rowsBefore: How many rows of the same export precede the first row written here.
    public init(format: ExportFormat, columns: [String], rowsBefore: Int = 0) {
        self.format = format
        self.rowsBefore = rowsBefore
        self.keys = columns.enumerated().map { index, name in
            Array(((index > 0 ? ", " : "") + TableExporter.jsonString(name) + ": ").utf8)
        }
        self.classes = ByteClass.table(for: format)
    }

    /// Empties the buffer, keeping its memory, for rows that follow `rowsBefore` others.
    public mutating func reset(rowsBefore: Int) {
        bytes.removeAll(keepingCapacity: true)
        rowCount = 0
        self.rowsBefore = rowsBefore
    }

    /// Starts a row.
    public mutating func beginRow() {
        column = 0
        switch format {
        case .csv, .tsv: break
        case .json: append(rowsBefore + rowCount == 0 ? "\n  {" : ",\n  {")
        case .markdown: append("| ")
        }
    }

    /// Ends the row started by ``beginRow()``.
    public mutating func endRow() {
        switch format {
        case .csv, .tsv: bytes.append(0x0A)
        case .json: bytes.append(UInt8(ascii: "}"))
        case .markdown: append(" |\n")
        }
        rowCount += 1
    }

    /// Appends the next column's cell: a source's text, `text` being its UTF-8 bytes.
    ///
    /// - Parameters:
    ///   - text: Valid UTF-8: the cell's text as its `String` holds it.
    ///   - isNumeric: Whether the cell's value is a number; read only for JSON, where a
    ///     numeric cell whose text is a JSON number is written as that number.
    /// - Complexity: O(n) in the length of the text.
    public mutating func appendField(_ text: UnsafeBufferPointer<UInt8>, isNumeric: Bool) {
        separate()
        switch format {
        case .csv: appendCSV(text)
        case .tsv: appendTSV(text)
        case .json: appendJSON(text, isNumeric: isNumeric)
        case .markdown: appendMarkdown(text)
        }
        column += 1
    }

    /// Appends the next column's cell: a source's text.
    public mutating func appendField(_ text: [UInt8], isNumeric: Bool) {
        text.withUnsafeBufferPointer { appendField($0, isNumeric: isNumeric) }
    }

    /// Appends a missing cell for the next column (a row shorter than the header).
    public mutating func appendMissing() {
        separate()
        if format == .json { append("null") }
        column += 1
    }

    /// Whether `text` is a number as JSON writes one (``TableExporter``'s rule), so that only
    /// such fields need their value worked out.
    public static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func digits() -> Int {
            let start = index
            while index < text.count, text[index] >= UInt8(ascii: "0"), text[index] <= UInt8(ascii: "9") { index += 1 }
            return index - start
        }
        if index < text.count, text[index] == UInt8(ascii: "-") { index += 1 }
        if index < text.count, text[index] == UInt8(ascii: "0") {
            index += 1
        } else if digits() == 0 {
            return false
        }
        if index < text.count, text[index] == UInt8(ascii: ".") {
            index += 1
            if digits() == 0 { return false }
        }
        if index < text.count, text[index] == UInt8(ascii: "e") || text[index] == UInt8(ascii: "E") {
            index += 1
            if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            if digits() == 0 { return false }
        }
        return index == text.count
    }

    // MARK: - Formats

    private mutating func separate() {
        switch format {
        case .csv: if column > 0 { bytes.append(UInt8(ascii: ",")) }
        case .tsv: if column > 0 { bytes.append(0x09) }
        case .json: if column < keys.count { bytes.append(contentsOf: keys[column]) }
        case .markdown: if column > 0 { append(" | ") }
        }
    }

    /// The classes of `text`'s bytes, or-ed together.
    private func classify(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        classes.withUnsafeBufferPointer { classes in
            var found: UInt8 = 0
            for byte in text { found |= classes[Int(byte)] }
            return found
        }
    }

    private mutating func appendCSV(_ text: UnsafeBufferPointer<UInt8>) {
        let found = classify(text)
        if found & ByteClass.special == 0 {
            bytes.append(contentsOf: text)
        } else if found & ByteClass.quote == 0 {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: text)
            bytes.append(UInt8(ascii: "\""))
        } else if found & ByteClass.nonASCII == 0 {
            bytes.append(UInt8(ascii: "\""))
            for byte in text {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        } else {
            // The exporter replaces quotes by characters: a quote with a combining mark after it
            // is one character and stays single. Its own code keeps that exact.
            append(TableExporter.csvField(String(decoding: text, as: UTF8.self)))
        }
    }

    private mutating func appendTSV(_ text: UnsafeBufferPointer<UInt8>) {
        guard classify(text) & ByteClass.special != 0 else {
            bytes.append(contentsOf: text)
            return
        }
        // The exporter escapes by Unicode scalar, and these are ASCII: byte by byte is the same.
        for byte in text {
            switch byte {
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case UInt8(ascii: "\\"): append("\\\\")
            default: bytes.append(byte)
            }
        }
    }

    private mutating func appendMarkdown(_ text: UnsafeBufferPointer<UInt8>) {
        let found = classify(text)
        if found & ByteClass.special == 0 {
            bytes.append(contentsOf: text)
            return
        }
        guard found & ByteClass.nonASCII == 0 else {
            // Replaced by characters (a backslash with a combining mark is kept): see appendCSV.
            append(TableExporter.markdownField(String(decoding: text, as: UTF8.self)))
            return
        }
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"): append("\\\\")
            case UInt8(ascii: "|"): append("\\|")
            case 0x0D:
                if index < text.count, text[index] == 0x0A { index += 1 }
                append("<br>")
            case 0x0A: append("<br>")
            default: bytes.append(byte)
            }
        }
    }

    private mutating func appendJSON(_ text: UnsafeBufferPointer<UInt8>, isNumeric: Bool) {
        if text.isEmpty {
            append("null")
            return
        }
        if isNumeric, Self.isJSONNumber(text) {
            bytes.append(contentsOf: text)
            return
        }
        bytes.append(UInt8(ascii: "\""))
        if classify(text) & ByteClass.special == 0 {
            bytes.append(contentsOf: text)
        } else {
            appendEscapedJSON(text)
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// `TableExporter.jsonString`'s escapes, byte by byte: the text is valid UTF-8, so U+2028
    /// and U+2029 are the only scalars escaped that are not ASCII.
    private mutating func appendEscapedJSON(_ text: UnsafeBufferPointer<UInt8>) {
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0x00..<0x20, 0x7F:
                let hex = Array("0123456789abcdef".utf8)
                append("\\u00")
                bytes.append(hex[Int(byte >> 4)])
                bytes.append(hex[Int(byte & 0x0F)])
            case 0xE2 where index + 1 < text.count && text[index] == 0x80 && (text[index + 1] & 0xFE) == 0xA8:
                append(text[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            default: bytes.append(byte)
            }
        }
    }

    private mutating func append(_ text: StaticString) {
        bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    private mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }
}

/// What a byte means to an export format's escaping, as bits.
private enum ByteClass {
    /// The text changes in the format when it holds this byte.
    static let special: UInt8 = 1
    /// Not ASCII: part of a character that a `String` search may treat as one with its neighbours.
    static let nonASCII: UInt8 = 2
    /// A double quote.
    static let quote: UInt8 = 4

    /// Each byte's class under `format`.
    static func table(for format: ExportFormat) -> [UInt8] {
        let specials: [UInt8]
        switch format {
        case .csv: specials = [UInt8(ascii: ","), UInt8(ascii: "\""), 0x0A, 0x0D]
        case .tsv: specials = [0x09, 0x0A, 0x0D, UInt8(ascii: "\\")]
        case .markdown: specials = [UInt8(ascii: "\\"), UInt8(ascii: "|"), 0x0A, 0x0D]
        case .json: specials = [UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F, 0xE2] + Array(0..<0x20)
        }
        var table = [UInt8](repeating: 0, count: 256)
        for byte in 0x80...0xFF { table[byte] = nonASCII }
        for byte in specials { table[Int(byte)] |= special }
        table[Int(UInt8(ascii: "\""))] |= quote
        return table
    }
}
