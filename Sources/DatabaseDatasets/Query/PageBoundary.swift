/// The place of one row in a view's order, that a page starts after or ends before: the row's
/// sort value and key values, each with the type the engine stored it as (SQLite compares an
/// integer and a text differently), so the next page is found by the index, not by counting.
package struct PageBoundary: Sendable, Hashable {
    /// The values of the order's terms (the sort column, then the key), as text.
    package var values: [String?]
    /// The storage type of each value, as SQLite's `typeof` names it; empty for other engines.
    package var types: [String]

    package init(values: [String?], types: [String] = []) {
        self.values = values
        self.types = types
    }
}
