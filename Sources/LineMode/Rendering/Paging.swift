/// Which page a position falls on.
package struct Paging: Sendable, Hashable {
    /// The 1-based page number.
    package let number: Int
    /// Pages in all (at least 1).
    package let pageCount: Int
    /// The view indices on this page.
    package let range: Range<Int>

    /// The page of `pageSize` rows that holds `position`, in a view of `count` rows.
    package init(count: Int, pageSize: Int, position: Int) {
        let size = max(1, pageSize)
        pageCount = max(1, (count + size - 1) / size)
        let index = min(max(0, position), max(0, count - 1)) / size
        number = index + 1
        range = (index * size)..<min(count, index * size + size)
    }

    /// The first view index of page `number` (1-based), or `nil` when there is no such page.
    package static func start(ofPage number: Int, count: Int, pageSize: Int) -> Int? {
        let size = max(1, pageSize)
        let pages = max(1, (count + size - 1) / size)
        guard (1...pages).contains(number) else { return nil }
        return (number - 1) * size
    }
}
