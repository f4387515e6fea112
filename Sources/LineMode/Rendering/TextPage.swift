/// The lines of a text screen (a detail, long help) that one page shows, when the text is
/// longer than the terminal: `n` and `p` page through it as through a list's rows.
public struct TextPage: Sendable, Hashable {
    /// The index of the first line shown: a multiple of `size`.
    public let first: Int
    /// Lines per page.
    public let size: Int
    /// Lines in all.
    public let total: Int

    public init(first: Int, size: Int, total: Int) {
        self.first = first
        self.size = max(1, size)
        self.total = total
    }

    /// The page, its number and how many there are.
    public var paging: Paging { Paging(count: total, pageSize: size, position: first) }

    /// Whether this page shows the last line.
    public var isLast: Bool { first + size >= total }

    /// The first line of the last page.
    public var lastStart: Int { (paging.pageCount - 1) * size }
}
