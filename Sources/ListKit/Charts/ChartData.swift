import BrowseSupport

/// What `chart` draws: a numeric column, against a number, date, date-time or time column or the
/// row order, and optionally a second numeric column as bars under the line.
public struct ChartRequest: Sendable, Hashable {
    /// The line's column (numbers).
    public var y: Column
    /// The horizontal axis (numbers, dates, date-times or times);
    /// `nil` plots the rows in the view's order.
    public var x: Column?
    /// A second numeric column drawn as bars (`chart close volume`).
    public var bars: Column?

    public init(y: Column, x: Column? = nil, bars: Column? = nil) {
        self.y = y
        self.x = x
        self.bars = bars
    }
}

/// The points of a chart, taken once from a list's view (its filter, `where` and sort
/// respected): positions as `Double`s for drawing, plus what the axes need to label them in
/// the columns' own formats.
package struct ChartData: Sendable {
    package let request: ChartRequest
    /// The title of the list the points come from.
    package let source: String
    /// Each point's horizontal position: a day number for dates, seconds since 1970 for
    /// date-times (the instant; see ``xOffset``), seconds since midnight for times, the value for
    /// numbers, the row's place in the view (1, 2, …) otherwise; in increasing order.
    package let xs: [Double]
    /// Each point's value; `nil` where the row has none (the line has a gap there).
    package let ys: [Double?]
    /// Each point's bar, when bars were asked for.
    package let bars: [Double?]?
    /// The most decimals the line's values have, so labels read like the column.
    package let yScale: Int
    /// The most decimals the bars' values have.
    package let barScale: Int
    /// True when the list shows the line's numbers with thousands separators.
    package var yGrouped = true
    /// True when the list shows the bars' numbers with thousands separators.
    package var barGrouped = true
    /// For date-times, the offset from UTC of the first plotted value that has one: the axis
    /// reads the instants on that clock. `nil` reads them as UTC, as values without an offset
    /// are (`DateTime`'s order).
    package var xOffset: UTCOffset?
    /// The horizontal values at the two ends of the axis, as the column holds them (a title
    /// can show `2025-06-02T00:00 – 2025-06-02T23:00` exactly); `nil` without a column.
    package var xEnds: (first: CellValue, last: CellValue)?

    /// For points reduced to a few per column of the drawing (``ChartAnswering``), what all
    /// the rows said; `nil` when every row is a point.
    package var summary: ChartSummary?

    /// For points reduced from the values of the rows in the view's order, those values, so
    /// that a drawing of another width has its own points (``drawn(columns:)``).
    package var rowValues: ChartRowValues?

    /// For points a list reduced itself without keeping the rows' values (a database's
    /// engine picked them), the dot columns they were picked for: a drawing of another width
    /// asks the list again (``ChartAnswering``), as those points leave its columns without
    /// their own rows.
    package var answeredColumns: Int?

    /// The number of rows plotted.
    package var count: Int { summary?.rows ?? xs.count }

    /// The number of rows plotted without a value (gaps in the line).
    package var missing: Int { summary?.missing ?? ys.reduce(0) { $1 == nil ? $0 + 1 : $0 } }

    /// Reads the points from the view of `list`: in pieces on every core when the list can
    /// (``PiecewiseValues``), else in one pass; the points are the same either way.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    /// - Complexity: O(n) in the rows of the view, plus O(n log n) to order them by `x`.
    @MainActor
    package static func make(from list: any ListScreen, request: ChartRequest, stop: StopFlag = .never) throws
        -> ChartData
    {
        var names = [request.y.name]
        if let x = request.x { names.append(x.name) }
        if let bars = request.bars { names.append(bars.name) }
        // A slot a row, made once at the final size and written in place by every piece: arrays
        // that grew as they filled, or pieces joined afterwards, would hold two copies at once.
        let rows = list.count
        var xs = [Double](repeating: .nan, count: rows)
        var ys = [Double?](repeating: nil, count: rows)
        var bars = [Double?](repeating: nil, count: request.bars == nil ? 0 : rows)
        let points = try xs.withUnsafeMutableBufferPointer { xs in
            try ys.withUnsafeMutableBufferPointer { ys in
                try bars.withUnsafeMutableBufferPointer { bars in
                    try ChartPoints.read(
                        names, of: list, request: request, into: ChartSlots(xs: xs, ys: ys, bars: bars), stop: stop)
                }
            }
        }
        if points.plotted < rows {
            ChartSlots.gather(plotted: points.plotted, xs: &xs, ys: &ys, bars: &bars)
        }
        if request.x != nil { ChartSlots.orderByX(xs: &xs, ys: &ys, bars: &bars) }
        return points.data(request: request, xs: xs, ys: ys, bars: bars, from: list)
    }

    /// Where `value` sits on a horizontal axis (``xs``), or `nil` for a value that has no place
    /// on one (text, missing).
    ///
    /// - Complexity: O(1).
    static func position(of value: CellValue) -> Double? {
        switch value {
        case .date(let date): return Double(date.dayNumber)
        case .dateTime(let dateTime): return Double(dateTime.secondsSince1970) + Double(dateTime.nanosecond) / 1e9
        case .time(let time): return Double(time.nanosecondOfDay) / 1e9
        default: return value.decimal?.doubleValue
        }
    }

    /// The memory a chart of `rows` rows needs, about: its points (a `Double` and two optional
    /// ones each), their reordering by `x` when there is one, and what drawing them takes; or,
    /// for `exact` (exporting what a chart plots), the points with their exact values.
    ///
    /// - Complexity: O(1).
    package static func memoryNeeded(for request: ChartRequest, rows: Int, exact: Bool = false) -> Int {
        if exact { return rows * 256 }
        let points = 8 + 16 + (request.bars == nil ? 0 : 16)
        let ordering = request.x == nil ? 0 : points + 16
        return rows * (points + ordering + 8) + (16 << 20)
    }

    /// Makes sure a chart of `rows` rows can have the memory it needs before any of it is asked
    /// for (``SystemMemory``), as a sort does: a chart of a hundred million rows under a memory
    /// limit is refused with a line instead of ending the program.
    ///
    /// - Parameters:
    ///   - request: The chart asked for.
    ///   - rows: How many rows it plots.
    ///   - exact: For exporting what a chart plots, which keeps the exact values.
    /// - Throws: `AnalysisMemoryError` saying how much it needed.
    /// - Complexity: O(1).
    package static func checkMemory(for request: ChartRequest, rows: Int, exact: Bool = false)
        throws(AnalysisMemoryError)
    {
        let needed = memoryNeeded(for: request, rows: rows, exact: exact)
        guard SystemMemory.isAvailable(needed) else {
            throw AnalysisMemoryError(
                work: exact ? "export the points of chart \(request.y.name)" : "chart \(request.y.name)", rows: rows,
                bytes: needed)
        }
    }

    package init(
        request: ChartRequest, source: String, xs: [Double], ys: [Double?], bars: [Double?]?, yScale: Int,
        barScale: Int
    ) {
        self.request = request
        self.source = source
        self.xs = xs
        self.ys = ys
        self.bars = bars
        self.yScale = yScale
        self.barScale = barScale
    }
}

extension ChartData {
    /// The plotted rows with their exact values, in the chart's order, for export: the
    /// horizontal value (or the row's place), the line's value and the bar's.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    /// - Complexity: O(n log n) in the rows of the view.
    @MainActor
    package static func exactPoints(from list: any ListScreen, request: ChartRequest, stop: StopFlag = .never) throws
        -> [[CellValue]]
    {
        var names = [request.y.name]
        if let x = request.x { names.append(x.name) }
        if let bars = request.bars { names.append(bars.name) }
        var points: [(order: SortKey, row: [CellValue])] = []
        var place = 0
        try list.forEachValues(of: names, stop: stop) { values in
            place += 1
            let x: CellValue = request.x == nil ? .integer(Int64(place)) : values[1]
            // Only what has a place on the axis is plotted; the exact values order the points.
            guard position(of: x) != nil else { return }
            var row = [x, values[0]]
            if request.bars != nil { row.append(values[names.count - 1]) }
            points.append((SortKey(x), row))
        }
        return points.enumerated().sorted { left, right in
            if SortKey.ascending(left.element.order, right.element.order) { return true }
            if SortKey.ascending(right.element.order, left.element.order) { return false }
            return left.offset < right.offset
        }.map(\.element.row)
    }
}
