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

    /// The number of rows plotted.
    package var count: Int { summary?.rows ?? xs.count }

    /// The number of rows plotted without a value (gaps in the line).
    package var missing: Int { summary?.missing ?? ys.reduce(0) { $1 == nil ? $0 + 1 : $0 } }

    /// Reads the points from the view of `list`.
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
        var xs: [Double] = []
        var ys: [Double?] = []
        var bars: [Double?] = []
        // Made once at their final size: arrays that double as they fill hold both copies at once.
        xs.reserveCapacity(list.count)
        ys.reserveCapacity(list.count)
        if request.bars != nil { bars.reserveCapacity(list.count) }
        var yScale = 0
        var barScale = 0
        var row = 0
        // The rows holding the largest values: their text says whether the list groups digits.
        var largest: (y: (row: Int, value: Double)?, bar: (row: Int, value: Double)?)
        var xOffset: UTCOffset?
        var xEnds: (first: (x: Double, value: CellValue), last: (x: Double, value: CellValue))?
        try list.forEachValues(of: names, stop: stop) { values in
            row += 1
            let y = values[0].decimal
            if let magnitude = y?.doubleValue.magnitude, magnitude > largest.y?.value ?? -1 {
                largest.y = (row - 1, magnitude)
            }
            if request.bars != nil, let magnitude = values[names.count - 1].decimal?.doubleValue.magnitude,
                magnitude > largest.bar?.value ?? -1
            {
                largest.bar = (row - 1, magnitude)
            }
            if let y { yScale = max(yScale, y.scale) }
            let x: Double?
            if request.x != nil {
                x = position(of: values[1])
                if xOffset == nil, let offset = values[1].dateTime?.offset { xOffset = offset }
                if let x {
                    let point = (x: x, value: values[1])
                    let ends = xEnds ?? (point, point)
                    xEnds = (x < ends.first.x ? point : ends.first, x > ends.last.x ? point : ends.last)
                }
            } else {
                x = Double(row)
            }
            // A row without a place on the horizontal axis cannot be plotted.
            guard let x else { return }
            xs.append(x)
            ys.append(y?.doubleValue)
            if request.bars != nil {
                let bar = values[names.count - 1].decimal
                if let bar { barScale = max(barScale, bar.scale) }
                bars.append(bar?.doubleValue)
            }
        }
        if request.x != nil, zip(xs, xs.dropFirst()).contains(where: { $0 > $1 }) {
            let order = xs.indices.sorted { xs[$0] != xs[$1] ? xs[$0] < xs[$1] : $0 < $1 }
            xs = order.map { xs[$0] }
            ys = order.map { ys[$0] }
            if request.bars != nil { bars = order.map { bars[$0] } }
        }
        var data = ChartData(
            request: request, source: list.title, xs: xs, ys: ys, bars: request.bars == nil ? nil : bars,
            yScale: yScale, barScale: barScale)
        data.xOffset = xOffset
        data.xEnds = xEnds.map { ($0.first.value, $0.last.value) }
        func grouped(_ column: Column?, at row: Int?) -> Bool {
            guard let column, let row else { return true }
            let text = list.rows(in: row..<(row + 1)).first?.first { $0.name == column.name }?.cell.text ?? ""
            return text.contains(",") || text.filter(\.isNumber).count < 4
        }
        data.yGrouped = grouped(request.y, at: largest.y?.row)
        data.barGrouped = grouped(request.bars, at: largest.bar?.row)
        return data
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
