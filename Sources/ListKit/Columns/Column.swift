/// One column of a screen, declared once: what layout, `sort`, `cols`, `hide`, `where`,
/// `freq`, `stats` and exports all work from.
///
/// ```swift
/// [
///     Column("code", kind: .code, priority: 10, isPinnedByDefault: true),
///     Column("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true),
///     Column("change", kind: .decimal, short: "chg", priority: 8),
/// ]
/// ```
public struct Column: Sendable, Hashable {
    /// The header, and what `sort`, `hide` and exports call it.
    public var name: String
    /// What its values are; it decides alignment and whether a cell may be cut.
    public var kind: ColumnKind
    /// How cells sit in the column; by default numbers to the right, the rest to the left.
    public var alignment: Alignment
    /// Columns of lower priority are left out first when the terminal is too narrow.
    public var priority: Int
    /// The narrowest a text column is squeezed to before columns are left out; numbers, dates
    /// and codes are never squeezed below their widest value.
    public var minimumWidth: Int
    /// False for columns that are exported and listed by `cols` but not shown until `show`.
    public var isShownByDefault: Bool
    /// A shorter header for a narrow screen (`chg` for `change`, `txns` for `transactions`);
    /// `nil` when the name is the only header. A header is shown whole or in this form, never
    /// cut: a column whose header cannot fit is left out.
    public var shortName: String?
    /// True for the column that names the row (a security's name, a film's title): it keeps
    /// at least ``nameMinimumWidth`` cells of its text, and columns of lower priority leave
    /// the screen before it gets narrower.
    public var isName: Bool
    /// True for a column kept at the left while `>` and `<` scroll the others, until the person
    /// pins others with `key` (a security's code and name).
    public var isPinnedByDefault: Bool
    /// What an export's header line calls the column, when the source's header is not the
    /// name the screen needs: a file's empty header cell (named by its letter, `J`, on the
    /// screen) is exported empty, as the file has it. `nil` exports `name`. JSON keys stay
    /// `name`, which are distinct.
    public var exportName: String?
    /// Whether its cells may be marked as changed (``Cell/isMarked``): without colour the
    /// front end keeps a place for the mark in every cell from the first draw, so a refresh
    /// that marks some never widens the column.
    package var marksChanges = false

    /// The cells of text a name keeps however narrow the screen (four CJK characters), or its
    /// whole text when that is shorter.
    public static let nameMinimumWidth = 8

    /// Declares a column.
    ///
    /// - Parameters:
    ///   - name: The header.
    ///   - kind: What its values are.
    ///   - alignment: How cells sit; `nil` takes the kind's own.
    ///   - priority: Higher stays on screen longer; equal priorities leave from the right.
    ///   - minimumWidth: How narrow a text column may become (at least 1).
    ///   - isShownByDefault: Whether the table shows it before `show` or `only` says otherwise.
    ///   - short: A shorter header for a narrow screen, if any.
    ///   - isName: Whether the column names the row: it keeps at least ``nameMinimumWidth``
    ///     cells of its text.
    ///   - isPinnedByDefault: Whether the column stays at the left while the others scroll.
    public init(
        _ name: String, kind: ColumnKind = .text, alignment: Alignment? = nil, short: String? = nil,
        priority: Int = 0, minimumWidth: Int = 6, isShownByDefault: Bool = true, isName: Bool = false,
        isPinnedByDefault: Bool = false
    ) {
        self.name = name
        self.shortName = short
        self.kind = kind
        self.alignment = alignment ?? kind.alignment
        self.priority = priority
        self.minimumWidth = max(1, minimumWidth)
        self.isShownByDefault = isShownByDefault
        self.isName = isName
        self.isPinnedByDefault = isPinnedByDefault
    }

    /// The narrowest the column's text is cut to before the column is left out: its minimum
    /// width, and for a name ``nameMinimumWidth`` cells of text and the `…` after them.
    public var narrowestWidth: Int {
        isName ? max(minimumWidth, Self.nameMinimumWidth + 1) : minimumWidth
    }
}

/// What a column's values are.
public enum ColumnKind: String, Sendable, Hashable, CaseIterable {
    /// Free text: names, addresses. May be cut with `…` when space is short.
    case text
    /// An identifier such as a security code (`0050`, `00632R`): text, but never cut.
    case code
    /// Whole numbers.
    case integer
    /// Numbers with decimals (prices, changes).
    case decimal
    /// Days.
    case date
    /// A day and a time on it (`2025-06-02T13:30`), with an offset from UTC or not.
    case dateTime = "datetime"
    /// A time of day (`13:30`).
    case time

    /// Numbers right, everything else left.
    public var alignment: Alignment {
        isNumeric ? .trailing : .leading
    }

    /// True for integers and decimals.
    public var isNumeric: Bool { self == .integer || self == .decimal }

    /// True for the kinds a chart can lay out along its horizontal axis: numbers, days,
    /// date-times and times of day.
    package var isChartAxis: Bool { self != .text && self != .code }

    /// True when a cell must be shown whole or not at all: a cut number reads as a different
    /// number, a cut date, time or code as another one.
    package var isNeverCut: Bool { self != .text }

    /// The kind a value suggests, for screens that do not declare their columns.
    package init(inferredFrom value: CellValue) {
        switch value {
        case .integer: self = .integer
        case .decimal: self = .decimal
        case .date: self = .date
        case .dateTime: self = .dateTime
        case .time: self = .time
        case .text, .missing: self = .text
        }
    }
}
