import BrowseSupport

/// A column of a list of `Item`s, declared once with its value: the table's cells, the detail's
/// fields, `sort`, `where`, `freq`, `stats`, charts and exports all come from it.
///
/// ```swift
/// let columns: [ListColumn<Film>] = [
///     .text("title", \.title, priority: 10, isName: true),
///     .integer("year", \.releaseYear, priority: 9),
///     .text("director", \.director, priority: 5),
/// ]
/// ```
///
/// The value is read from a key path or made by a closure; a column whose cell needs more than
/// one property (a change with its arrow and colour) gives a closure that makes the ``Cell``.
public struct ListColumn<Item> {
    /// The column's name, kind, alignment, priority and widths.
    public let column: Column
    /// Makes the item's cell in this column.
    public let cell: (Item) -> Cell

    /// A column whose cell `cell` makes.
    ///
    /// - Parameters:
    ///   - column: The column's name, kind and layout.
    ///   - cell: Makes an item's cell; its value must be of the column's kind (or missing).
    public init(_ column: Column, cell: @escaping (Item) -> Cell) {
        self.column = column
        self.cell = cell
    }

    /// The header, and what `sort`, `hide` and exports call the column.
    public var name: String { column.name }

    /// A column whose cell `cell` makes, declared in place.
    ///
    /// - Parameters:
    ///   - name: The header.
    ///   - kind: What its values are.
    ///   - short: A shorter header for narrow screens (`chg` for `change`); `nil` has none.
    ///   - priority: Higher stays on screen longer.
    ///   - minimumWidth: How narrow a text column may become.
    ///   - isShownByDefault: Whether the table shows it before `show` or `only`.
    ///   - isName: Whether the column names the row (a security's name, a film's title).
    ///   - isPinnedByDefault: Whether it stays at the left while `>` and `<` scroll the others.
    ///   - cell: Makes an item's cell.
    public init(
        _ name: String, kind: ColumnKind, short: String? = nil, priority: Int = 0, minimumWidth: Int = 6,
        isShownByDefault: Bool = true, isName: Bool = false, isPinnedByDefault: Bool = false,
        cell: @escaping (Item) -> Cell
    ) {
        self.init(
            Column(
                name, kind: kind, short: short, priority: priority, minimumWidth: minimumWidth,
                isShownByDefault: isShownByDefault, isName: isName, isPinnedByDefault: isPinnedByDefault),
            cell: cell)
    }
}

extension ListColumn {
    /// A text column read from a key path (names, titles, notes); `isName` for the one that
    /// names the row, which keeps at least ``Column/nameMinimumWidth`` cells.
    public static func text(
        _ name: String, _ value: KeyPath<Item, String>, short: String? = nil, priority: Int = 0,
        minimumWidth: Int = 6, isShownByDefault: Bool = true, isName: Bool = false, isPinnedByDefault: Bool = false
    ) -> ListColumn {
        ListColumn(
            name, kind: .text, short: short, priority: priority, minimumWidth: minimumWidth,
            isShownByDefault: isShownByDefault, isName: isName, isPinnedByDefault: isPinnedByDefault
        ) { .text($0[keyPath: value]) }
    }

    /// A text column whose value may be absent (a missing cell for `nil`).
    public static func text(
        _ name: String, _ value: KeyPath<Item, String?>, short: String? = nil, priority: Int = 0,
        minimumWidth: Int = 6, isShownByDefault: Bool = true, isName: Bool = false, isPinnedByDefault: Bool = false
    ) -> ListColumn {
        ListColumn(
            name, kind: .text, short: short, priority: priority, minimumWidth: minimumWidth,
            isShownByDefault: isShownByDefault, isName: isName, isPinnedByDefault: isPinnedByDefault
        ) { $0[keyPath: value].map(Cell.text) ?? .missing }
    }

    /// A code column (`0050`, `00632R`): text that is never cut; `isPinnedByDefault` keeps it
    /// at the left while the others scroll.
    public static func code(
        _ name: String, _ value: KeyPath<Item, String>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true, isPinnedByDefault: Bool = false
    ) -> ListColumn {
        ListColumn(
            name, kind: .code, short: short, priority: priority, isShownByDefault: isShownByDefault,
            isPinnedByDefault: isPinnedByDefault
        ) { .text($0[keyPath: value]) }
    }

    /// A whole-number column, with thousands separators when `grouped`.
    public static func integer(
        _ name: String, _ value: KeyPath<Item, Int>, grouped: Bool = false, short: String? = nil,
        priority: Int = 0, isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .integer, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .integer($0[keyPath: value], grouped: grouped)
        }
    }

    /// A whole-number column whose value may be absent.
    public static func integer(
        _ name: String, _ value: KeyPath<Item, Int64?>, grouped: Bool = false, short: String? = nil,
        priority: Int = 0, isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .integer, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            $0[keyPath: value].map { Cell.integer($0, grouped: grouped) } ?? .missing
        }
    }

    /// An exact decimal column (prices, ratios), showing the value's own decimals.
    public static func decimal(
        _ name: String, _ value: KeyPath<Item, ExactDecimal?>, grouped: Bool = false,
        short: String? = nil, priority: Int = 0, isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .decimal, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .decimal($0[keyPath: value], grouped: grouped)
        }
    }

    /// A date column, shown as `yyyy-MM-dd`; `isPinnedByDefault` keeps it at the left while the
    /// others scroll (the date of a security's days).
    public static func date(
        _ name: String, _ value: KeyPath<Item, CalendarDate?>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true, isPinnedByDefault: Bool = false
    ) -> ListColumn {
        ListColumn(
            name, kind: .date, short: short, priority: priority, isShownByDefault: isShownByDefault,
            isPinnedByDefault: isPinnedByDefault
        ) { .date($0[keyPath: value]) }
    }

    /// A date-time column (a timestamp), shown as its value was written: `2025-06-02T13:30`,
    /// `2025-06-02 13:30:05+08:00`.
    public static func dateTime(
        _ name: String, _ value: KeyPath<Item, DateTime>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .dateTime, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .dateTime($0[keyPath: value])
        }
    }

    /// A date-time column whose value may be absent (a missing cell for `nil`).
    public static func dateTime(
        _ name: String, _ value: KeyPath<Item, DateTime?>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .dateTime, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .dateTime($0[keyPath: value])
        }
    }

    /// A time-of-day column, shown as its value was written: `13:30`, `13:30:05`.
    public static func time(
        _ name: String, _ value: KeyPath<Item, TimeOfDay>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .time, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .time($0[keyPath: value])
        }
    }

    /// A time-of-day column whose value may be absent (a missing cell for `nil`).
    public static func time(
        _ name: String, _ value: KeyPath<Item, TimeOfDay?>, short: String? = nil, priority: Int = 0,
        isShownByDefault: Bool = true
    ) -> ListColumn {
        ListColumn(name, kind: .time, short: short, priority: priority, isShownByDefault: isShownByDefault) {
            .time($0[keyPath: value])
        }
    }
}

extension Array {
    /// The columns' declarations, in order.
    public func columns<Item>() -> [Column] where Element == ListColumn<Item> {
        map(\.column)
    }

    /// The cells of `item`'s row, one per column, in order.
    ///
    /// - Complexity: O(c) in the columns.
    public func cells<Item>(of item: Item) -> [NamedCell] where Element == ListColumn<Item> {
        map { NamedCell($0.column.name, $0.cell(item)) }
    }

    /// `item`'s detail: each column's name and text, titled by the first column's text.
    public func detail<Item>(of item: Item, notes: [String] = []) -> Detail where Element == ListColumn<Item> {
        let cells = cells(of: item)
        return Detail(
            title: cells.first?.cell.text ?? "", fields: cells.map { Detail.Field($0.name, $0.cell.text) }, notes: notes
        )
    }
}
