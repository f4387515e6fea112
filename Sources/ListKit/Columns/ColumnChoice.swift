/// Which of a screen's columns a person asked to see: it lasts through filter, sort and
/// paging, and decides what an export writes.
public struct ColumnChoice: Sendable, Hashable {
    /// Columns hidden with `hide`, or left out by `only`.
    public var hidden: Set<String> = []
    /// Columns not shown by default that `show` brought in.
    public var revealed: Set<String> = []
    /// The order `only` gave; `nil` keeps the declared order.
    public var order: [String]?
    /// The columns `key` pinned at the left, in its order; `nil` pins those the screen pins by
    /// default (``Column/isPinnedByDefault``) where they lead, and an empty list pins none.
    public var pinned: [String]?
    /// How many of the columns that scroll (those not pinned) `>` has scrolled past.
    public var scrollOffset = 0

    public init() {}

    /// The columns the table shows (before any is left out for lack of width), in order.
    ///
    /// - Complexity: O(c) in the number of columns.
    package func shown(_ columns: [Column]) -> [Column] {
        if let order {
            return order.compactMap { name in columns.first { $0.name == name } }.filter { !hidden.contains($0.name) }
        }
        return columns.filter { ($0.isShownByDefault || revealed.contains($0.name)) && !hidden.contains($0.name) }
    }

    /// The shown columns pinned at the left, in the order `key` gave; without `key`, those the
    /// screen pins by default that lead the shown columns (an order `only` gave that puts
    /// another column first pins none).
    ///
    /// - Complexity: O(c × p) for p pinned columns.
    public func pinnedColumns(_ columns: [Column]) -> [Column] {
        let shown = shown(columns)
        guard let pinned else { return Array(shown.prefix { $0.isPinnedByDefault }) }
        return pinned.compactMap { name in shown.first { $0.name == name } }
    }

    /// The columns the table tries to show, left to right: the pinned ones, then the others
    /// from the scroll position on; how many of them are pinned, and how many scrolled past.
    ///
    /// - Complexity: O(c × p) for p pinned columns.
    public func visible(_ columns: [Column]) -> (columns: [Column], pinnedCount: Int, scrolledPast: Int) {
        let pinned = pinnedColumns(columns)
        let names = Set(pinned.map(\.name))
        let scrolling = shown(columns).filter { !names.contains($0.name) }
        let offset = min(max(0, scrollOffset), max(0, scrolling.count - 1))
        return (pinned + scrolling.dropFirst(offset), pinned.count, offset)
    }

    /// The furthest `>` can scroll: until the last column that scrolls is the only one left
    /// beside the pinned ones.
    public func maximumScrollOffset(_ columns: [Column]) -> Int {
        let names = Set(pinnedColumns(columns).map(\.name))
        return max(0, shown(columns).filter { !names.contains($0.name) }.count - 1)
    }

    /// The columns an export writes: every column but those hidden or left out by `only`, in
    /// the order `only` gave or the declared one. Columns the terminal had no room for, or not
    /// shown by default, are exported.
    package func exported(_ columns: [Column]) -> [Column] {
        if let order {
            return order.compactMap { name in columns.first { $0.name == name } }.filter { !hidden.contains($0.name) }
        }
        return columns.filter { !hidden.contains($0.name) }
    }

    /// True when the person left any column out of exports.
    package var narrowsExports: Bool { !hidden.isEmpty || order != nil }
}
