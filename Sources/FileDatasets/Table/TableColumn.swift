/// A column of a file table: its unique name and inferred type.
public struct TableColumn: Sendable, Hashable {
    /// The header text (made unique: a second `price` is `price 2`; an empty one is its letter).
    public let name: String
    /// What its values are.
    public let type: ColumnType
    /// The header cell as the file has it, when `name` is not it (an empty cell, a repeated
    /// name, spaces around it): what exports write. `nil` for a file without a header.
    public let header: String?

    public init(name: String, type: ColumnType, header: String? = nil) {
        self.name = name
        self.type = type
        self.header = header == name ? nil : header
    }

    /// The spreadsheet name of a 0-based column: A, B, … Z, AA, AB ….
    static func letterName(_ index: Int) -> String {
        var number = index + 1
        var letters: [Character] = []
        while number > 0 {
            let remainder = (number - 1) % 26
            letters.append(Character(Unicode.Scalar(UInt8(ascii: "A") + UInt8(remainder))))
            number = (number - 1) / 26
        }
        return String(letters.reversed())
    }

    /// Header names made usable: empty names become their letter, repeats get a number.
    ///
    /// - Complexity: O(c) expected, in the number of columns.
    static func uniqueNames(_ names: [String]) -> [String] {
        var seen = Set<String>()
        var result: [String] = []
        result.reserveCapacity(names.count)
        for (index, raw) in names.enumerated() {
            let trimmed = trimmedSpacesAndTabs(raw)
            var name = trimmed.isEmpty ? letterName(index) : trimmed
            if seen.contains(name) {
                var suffix = 2
                while seen.contains("\(name) \(suffix)") { suffix += 1 }
                name = "\(name) \(suffix)"
            }
            seen.insert(name)
            result.append(name)
        }
        return result
    }

    private static func trimmedSpacesAndTabs(_ text: String) -> String {
        let blank: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = text.firstIndex(where: { !blank($0) }), let last = text.lastIndex(where: { !blank($0) })
        else { return "" }
        return String(text[first...last])
    }
}
