import Tabular

/// Finds columns by their header names, so that parsers do not depend on column order.
///
/// Names are compared after trimming padding (and a stray byte order mark), ignoring case and
/// spaces: `"Trade Volume"` finds a `TradeVolume` column.
struct ColumnMap: Sendable {
    /// The header as written, cleaned.
    let header: [String]
    private let positions: [String: Int]

    init(header: [String]) {
        self.header = header.map { FieldText.clean($0.replacingBOM()) ?? "" }
        var positions: [String: Int] = [:]
        for (index, name) in self.header.enumerated() where !name.isEmpty {
            let key = Self.key(name)
            if positions[key] == nil { positions[key] = index }
        }
        self.positions = positions
    }

    /// The position of the first of `names` present in the header.
    func index(_ names: [String]) -> Int? {
        for name in names {
            if let index = positions[Self.key(name)] { return index }
        }
        return nil
    }

    /// True when one of `names` is present.
    func contains(_ names: [String]) -> Bool { index(names) != nil }

    private static func key(_ name: String) -> String {
        String(String.UnicodeScalarView(name.lowercased().unicodeScalars.filter { !MissingValueRule.isPadding($0) }))
    }
}

extension String {
    /// The text without U+FEFF characters.
    func replacingBOM() -> String {
        contains("\u{FEFF}") ? String(filter { $0 != "\u{FEFF}" }) : self
    }
}

extension Array where Element == String {
    /// The field at `index`, or `""` when the column is missing or the row is short.
    func field(_ index: Int?) -> String {
        guard let index, indices.contains(index) else { return "" }
        return self[index]
    }
}
