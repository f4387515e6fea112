import Tabular

/// Turns a JSON array of objects, or JSON Lines, into comma-separated text for the table index.
///
/// The keys of all objects, in the order first met, become the columns; a key an object lacks
/// is a missing cell. Strings are unescaped, numbers kept exactly as written (`1045.00`), `null`
/// is missing, and nested arrays and objects are shown as their JSON text. Two passes: the
/// first finds the columns, the second writes the rows, so memory stays near the input's size.
///
/// In JSON Lines, a line that is not a JSON object is reported with its number and skipped; in
/// a JSON array, an element that is not an object is skipped, and a syntax error stops the load.
///
/// A JSON object that holds a table as a `fields` array of names and a `data` array of rows
/// (TWSE's STOCK_DAY), or a `tables` array of such objects (TPEx), is read as that table; its
/// `title`, `subtitle` and `notes` are the lines around it. An object holding one array of
/// objects (the quote service's `msgArray`) is read as that array. An object holding no table
/// but a `stat` (the exchanges' "no data" answers) is an answer without data, which ``Output``
/// carries.
enum JSONTableReader {
    /// The table as CSV bytes, the records that were skipped, and lines around the table.
    struct Output {
        var csv: [UInt8]
        var problems: RowProblems
        var around: [String] = []
        /// What an exchange's answer without data said (its `stat`), when the input is one.
        var noData: String?
    }

    /// Reads `bytes` (UTF-8, a byte order mark allowed).
    ///
    /// - Parameter lines: True for JSON Lines, false for an array of objects (or an object
    ///   holding `fields` and `data`).
    /// - Throws: `JSONProblem` for a malformed array or object.
    /// - Complexity: O(n) in the size of the input.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, lines: Bool) throws(JSONProblem) -> Output {
        if !lines, let table = try fieldsAndData(bytes) { return table }
        var keys: [[UInt8]: Int] = [:]
        var order: [[UInt8]] = []
        var objects = 0
        var others = ValueKinds()
        // Checked as keys are met: every object writes a field for every column, so a file of
        // 40,000 objects with a key each would otherwise make 40,000 × 40,000 fields.
        let problems = try walk(bytes, lines: lines, others: &others) { (members, line) throws(JSONProblem) in
            objects += 1
            for (key, _) in members where keys[key] == nil {
                guard order.count < TableIndexer.maximumColumns else {
                    throw JSONProblem(
                        line: line,
                        message:
                            "more than \(TableIndexer.maximumColumns) different keys (the next is \"\(String(decoding: key.prefix(40), as: UTF8.self))\"); at most \(TableIndexer.maximumColumns) columns can be shown"
                    )
                }
                keys[key] = order.count
                order.append(key)
            }
        }
        // Not one object: the input is something else than a table, which is said, not "empty".
        if objects == 0, let first = problems.first.first {
            guard lines else {
                throw JSONProblem(
                    line: first.line,
                    message: "it is a JSON array of \(others.description), not of objects; "
                        + "a JSON table is an array of objects (one a row, their keys the columns), JSON Lines "
                        + "of objects, or an object holding one (--json-path names where)")
            }
            var reason = first.description
            if case .notAnObject(let text) = first.kind { reason = text }
            throw JSONProblem(
                line: first.line,
                message: "no line is a JSON object (the first: \(reason)); JSON Lines hold one object a line, "
                    + "their keys the columns")
        }
        guard !order.isEmpty else { return Output(csv: [], problems: problems) }
        // Objects that share few keys make a table of mostly missing cells, each of which costs
        // a byte or more: refuse one much larger than the input rather than run out of memory.
        let cells = objects * order.count
        guard cells <= maximumCells(forInputOf: bytes.count) else {
            throw JSONProblem(
                line: 1,
                message: "its \(objects) objects have \(order.count) different keys between them, too few in common "
                    + "for a table (\(cells) cells, nearly all empty)")
        }
        var csv: [UInt8] = []
        csv.reserveCapacity(bytes.count)
        for (index, key) in order.enumerated() {
            if index > 0 { csv.append(UInt8(ascii: ",")) }
            appendField(key, to: &csv)
        }
        endRecord(startingAt: 0, in: &csv)
        var row = [[UInt8]?](repeating: nil, count: order.count)
        _ = try walk(bytes, lines: lines, others: &others) { (members, _) throws(JSONProblem) in
            for index in row.indices { row[index] = nil }
            for (key, value) in members {
                guard let index = keys[key] else { continue }
                if case .text(let text) = value { row[index] = text } else { row[index] = nil }
            }
            let start = csv.count
            for (index, value) in row.enumerated() {
                if index > 0 { csv.append(UInt8(ascii: ",")) }
                if let value { appendField(value, to: &csv) }
            }
            endRecord(startingAt: start, in: &csv)
        }
        return Output(csv: csv, problems: problems)
    }

    /// The most cells a table of `count` bytes of JSON may have: a dense table spends at least
    /// four bytes of input a cell (`"k":1,`), so only a sparse one goes past this.
    static func maximumCells(forInputOf count: Int) -> Int {
        max(4 << 20, count * 4)
    }

    /// The table of an object: one holding `fields` and `data` (or `tables` of them), or one
    /// array of objects; `nil` when the input is not an object.
    ///
    /// - Throws: `JSONProblem` for an object holding no table, or several arrays of objects.
    /// - Complexity: O(n); the object is read whole, as such reports are small.
    private static func fieldsAndData(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONProblem) -> Output? {
        var cursor = JSONCursor(bytes: bytes, index: ByteOrderMark.length(in: bytes))
        cursor.skipWhitespace()
        guard cursor.current == UInt8(ascii: "{") else { return nil }
        let root = try JSONReader.parse(Array(bytes))
        func isTable(_ value: JSONValue) -> Bool { value["fields"]?.array != nil && value["data"]?.array != nil }
        let tables = root["tables"]?.array?.filter(isTable) ?? []
        guard let table = isTable(root) ? root : (tables.first { !($0["data"]?.array ?? []).isEmpty } ?? tables.first)
        else { return try objectTable(root) }
        let names = (table["fields"]?.array ?? []).map(text)
        guard !names.isEmpty else { return try objectTable(root) }
        var csv: [UInt8] = []
        csv.reserveCapacity(bytes.count)
        appendRecord(names, to: &csv)
        var problems = RowProblems()
        for (offset, row) in (table["data"]?.array ?? []).enumerated() {
            guard let values = row.array, values.count == names.count else {
                let what =
                    row.array.map { "\($0.count) value\($0.count == 1 ? "" : "s"), not \(names.count)" }
                    ?? "not an array"
                problems.append(RowProblem(line: row.line, kind: .notAnObject("row \(offset + 1) of data has \(what)")))
                continue
            }
            appendRecord(values.map(text), to: &csv)
        }
        var around: [String] = []
        for key in ["title", "subtitle"] {
            if let line = table[key]?.string ?? root[key]?.string, !line.isEmpty { around.append(line) }
        }
        around += (table["notes"]?.array ?? []).compactMap(\.string).filter { !$0.isEmpty }
        return Output(csv: csv, problems: problems, around: around)
    }

    /// The table of an object without `fields` and `data`: its one array of objects, or, for an
    /// exchange's answer without data, its `stat`.
    ///
    /// - Throws: `JSONProblem` for an object holding no table, or several arrays of objects.
    private static func objectTable(_ root: JSONValue) throws(JSONProblem) -> Output {
        let members = root.members ?? []
        let arrays = members.filter { member in member.value.array?.contains { $0.members != nil } ?? false }
        if arrays.count == 1, let only = arrays.first, let elements = only.value.array {
            return table(of: elements, named: nil, path: only.key, root: root)
        }
        if arrays.count > 1 {
            let keys = arrays.map { "\"\($0.key)\"" }.joined(separator: ", ")
            throw JSONProblem(
                line: root.line,
                message: "it is a JSON object holding \(arrays.count) tables (\(keys)); choose one "
                    + "with --json-path KEY")
        }
        // TWSE's answers say why they hold no data in `stat` ("OK" when they hold some).
        if let stat = root["stat"]?.string, stat.lowercased() != "ok" {
            return Output(csv: [], problems: RowProblems(), noData: stat)
        }
        let keys = members.prefix(8).map(\.key).joined(separator: ", ")
        throw JSONProblem(
            line: root.line,
            message: "it is a JSON object holding no table (its keys: \(keys.isEmpty ? "none" : keys)); a JSON "
                + "table is an array of objects, or an object holding one (--json-path names where)")
    }

    /// A value as a cell's text: strings unescaped, numbers as written, nested values as JSON.
    static func text(_ value: JSONValue) -> String {
        switch value.kind {
        case .null: return ""
        case .string(let string): return string
        case .number(let number): return number
        case .bool(let flag): return flag ? "true" : "false"
        case .array, .object: return json(value)
        }
    }

    /// A nested value written back as compact JSON. It recurses once per level, which is safe
    /// because the reader refuses documents nested deeper than `JSONCursor.maximumDepth`.
    private static func json(_ value: JSONValue) -> String {
        func quoted(_ text: String) -> String {
            var escaped = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": escaped += "\\\""
                case "\\": escaped += "\\\\"
                case _ where scalar.value < 0x20:
                    let hex = String(scalar.value, radix: 16)
                    escaped += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                default: escaped.unicodeScalars.append(scalar)
                }
            }
            return escaped + "\""
        }
        switch value.kind {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .number(let number): return number
        case .string(let string): return quoted(string)
        case .array(let elements): return "[" + elements.map(json).joined(separator: ",") + "]"
        case .object(let members):
            return "{" + members.map { quoted($0.key) + ":" + json($0.value) }.joined(separator: ",") + "}"
        }
    }

    static func appendRecord(_ fields: [String], to csv: inout [UInt8]) {
        let start = csv.count
        for (index, field) in fields.enumerated() {
            if index > 0 { csv.append(UInt8(ascii: ",")) }
            appendField(Array(field.utf8), to: &csv)
        }
        endRecord(startingAt: start, in: &csv)
    }

    /// Ends the record that starts at `start`. A record of one empty field (a one-column table's
    /// `null`, `{}`, or a key `""`) is written `""`: an empty line is no record to the index.
    private static func endRecord(startingAt start: Int, in csv: inout [UInt8]) {
        if csv.count == start { csv += [UInt8(ascii: "\""), UInt8(ascii: "\"")] }
        csv.append(0x0A)
    }

    /// One object's members, in order.
    typealias Members = [(key: [UInt8], value: JSONCursor.Value)]

    /// Calls `accept` with the members of each object of the input, and collects the records
    /// that are not objects, counting the elements of an array that are not by kind in `others`.
    private static func walk(
        _ bytes: UnsafeBufferPointer<UInt8>, lines: Bool, others: inout ValueKinds,
        accept: (Members, _ line: Int) throws(JSONProblem) -> Void
    ) throws(JSONProblem) -> RowProblems {
        var cursor = JSONCursor(bytes: bytes, index: ByteOrderMark.length(in: bytes))
        var problems = RowProblems()
        if lines {
            try walkLines(&cursor, problems: &problems, accept: accept)
            return problems
        }
        cursor.skipWhitespace()
        try cursor.expect(UInt8(ascii: "["), "\"[\": a JSON file must be an array of objects")
        cursor.skipWhitespace()
        if cursor.current == UInt8(ascii: "]") {
            cursor.index += 1
        } else {
            var element = 0
            while true {
                cursor.skipWhitespace()
                element += 1
                if cursor.current == UInt8(ascii: "{") {
                    let line = cursor.line
                    try accept(try readMembers(&cursor), line)
                } else {
                    let line = cursor.line
                    others.count(startingWith: cursor.current)
                    try cursor.skipValue()
                    problems.append(RowProblem(line: line, kind: .notAnObject("element \(element) is not an object")))
                }
                cursor.skipWhitespace()
                if cursor.current == UInt8(ascii: ",") {
                    cursor.index += 1
                    continue
                }
                try cursor.expect(UInt8(ascii: "]"), "\",\" or \"]\" after an element")
                break
            }
        }
        cursor.skipWhitespace()
        guard cursor.isAtEnd else { throw cursor.problem("expected the end after the closing \"]\"") }
        return problems
    }

    private static func readMembers(_ cursor: inout JSONCursor) throws(JSONProblem) -> Members {
        var members: Members = []
        try cursor.readObject { key, value in members.append((key, value)) }
        return members
    }

    private static func walkLines(
        _ cursor: inout JSONCursor, problems: inout RowProblems,
        accept: (Members, _ line: Int) throws(JSONProblem) -> Void
    ) throws(JSONProblem) {
        while true {
            cursor.skipWhitespace()
            guard !cursor.isAtEnd else { return }
            let line = cursor.line
            let lineStart = cursor.index
            var members: Members?
            do throws(JSONProblem) {
                guard cursor.current == UInt8(ascii: "{") else { throw cursor.problem("expected a JSON object") }
                var attempt = cursor
                let read = try readMembers(&attempt)
                attempt.skipWhitespace(acrossLines: false)
                guard attempt.isAtEnd || attempt.current == 0x0A || attempt.current == 0x0D else {
                    throw attempt.problem("expected the end of the line after the object")
                }
                cursor = attempt
                members = read
            } catch {
                problems.append(RowProblem(line: line, kind: .notAnObject(error.message)))
                cursor = JSONCursor(bytes: cursor.bytes, index: lineStart, line: line)
                while let byte = cursor.current, byte != 0x0A, byte != 0x0D { cursor.index += 1 }
            }
            // Outside the line's error handling: a problem here is the file's, not the line's.
            if let members { try accept(members, line) }
        }
    }

    /// Appends a CSV field, quoted when it holds a comma, a quote or a line break.
    private static func appendField(_ bytes: [UInt8], to csv: inout [UInt8]) {
        let needsQuotes = bytes.contains {
            $0 == UInt8(ascii: ",") || $0 == UInt8(ascii: "\"") || $0 == 0x0A || $0 == 0x0D
        }
        guard needsQuotes else {
            csv.append(contentsOf: bytes)
            return
        }
        csv.append(UInt8(ascii: "\""))
        for byte in bytes {
            csv.append(byte)
            if byte == UInt8(ascii: "\"") { csv.append(byte) }
        }
        csv.append(UInt8(ascii: "\""))
    }
}
