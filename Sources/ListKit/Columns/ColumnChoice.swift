/// Which of a screen's columns a person asked to see: it lasts through filter, sort and
/// paging, and decides what an export writes.
public struct ColumnChoice: Sendable, Hashable {
    /// Columns hidden with `hide`, or left out by `only`.
    public var hidden: Set<String> = []
    /// Columns not shown by default that `show` brought in.
    public var revealed: Set<String> = []
    /// The order `only` gave; `nil` keeps the declared order.
    public var order: [String]?
    /// How many of the shown columns `>` has scrolled past.
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
