import BrowseSupport

extension CellValue {
    /// The whole number, when the value is one.
    public var integer: Int64? {
        if case .integer(let value) = self { return value }
        return nil
    }

    /// The number as a decimal, for integers too; `nil` for anything else.
    public var decimal: ExactDecimal? {
        switch self {
        case .integer(let value): return ExactDecimal(value)
        case .decimal(let value): return value
        default: return nil
        }
    }

    /// The day, when the value is one.
    public var date: CalendarDate? {
        if case .date(let value) = self { return value }
        return nil
    }

    /// The day and time, when the value is one.
    public var dateTime: DateTime? {
        if case .dateTime(let value) = self { return value }
        return nil
    }

    /// The time of day, when the value is one.
    public var time: TimeOfDay? {
        if case .time(let value) = self { return value }
        return nil
    }

    /// The value as text, `nil` when missing: text as is, numbers, dates and times as exported.
    public var text: String? {
        if case .missing = self { return nil }
        return exportText
    }
}
