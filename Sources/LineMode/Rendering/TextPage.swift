/// The lines of a text screen (a detail, long help) that one page shows, when the text is
/// longer than the terminal: `n` and `p` page through it as through a list's rows.
package struct TextPage: Sendable, Hashable {
    /// The index of the first line shown: a multiple of `size`.
    package let first: Int
    /// Lines per page.
    package let size: Int
    /// Lines in all.
    package let total: Int

    package init(first: Int, size: Int, total: Int) {
        self.first = first
        self.size = max(1, size)
        self.total = total
    }

    /// The page, its number and how many there are.
    package var paging: Paging { Paging(count: total, pageSize: size, position: first) }

    /// Whether this page shows the last line.
    package var isLast: Bool { first + size >= total }

    /// The first line of the last page.
    package var lastStart: Int { (paging.pageCount - 1) * size }
}
