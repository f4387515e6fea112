import BrowseSupport

/// One value in a row: a typed `value` and the `text` the terminal shows for it.
///
/// ```swift
/// row["capital"] = .integer(259_327_332_420, grouped: true)  // shows 259,327,332,420
/// row["close"] = .decimal(ExactDecimal("1,045.00"))  // shows 1045.00
/// ```
public struct Cell: Sendable, Hashable, ExpressibleByStringLiteral {
    public var value: CellValue
    /// What the front end displays. Control characters in it are made visible by the front end.
    public var text: String
    /// A colour the front end may give it on a terminal: price rises and falls.
    public var tone: Tone?
    /// True when the cell changed since the screen was drawn before (a refreshed quote): with
    /// colour on, the front end draws it in reverse video, which takes no width of its own;
    /// without, it puts a mark in the place its column keeps (`Column.marksChanges`).
    package var isMarked = false
    /// True when `text` is the field exactly as its source wrote it (a cell of a CSV, TSV or
    /// JSON file): exports then write `text` itself (`--`, `-0.00`, `+2.00`, `"1,234.50"`),
    /// not the value's export text, so a file exports as it was.
    public var isSourceText = false
    /// What CSV, TSV and Markdown exports write instead of the value's export text, when the
    /// shown text is not the source's (a price change shown `▲0.25` that the exchange wrote
    /// `+0.25`); JSON writes the value. `nil` exports as ``isSourceText`` says.
    public var exportedText: String?

    /// Creates a cell; `text` defaults to the value's export text.
    public init(_ value: CellValue, text: String? = nil) {
        self.value = value
        self.text = text ?? value.exportText
    }

    public init(stringLiteral value: String) {
        self.init(.text(value))
    }

    /// A text cell.
    public static func text(_ text: String) -> Cell { Cell(.text(text)) }

    /// A cell whose `text` is the field as its source wrote it, exported as such.
    public static func source(_ value: CellValue, text: String) -> Cell {
        var cell = Cell(value, text: text)
        cell.isSourceText = true
        return cell
    }

    /// What a CSV, TSV or Markdown export writes: the source's own text when there is one,
    /// else the value's export text.
    public var exportText: String { exportedText ?? (isSourceText ? text : value.exportText) }

    /// An empty cell that sorts last.
    public static let missing = Cell(.missing)

    /// An integer cell, shown with thousands separators when `grouped` is true.
    public static func integer(_ value: Int64, grouped: Bool = false) -> Cell {
        Cell(.integer(value), text: grouped ? ExactDecimal(value).formatted(grouping: true) : String(value))
    }

    /// An integer cell from an `Int`.
    public static func integer(_ value: Int, grouped: Bool = false) -> Cell {
        integer(Int64(value), grouped: grouped)
    }

    /// A decimal cell showing the value's own decimals, or a missing cell for `nil`.
    public static func decimal(_ value: ExactDecimal?, grouped: Bool = false) -> Cell {
        guard let value else { return .missing }
        return Cell(.decimal(value), text: value.formatted(grouping: grouped))
    }

    /// A date cell shown as `yyyy-MM-dd`, or a missing cell for `nil`.
    public static func date(_ value: CalendarDate?) -> Cell {
        guard let value else { return .missing }
        return Cell(.date(value))
    }

    /// A date-time cell shown as written (`2025-06-02T13:30`, `2025-06-02 13:30:05+08:00`), or a
    /// missing cell for `nil`.
    public static func dateTime(_ value: DateTime?) -> Cell {
        guard let value else { return .missing }
        return Cell(.dateTime(value))
    }

    /// A time-of-day cell shown as written (`13:30`, `13:30:05`), or a missing cell for `nil`.
    public static func time(_ value: TimeOfDay?) -> Cell {
        guard let value else { return .missing }
        return Cell(.time(value))
    }

    /// Numbers are right-aligned, everything else left-aligned.
    public var alignment: Alignment {
        value.isNumeric ? .trailing : .leading
    }
}

/// A meaning a front end may show in colour.
public enum Tone: Sendable, Hashable {
    /// Up: in Taiwan's convention, red.
    case rise
    /// Down: in Taiwan's convention, green.
    case fall
}

/// How a cell's text sits in its column.
public enum Alignment: Sendable, Hashable {
    case leading
    case trailing
}
