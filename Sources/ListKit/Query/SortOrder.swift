import BrowseSupport

/// A sort by one column.
public struct SortOrder: Sendable, Hashable, CustomStringConvertible {
    /// The column's name, as in the header.
    public var column: String
    public var descending: Bool

    public init(column: String, descending: Bool = false) {
        self.column = column
        self.descending = descending
    }

    /// `close desc`, `code`.
    public var description: String { descending ? "\(column) desc" : column }
}

/// What a sort compares: computed once per item, so sorting n items configures n rows, not n log n.
///
/// Values of one kind compare by value (date-times as instants, see `DateTime`); between kinds,
/// numbers come before days, days before date-times, date-times before times of day, and those
/// before text.
enum SortKey: Sendable {
    case number(ExactDecimal)
    case date(CalendarDate)
    case dateTime(DateTime)
    case time(TimeOfDay)
    case text(String)
    case missing

    init(_ value: CellValue) {
        switch value {
        case .missing: self = .missing
        case .integer(let value): self = .number(ExactDecimal(value))
        case .decimal(let value): self = .number(value)
        case .date(let value): self = .date(value)
        case .dateTime(let value): self = .dateTime(value)
        case .time(let value): self = .time(value)
        case .text(let text): self = text.isEmpty ? .missing : .text(TextFolding.fold(text))
        }
    }

    private var rank: Int {
        switch self {
        case .number: return 0
        case .date: return 1
        case .dateTime: return 2
        case .time: return 3
        case .text: return 4
        case .missing: return 5
        }
    }

    /// Ascending order of present values; missing values are handled by the caller.
    static func ascending(_ lhs: SortKey, _ rhs: SortKey) -> Bool {
        switch (lhs, rhs) {
        case (.number(let a), .number(let b)): return a < b
        case (.date(let a), .date(let b)): return a < b
        case (.dateTime(let a), .dateTime(let b)): return a < b
        case (.time(let a), .time(let b)): return a < b
        case (.text(let a), .text(let b)): return a < b
        default: return lhs.rank < rhs.rank
        }
    }

    var isMissing: Bool {
        if case .missing = self { return true }
        return false
    }
}
