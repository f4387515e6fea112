import ListKit

/// What a column holds, inferred from its values: it decides alignment and how `sort` compares.
public enum ColumnType: String, Sendable, Hashable {
    /// Whole numbers, with or without thousands separators (`"14,304,763"`).
    case integer
    /// Numbers with a decimal point (`"1,234.50"`, `-0.25`).
    case decimal
    /// Days: `2025-06-02`, `2025/06/02` or `20250602`.
    case date
    /// Days with a time: `2025-06-02T13:30`, `2025-06-02 13:30:05`, `2025-06-02T05:30Z`,
    /// `2025-06-02T13:30+08:00`.
    case dateTime = "datetime"
    /// Times of day: `13:30`, `13:30:05`, `13:30:05.250`.
    case time
    /// Anything else, including codes with leading zeros (`0050`).
    case text

    /// True for integers and decimals.
    public var isNumeric: Bool { self == .integer || self == .decimal }

    /// The kind of column a screen declares for it.
    public var columnKind: ColumnKind {
        switch self {
        case .integer: return .integer
        case .decimal: return .decimal
        case .date: return .date
        case .dateTime: return .dateTime
        case .time: return .time
        case .text: return .text
        }
    }
}
