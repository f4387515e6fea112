/// How many JSON values of each kind were met where objects were expected, to say what a
/// JSON array holds instead of a table: `2 arrays`, `3 numbers and 1 string`.
struct ValueKinds: CustomStringConvertible {
    /// The kinds in the order first met, with their counts.
    private var counts: [(kind: Kind, count: Int)] = []

    enum Kind {
        case array, string, number, boolean, null

        func named(_ count: Int) -> String {
            let names: (String, String) =
                switch self {
                case .array: ("array", "arrays")
                case .string: ("string", "strings")
                case .number: ("number", "numbers")
                case .boolean: ("true or false", "trues and falses")
                case .null: ("null", "nulls")
                }
            return "\(count) \(count == 1 ? names.0 : names.1)"
        }
    }

    /// Counts the value whose first byte is `byte`.
    mutating func count(startingWith byte: UInt8?) {
        let kind: Kind
        switch byte {
        case UInt8(ascii: "["): kind = .array
        case UInt8(ascii: "\""): kind = .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): kind = .boolean
        case UInt8(ascii: "n"): kind = .null
        default: kind = .number
        }
        if let index = counts.firstIndex(where: { $0.kind == kind }) {
            counts[index].count += 1
        } else {
            counts.append((kind, 1))
        }
    }

    /// `2 arrays`, `3 numbers and 1 string`.
    var description: String {
        let parts = counts.map { $0.kind.named($0.count) }
        guard parts.count > 1 else { return parts.first ?? "nothing" }
        return parts.dropLast().joined(separator: ", ") + " and " + (parts.last ?? "")
    }
}
