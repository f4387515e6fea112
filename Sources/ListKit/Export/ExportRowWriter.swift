/// Writes the rows of an export into a byte buffer from fields given as UTF-8 bytes: the one
/// encoding of each format, which ``TableExporter`` writes its rows with too. A large export
/// then copies each field's bytes instead of making a `String` per cell and one per row.
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
package final class ExportRowWriter {
    package let format: ExportFormat
    /// How many rows the buffer holds.
    package private(set) var rowCount = 0
    /// Rows of the same export written before this writer's first (JSON separates rows).
    private var rowsBefore: Int
    private var column = 0
    /// Where the row being written starts in the buffer.
    private var rowStart = 0
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
    /// Room for the longest key.
    private let keyRoom: Int

    /// A writer for rows of `columns` in `format`.
    ///
    /// - Parameters:
    ///   - format: The format the rows are written in.
    ///   - columns: The exported columns' names, in order (JSON keys, the markdown header).
    ///   - rowsBefore: How many rows of the same export precede the first row written here.
    ///   - capacity: The bytes to make room for at first; the buffer grows as needed.
    package init(format: ExportFormat, columns: [String], rowsBefore: Int = 0, capacity: Int = 1 << 16) {
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
        keyRoom = zip(starts, starts.dropFirst()).map { $1 - $0 }.max() ?? 0
    }

    deinit {
        storage.deallocate()
        classes.deallocate()
        keyBytes.deallocate()
        keyStarts.deallocate()
    }

    /// The rows written so far.
    package var bytes: [UInt8] { Array(UnsafeBufferPointer(start: storage, count: count)) }

    /// Calls `body` with the rows written so far.
    package func withBytes<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
        try body(UnsafeRawBufferPointer(start: storage, count: count))
    }

    /// Empties the buffer, keeping its memory, for rows that follow `rowsBefore` others.
    package func reset(rowsBefore: Int) {
        count = 0
        rowCount = 0
        self.rowsBefore = rowsBefore
    }

    /// Starts a row.
    package func beginRow() {
        column = 0
        rowStart = count
        switch format {
        case .csv, .tsv: break
        case .json: append(rowsBefore + rowCount == 0 ? "\n  {" : ",\n  {")
        case .markdown: append("| ")
        }
    }

    /// Ends the row started by ``beginRow()``.
    package func endRow() {
        switch format {
        // A record of one empty field is `""`: an empty line is no record to a reader.
        case .csv where count == rowStart: append("\"\"\n")
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
    ///   - isNumeric: Whether the cell's value is a number; asked only for JSON, and only when
    ///     the text is a JSON number, which a numeric cell is then written as.
    /// - Complexity: O(n) in the length of the text.
    package func appendField(_ text: UnsafeBufferPointer<UInt8>, isNumeric: () -> Bool) {
        guard format == .json else { return appendField(text, json: .string) }
        if text.isEmpty {
            appendField(text, json: .null)
        } else if Self.isJSONNumber(text), isNumeric() {
            appendField(text, json: .number)
        } else {
            appendField(text, json: .string)
        }
    }

    /// What a JSON export writes for a field's text; the other formats write the text itself.
    enum JSONForm {
        /// The text as it is: a JSON number.
        case number
        /// The text as a JSON string, escaped.
        case string
        /// `null`, whatever the text.
        case null
    }

    /// Appends the next column's text, escaped as the format escapes it: the one encoding of
    /// each format, which ``TableExporter`` writes its rows with too.
    ///
    /// - Complexity: O(n) in the length of the text.
    func appendField(_ text: UnsafeBufferPointer<UInt8>, json form: JSONForm) {
        let found = classify(text)
        // Room for the separator and the text with every byte escaped (`\u001f`) in quotes.
        reserve(keyRoom + 8 + 6 * text.count)
        var out = storage + count
        writeSeparator(&out)
        switch format {
        case .csv: Self.writeCSV(text, found, &out)
        case .tsv: Self.writeTSV(text, found, &out)
        case .markdown: Self.writeMarkdown(text, found, &out)
        case .json:
            switch form {
            case .null: Self.write("null", &out)
            case .number: Self.write(text, &out)
            case .string: Self.writeJSONString(text, found, &out)
            }
        }
        count = out - storage
        column += 1
    }

    /// Appends the next column's cell: a source's text, its value numeric or not.
    package func appendField(_ text: UnsafeBufferPointer<UInt8>, isNumeric: Bool) {
        appendField(text) { isNumeric }
    }

    /// Appends the next column's cell: a source's text.
    package func appendField(_ text: [UInt8], isNumeric: Bool) {
        text.withUnsafeBufferPointer { appendField($0) { isNumeric } }
    }

    /// Appends a missing cell for the next column (a row shorter than the header).
    package func appendMissing() {
        reserve(keyRoom + 8)
        var out = storage + count
        writeSeparator(&out)
        if format == .json { Self.write("null", &out) }
        count = out - storage
        column += 1
    }

    /// Whether `text` is a number as JSON writes one (``TableExporter``'s rule):
    /// `-?(0|[1-9][0-9]*)(.[0-9]+)?([eE][+-]?[0-9]+)?`.
    package static func isJSONNumber(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let count = text.count
        func isDigit(_ index: Int) -> Bool { index < count && text[index] &- UInt8(ascii: "0") < 10 }
        if index < count, text[index] == UInt8(ascii: "-") { index += 1 }
        if index < count, text[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < count, text[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
            index += 1
            if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return false }
            while isDigit(index) { index += 1 }
        }
        return index == count
    }

    /// `text` as a JSON string, quoted and escaped as a JSON export writes a text.
    ///
    /// - Complexity: O(n) in the length of the text.
    static func jsonString(_ text: UnsafeBufferPointer<UInt8>) -> String {
        var found: UInt8 = 0
        for byte in text { found |= jsonClasses[Int(byte)] }
        return String(unsafeUninitializedCapacity: 6 * text.count + 2) { buffer in
            guard let base = buffer.baseAddress else { return 0 }
            var out = base
            writeJSONString(text, found, &out)
            return out - base
        }
    }

    private static let jsonClasses = ByteClass.table(for: .json)

    // MARK: - Formats

    /// Writes what goes before the next column's value; room was made for it.
    private func writeSeparator(_ out: inout UnsafeMutablePointer<UInt8>) {
        switch format {
        case .csv: if column > 0 { Self.put(UInt8(ascii: ","), &out) }
        case .tsv: if column > 0 { Self.put(0x09, &out) }
        case .json:
            guard column < columnCount else { return }
            let start = keyStarts[column]
            Self.write(UnsafeBufferPointer(start: keyBytes + start, count: keyStarts[column + 1] - start), &out)
        case .markdown: if column > 0 { Self.write(" | ", &out) }
        }
    }

    /// The classes of `text`'s bytes, or-ed together.
    private func classify(_ text: UnsafeBufferPointer<UInt8>) -> UInt8 {
        var found: UInt8 = 0
        for byte in text { found |= classes[Int(byte)] }
        return found
    }

    private static func writeCSV(
        _ text: UnsafeBufferPointer<UInt8>, _ found: UInt8, _ out: inout UnsafeMutablePointer<UInt8>
    ) {
        if found & ByteClass.special == 0 {
            write(text, &out)
            return
        }
        // Quoted, every quote doubled: a quote byte is never part of a longer UTF-8 sequence, so
        // one followed by a combining mark is doubled too, as a reader splitting fields needs.
        put(UInt8(ascii: "\""), &out)
        if found & ByteClass.quote == 0 {
            write(text, &out)
        } else {
            for byte in text {
                if byte == UInt8(ascii: "\"") { put(byte, &out) }
                put(byte, &out)
            }
        }
        put(UInt8(ascii: "\""), &out)
    }

    /// Tabs, line breaks and backslashes as `\t`, `\n`, `\r` and `\\`.
    private static func writeTSV(
        _ text: UnsafeBufferPointer<UInt8>, _ found: UInt8, _ out: inout UnsafeMutablePointer<UInt8>
    ) {
        guard found & ByteClass.special != 0 else {
            write(text, &out)
            return
        }
        for byte in text {
            switch byte {
            case 0x09: write("\\t", &out)
            case 0x0A: write("\\n", &out)
            case 0x0D: write("\\r", &out)
            case UInt8(ascii: "\\"): write("\\\\", &out)
            default: put(byte, &out)
            }
        }
    }

    /// Backslashes and pipes escaped, each line break (CRLF, LF or CR) a `<br>`: byte by byte,
    /// so a pipe followed by a combining mark is escaped too, as a table's reader needs.
    private static func writeMarkdown(
        _ text: UnsafeBufferPointer<UInt8>, _ found: UInt8, _ out: inout UnsafeMutablePointer<UInt8>
    ) {
        guard found & ByteClass.special != 0 else {
            write(text, &out)
            return
        }
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\\"): write("\\\\", &out)
            case UInt8(ascii: "|"): write("\\|", &out)
            case 0x0D:
                if index < text.count, text[index] == 0x0A { index += 1 }
                write("<br>", &out)
            case 0x0A: write("<br>", &out)
            default: put(byte, &out)
            }
        }
    }

    /// A JSON string: quotes, backslashes, control characters and the line separators
    /// JavaScript cannot hold escaped. The text is valid UTF-8, so U+2028 and U+2029 are the
    /// only scalars escaped that are not ASCII.
    private static func writeJSONString(
        _ text: UnsafeBufferPointer<UInt8>, _ found: UInt8, _ out: inout UnsafeMutablePointer<UInt8>
    ) {
        put(UInt8(ascii: "\""), &out)
        guard found & ByteClass.special != 0 else {
            write(text, &out)
            put(UInt8(ascii: "\""), &out)
            return
        }
        var index = 0
        while index < text.count {
            let byte = text[index]
            index += 1
            switch byte {
            case UInt8(ascii: "\""): write("\\\"", &out)
            case UInt8(ascii: "\\"): write("\\\\", &out)
            case 0x0A: write("\\n", &out)
            case 0x0D: write("\\r", &out)
            case 0x09: write("\\t", &out)
            case 0x00..<0x20, 0x7F:
                write("\\u00", &out)
                put(hexDigit(byte >> 4), &out)
                put(hexDigit(byte & 0x0F), &out)
            case 0xE2 where index + 1 < text.count && text[index] == 0x80 && (text[index + 1] & 0xFE) == 0xA8:
                write(text[index + 1] == 0xA8 ? "\\u2028" : "\\u2029", &out)
                index += 2
            default: put(byte, &out)
            }
        }
        put(UInt8(ascii: "\""), &out)
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

    /// Appends a short literal, making room for it.
    private func append(_ text: StaticString) {
        reserve(text.utf8CodeUnitCount)
        var out = storage + count
        Self.write(text, &out)
        count = out - storage
    }

    private static func put(_ byte: UInt8, _ out: inout UnsafeMutablePointer<UInt8>) {
        out.pointee = byte
        out += 1
    }

    private static func write(_ bytes: UnsafeBufferPointer<UInt8>, _ out: inout UnsafeMutablePointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        if count > 32 {
            out.update(from: base, count: count)
        } else {
            copyShort(from: UnsafeRawPointer(base), to: UnsafeMutableRawPointer(out), count: count)
        }
        out += count
    }

    /// Copies at most 32 bytes in words, the last overlapping those before, never reading or
    /// writing outside the `count` bytes: most fields are a few bytes, and a call to `memmove`
    /// for each cost more than the copy.
    @inline(__always)
    private static func copyShort(from source: UnsafeRawPointer, to target: UnsafeMutableRawPointer, count: Int) {
        if count >= 8 {
            var offset = 0
            while offset + 8 < count {
                target.storeBytes(
                    of: source.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset,
                    as: UInt64.self)
                offset += 8
            }
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: source.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: source.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        } else {
            for offset in 0..<count {
                target.storeBytes(
                    of: source.load(fromByteOffset: offset, as: UInt8.self), toByteOffset: offset, as: UInt8.self)
            }
        }
    }

    private static func write(_ text: StaticString, _ out: inout UnsafeMutablePointer<UInt8>) {
        write(UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount), &out)
    }
}

/// What a byte means to an export format's escaping, as bits.
private enum ByteClass {
    /// The text changes in the format when it holds this byte.
    static let special: UInt8 = 1
    /// A double quote.
    static let quote: UInt8 = 2

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
        for byte in specials { table[Int(byte)] |= special }
        table[Int(UInt8(ascii: "\""))] |= quote
        return table
    }
}
