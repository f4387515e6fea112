/// Writes the rows of an export into a byte buffer from fields given as UTF-8 bytes, exactly as
/// ``TableExporter`` writes the same cells: a large export then copies each field's bytes
/// instead of making a `String` per cell and one per row.
///
/// A field is a cell holding its source's text (``Cell/source(_:text:)``); a missing field is
/// ``Cell/missing``. The bytes of a row are those `TableExporter.row(cells:)` writes, so
/// ``TableExporter`` can write the header and the end around rows made here.
///
/// A writer is used by one thread at a time; an export made on several threads gives each
/// its own.
///
/// ```swift
/// let writer = ExportRowWriter(format: .csv, columns: ["name", "price"])
/// writer.beginRow()
/// writer.appendField(Array("a, b".utf8), isNumeric: false)
/// writer.appendMissing()
/// writer.endRow()  // writer.bytes holds `"a, b",\n`
/// ```
public final class ExportRowWriter {
    public let format: ExportFormat
    /// How many rows the buffer holds.
    public private(set) var rowCount = 0
    /// Rows of the same export written before this writer's first (JSON separates rows).
    private var rowsBefore: Int
    private var column = 0
    private var storage: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// What each byte means to the format (`ByteClass`), 256 entries.
    private let classes: UnsafeMutablePointer<UInt8>
    /// For JSON, what goes before each column's value, back to back: `"name": `, after `, ` but
    /// in the first; column `i`'s is `keyBytes[keyStarts[i]..<keyStarts[i + 1]]`.
    private let keyBytes: UnsafeMutablePointer<UInt8>
    private let keyStarts: UnsafeMutablePointer<Int>
    private let columnCount: Int

    /// A writer for rows of `columns` in `format`.
    ///
    /// - Parameters:
    ///   - rowsBefore: How many rows of the same export precede the first row written here.
    ///   - capacity: The bytes to make room for at first; the buffer grows as needed.
    public init(format: ExportFormat, columns: [String], rowsBefore: Int = 0, capacity: Int = 1 << 16) {
        self.format = format
        self.rowsBefore = rowsBefore
        self.capacity = max(64, capacity)
        storage = .allocate(capacity: self.capacity)
        classes = .allocate(capacity: 256)
        classes.initialize(from: ByteClass.table(for: format), count: 256)
        let keys = columns.enumerated().flatMap { index, name in
            Array(((index > 0 ? ", " : "") + TableExporter.jsonString(name) + ": ").utf8)
        }
        keyBytes = .allocate(capacity: max(1, keys.count))
        keyBytes.initialize(from: keys, count: keys.count)
        var starts = [0]
        for (index, name) in columns.enumerated() {
            starts.append(starts[index] + (index > 0 ? 2 : 0) + TableExporter.jsonString(name).utf8.count + 2)
        }
        keyStarts = .allocate(capacity: starts.count)
        keyStarts.initialize(from: starts, count: starts.count)
        columnCount = columns.count
    }

    deinit {
        storage.deallocate()
        classes.deallocate()
        keyBytes.deallocate()
        keyStarts.deallocate()
    }

    /// The rows written so far.
    public var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Calls `body` with the rows written so far.
    public func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Empties the buffer, keeping its memory, for rows that follow `rowsBefore` others.
    public func reset(rowsBefore: Int) {
        count = 0
        rowCount = 0
        self.rowsBefore = rowsBefore
    }

    /// Starts a row.
    public func beginRow() {
        column = 0
        reserve(8)
        switch format {
        case .csv, .tsv: break
        case .json: append(rowsBefore + rowCount == 0 ? "\n  {" : ",\n  {")
        case .markdown: append("| ")
        }
    }

    /// Ends the row started by ``beginRow()``.
    public func endRow() {
        reserve(8)
        switch format {
        case .csv, .tsv: append("\n")
        case .json: append("}")
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
    public func appendField(_ text: UnsafeBufferPointer<UInt8>, isNumeric: Bool) {
        separate()
        // Room for the text with every byte escaped (`\u001f`), and quotes around it.
        reserve(8 + 6 * text.count)
        switch format {
        case .csv: appendCSV(text)
        case .tsv: appendTSV(text)
        case .json: appendJSON(text, isNumeric: isNumeric)
        case .markdown: appendMarkdown(text)
        }
        column += 1
    }

    /// Appends the next column's cell: a source's text.
    public func appendField(_ text: [UInt8], isNumeric: Bool) {
        text.withUnsafeBufferPointer { appendField($0, isNumeric: isNumeric) }
    }

    /// Appends a missing cell for the next column (a row shorter than the header).
    public func appendMissing() {
        separate()
        reserve(8)
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

    private func separate() {
        reserve(8)
        switch format {
        case .csv: if column > 0 { put(UInt8(ascii: ",")) }
        case .tsv: if column > 0 { put(0x09) }
        case .json:
            guard column < columnCount else { return }
            let start = keyStarts[column]
            let length = keyStarts[column + 1] - start
            reserve(length)
            copy(UnsafeBufferPointer(start: keyBytes + start, count: length))
        case .markdown: if column > 0 { append(" | ") }
        }
    }

    /// The classes of `text`'s bytes, or-ed together.
    private func classify(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var found: UInt8 = 0
        for byte in text { found |= classes[Int(byte)] }
        return found
    }

    private func appendCSV(_ text: UnsafeBufferPointer<UInt8>) {
        let found = classify(text)
        if found & ByteClass.special == 0 {
            copy(text)
        } else if found & ByteClass.quote == 0 {
            put(UInt8(ascii: "\""))
            copy(text)
            put(UInt8(ascii: "\""))
        } else if found & ByteClass.nonASCII == 0 {
            put(UInt8(ascii: "\""))
            for byte in text {
                if byte == UInt8(ascii: "\"") { put(byte) }
                put(byte)
            }
            put(UInt8(ascii: "\""))
        } else {
            // The exporter replaces quotes by characters: a quote with a combining mark after it
            // is one character and stays single. Its own code keeps that exact.
            append(TableExporter.csvField(String(decoding: text, as: UTF8.self)))
        }
    }

    private func appendTSV(_ text: UnsafeBufferPointer<UInt8>) {
        guard classify(text) & ByteClass.special != 0 else {
            copy(text)
            return
        }
        // The exporter escapes by Unicode scalar, and these are ASCII: byte by byte is the same.
        for byte in text {
            switch byte {
            case 0x09: append("\\t")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case UInt8(ascii: "\\"): append("\\\\")
            default: put(byte)
            }
        }
    }

    private func appendMarkdown(_ text: UnsafeBufferPointer<UInt8>) {
        let found = classify(text)
        if found & ByteClass.special == 0 {
            copy(text)
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
            default: put(byte)
            }
        }
    }

    private func appendJSON(_ text: UnsafeBufferPointer<UInt8>, isNumeric: Bool) {
        if text.isEmpty {
            append("null")
            return
        }
        if isNumeric, Self.isJSONNumber(text) {
            copy(text)
            return
        }
        put(UInt8(ascii: "\""))
        if classify(text) & ByteClass.special == 0 {
            copy(text)
        } else {
            appendEscapedJSON(text)
        }
        put(UInt8(ascii: "\""))
    }

    /// `TableExporter.jsonString`'s escapes, byte by byte: the text is valid UTF-8, so U+2028
    /// and U+2029 are the only scalars escaped that are not ASCII.
    private func appendEscapedJSON(_ text: UnsafeBufferPointer<UInt8>) {
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
                append("\\u00")
                put(Self.hexDigit(byte >> 4))
                put(Self.hexDigit(byte & 0x0F))
            case 0xE2 where index + 1 < text.count && text[index] == 0x80 && (text[index + 1] & 0xFE) == 0xA8:
                append(text[index + 1] == 0xA8 ? "\\u2028" : "\\u2029")
                index += 2
            default: put(byte)
            }
        }
    }

    /// A lowercase hexadecimal digit, as `String(_:radix:)` writes it.
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    // MARK: - The buffer

    /// Makes room for `more` bytes; the writes of one field then need no check.
    private func reserve(_ more: Int) {
        guard count + more > capacity else { return }
        let grown = max(capacity * 2, count + more)
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: storage, count: count)
        storage.deallocate()
        storage = larger
        capacity = grown
    }

    private func put(_ byte: UInt8) {
        storage[count] = byte
        count += 1
    }

    private func copy(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        (storage + count).update(from: base, count: bytes.count)
        count += bytes.count
    }

    /// Appends a short literal, for which room was made.
    private func append(_ text: StaticString) {
        copy(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends text of any length, making room for it.
    private func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            reserve(bytes.count)
            copy(bytes)
        }
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
