import Tabular

extension JSONTableReader {
    /// Reads the table at `path` in a JSON document (`data`, `tables.0.data`; a number steps
    /// into an array): an array of objects, whose keys are the columns, or an array of arrays,
    /// whose column names are the strings at `fields` (`tables.0.fields`), else A, B, C….
    ///
    /// Rows of arrays that do not have one value per column are skipped and reported with
    /// their line; the document's `title` (or the table's) is the line above the table.
    ///
    /// - Throws: `JSONProblem` for malformed JSON, or a path that does not lead to an array
    ///   (naming the step that failed and what is there).
    /// - Complexity: O(n); the document is read whole.
    static func read(_ bytes: UnsafeBufferPointer<UInt8>, path: String, fields: String?) throws(JSONProblem)
        -> Output
    {
        let root = try JSONReader.parse(bytes)
        let rows = try value(at: path, in: root)
        guard let elements = rows.array else {
            throw JSONProblem(line: rows.line, message: "\"\(path)\" is \(rows.kindName), not an array of rows")
        }
        var names: [String]?
        if let fields {
            let named = try value(at: fields, in: root)
            guard let list = named.array else {
                throw JSONProblem(
                    line: named.line, message: "\"\(fields)\" is \(named.kindName), not an array of names")
            }
            names = list.map(text)
        }
        return table(of: elements, named: names, path: path, root: root)
    }

    /// The table of the rows `elements` of the document `root`: objects, whose keys are the
    /// columns, or arrays, whose column names are `names` (else A, B, C…).
    ///
    /// - Complexity: O(n) in the size of the rows.
    static func table(of elements: [JSONValue], named: [String]?, path: String, root: JSONValue) -> Output {
        var names: [String]
        if let named {
            names = named
        } else if elements.contains(where: { $0.members != nil }) {
            names = []
            var seen = Set<String>()
            for element in elements {
                for member in element.members ?? [] where seen.insert(member.key).inserted { names.append(member.key) }
            }
        } else {
            let widest = elements.map { $0.array?.count ?? 0 }.max() ?? 0
            names = (0..<widest).map(TableColumn.letterName)
        }
        guard !names.isEmpty else { return Output(csv: [], problems: RowProblems()) }
        var csv: [UInt8] = []
        csv.reserveCapacity(elements.count * 64)
        appendRecord(names, to: &csv)
        var problems = RowProblems()
        for (offset, element) in elements.enumerated() {
            if let members = element.members {
                let byKey = Dictionary(members.map { ($0.key, $0.value) }) { _, last in last }
                appendRecord(names.map { byKey[$0].map(text) ?? "" }, to: &csv)
            } else if let values = element.array, values.count == names.count {
                appendRecord(values.map(text), to: &csv)
            } else {
                let what =
                    element.array.map { "\($0.count) value\($0.count == 1 ? "" : "s"), not \(names.count)" }
                    ?? "not an array or object"
                problems.append(
                    RowProblem(line: element.line, kind: .notAnObject("row \(offset + 1) of \(path) has \(what)")))
            }
        }
        let around = [root["title"]?.string].compactMap { $0 }.filter { !$0.isEmpty }
        return Output(csv: csv, problems: problems, around: around)
    }

    /// The value `path` leads to from `root`.
    ///
    /// - Throws: `JSONProblem` naming the first step that leads nowhere.
    static func value(at path: String, in root: JSONValue) throws(JSONProblem) -> JSONValue {
        var current = root
        var walked: [Substring] = []
        for step in path.split(separator: ".", omittingEmptySubsequences: false) {
            let here = walked.isEmpty ? "the document" : "\"\(walked.joined(separator: "."))\""
            if let members = current.members {
                guard let next = members.last(where: { $0.key == step })?.value else {
                    let keys = members.map(\.key).prefix(8).joined(separator: ", ")
                    throw JSONProblem(
                        line: current.line,
                        message: "\(here) has no \"\(step)\" (it has: \(keys.isEmpty ? "nothing" : keys))")
                }
                current = next
            } else if let elements = current.array {
                guard let index = Int(step), elements.indices.contains(index) else {
                    throw JSONProblem(
                        line: current.line,
                        message:
                            "\(here) is an array of \(elements.count); \"\(step)\" is not an index from 0 to \(elements.count - 1)"
                    )
                }
                current = elements[index]
            } else {
                throw JSONProblem(line: current.line, message: "\(here) is \(current.kindName); it has no \"\(step)\"")
            }
            walked.append(step)
        }
        return current
    }
}
