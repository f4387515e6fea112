/// The rows of a view a database screen holds: a few pages around the one shown, never the
/// whole table. Each row is the shown columns' fields then the order's (to page from it).
struct DatabaseWindow {
    /// The view index of the first row held.
    var start = 0
    var rows: [[String?]] = []

    var end: Int { start + rows.count }

    /// The most rows held at once.
    static let capacity = 2_000

    func covers(_ range: Range<Int>) -> Bool { range.lowerBound >= start && range.upperBound <= end }

    /// Keeps at most ``capacity`` rows, around `range`.
    mutating func trim(around range: Range<Int>) {
        guard rows.count > Self.capacity else { return }
        let keepStart = max(start, min(range.lowerBound - Self.capacity / 4, end - Self.capacity))
        let drop = keepStart - start
        rows.removeFirst(drop)
        start = keepStart
        if rows.count > Self.capacity { rows.removeLast(rows.count - Self.capacity) }
    }
}
