import BrowseSupport

/// Where a chart's points are written: a slot for each row of the view, at the row's position.
/// A row with no place on the horizontal axis keeps the NaN its slot starts with, and is left
/// out when the points are gathered.
struct ChartSlots: @unchecked Sendable {
    // Unchecked: pieces read at once write the same buffers, each only at its own rows'
    // positions, and the buffers outlive every piece.
    let xs: UnsafeMutableBufferPointer<Double>
    let ys: UnsafeMutableBufferPointer<Double?>
    /// Empty when no bars were asked for.
    let bars: UnsafeMutableBufferPointer<Double?>

    /// Moves the `plotted` points to the front, in order, and drops the rest.
    ///
    /// - Complexity: O(n) in the slots.
    static func gather(plotted: Int, xs: inout [Double], ys: inout [Double?], bars: inout [Double?]) {
        var kept = 0
        for slot in xs.indices where !xs[slot].isNaN {
            xs[kept] = xs[slot]
            ys[kept] = ys[slot]
            if !bars.isEmpty { bars[kept] = bars[slot] }
            kept += 1
        }
        xs.removeLast(xs.count - plotted)
        ys.removeLast(ys.count - plotted)
        if !bars.isEmpty { bars.removeLast(bars.count - plotted) }
    }

    /// Orders the points by `x`, rows of equal `x` in view order.
    ///
    /// - Complexity: O(n log n), O(n) when they are in order already.
    static func orderByX(xs: inout [Double], ys: inout [Double?], bars: inout [Double?]) {
        guard zip(xs, xs.dropFirst()).contains(where: { $0 > $1 }) else { return }
        let order = xs.indices.sorted { xs[$0] != xs[$1] ? xs[$0] < xs[$1] : $0 < $1 }
        xs = order.map { xs[$0] }
        ys = order.map { ys[$0] }
        if !bars.isEmpty { bars = order.map { bars[$0] } }
    }
}

/// What a chart learns while its points are read, from the whole view or from one consecutive
/// piece of it: pieces read at once are joined in order into what one pass would have learnt.
struct ChartPoints: Sendable {
    /// The rows that have a place on the horizontal axis.
    private(set) var plotted = 0
    private var yScale = 0
    private var barScale = 0
    /// The rows (positions in the view) holding the largest values, the first of equals: their
    /// text says whether the list groups digits.
    private var largestY: (row: Int, value: Double)?
    private var largestBar: (row: Int, value: Double)?
    private var xOffset: UTCOffset?
    /// The least and greatest horizontal values, the first of equals, as the column holds them.
    private var xEnds: (first: (x: Double, value: CellValue), last: (x: Double, value: CellValue))?

    /// Reads the values of `names` (the line's, the axis', the bars') over the view of `list`
    /// into `slots`: in pieces on every core when the list can, else in one pass.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    @MainActor
    static func read(
        _ names: [String], of list: any ListScreen, request: ChartRequest, into slots: ChartSlots, stop: StopFlag
    ) throws -> ChartPoints {
        let hasX = request.x != nil
        let hasBars = request.bars != nil
        if let screen = list as? any PiecewiseValues,
            let pieces = try screen.valuePieces(
                of: names, stop: stop,
                { start, read in
                    var piece = ChartPoints()
                    var position = start
                    read { values in
                        piece.add(
                            y: values[0].plotted, x: hasX ? values[1].plotted : nil,
                            bar: hasBars ? values[values.count - 1].plotted : nil, at: position, into: slots)
                        position += 1
                    }
                    return piece
                })
        {
            return pieces.reduce(into: ChartPoints()) { $0.join($1) }
        }
        var points = ChartPoints()
        var position = 0
        try list.forEachValues(of: names, stop: stop) { values in
            points.add(
                y: values[0], x: hasX ? values[1] : nil, bar: hasBars ? values[values.count - 1] : nil,
                at: position, into: slots)
            position += 1
        }
        return points
    }

    /// Takes the row at `position` in the view (counted from 0): its value `y`, its horizontal
    /// value `x` (`nil` plots the row at its place) and its bar, written to its slot.
    ///
    /// - Complexity: O(1).
    mutating func add(y value: CellValue, x: CellValue?, bar: CellValue?, at position: Int, into slots: ChartSlots) {
        // A view that grew while it was read has rows beyond the slots: they are not plotted.
        guard position < slots.xs.count else { return }
        let y = value.decimal
        if let magnitude = y?.doubleValue.magnitude, magnitude > largestY?.value ?? -1 {
            largestY = (position, magnitude)
        }
        let barValue = bar?.decimal
        if let magnitude = barValue?.doubleValue.magnitude, magnitude > largestBar?.value ?? -1 {
            largestBar = (position, magnitude)
        }
        if let y { yScale = max(yScale, y.scale) }
        let place: Double
        if let x {
            // A row without a place on the horizontal axis cannot be plotted.
            guard let found = ChartData.position(of: x) else { return }
            place = found
            if xOffset == nil, let offset = x.dateTime?.offset { xOffset = offset }
            let point = (x: found, value: x)
            let ends = xEnds ?? (point, point)
            xEnds = (found < ends.first.x ? point : ends.first, found > ends.last.x ? point : ends.last)
        } else {
            place = Double(position + 1)
        }
        plotted += 1
        slots.xs[position] = place
        slots.ys[position] = y?.doubleValue
        if !slots.bars.isEmpty {
            if let barValue { barScale = max(barScale, barValue.scale) }
            slots.bars[position] = barValue?.doubleValue
        }
    }

    /// Takes what the next consecutive piece learnt, as one pass would have gone on to learn it.
    ///
    /// - Complexity: O(1).
    mutating func join(_ piece: ChartPoints) {
        plotted += piece.plotted
        yScale = max(yScale, piece.yScale)
        barScale = max(barScale, piece.barScale)
        // A later piece wins only with a strictly larger value, as a later row does in one pass.
        if let largest = piece.largestY, largest.value > largestY?.value ?? -1 { largestY = largest }
        if let largest = piece.largestBar, largest.value > largestBar?.value ?? -1 { largestBar = largest }
        if xOffset == nil { xOffset = piece.xOffset }
        if let ends = piece.xEnds {
            let current = xEnds ?? ends
            xEnds = (
                ends.first.x < current.first.x ? ends.first : current.first,
                ends.last.x > current.last.x ? ends.last : current.last
            )
        }
    }

    /// The chart's data from the gathered points, and whether `list` groups the digits of the
    /// largest values.
    @MainActor
    func data(request: ChartRequest, xs: [Double], ys: [Double?], bars: [Double?], from list: any ListScreen)
        -> ChartData
    {
        let hasBars = request.bars != nil
        var data = ChartData(
            request: request, source: list.title, xs: xs, ys: ys, bars: hasBars ? bars : nil,
            yScale: yScale, barScale: barScale)
        data.xOffset = xOffset
        data.xEnds = xEnds.map { ($0.first.value, $0.last.value) }
        data.yGrouped = Self.grouped(request.y, at: largestY?.row, in: list)
        data.barGrouped = Self.grouped(request.bars, at: largestBar?.row, in: list)
        return data
    }

    /// Whether `list` shows the numbers of `column` with thousands separators, judged from
    /// the text of its cell in the view's row `row` (the one of the largest magnitude); true
    /// without one.
    @MainActor
    static func grouped(_ column: Column?, at row: Int?, in list: any ListScreen) -> Bool {
        guard let column, let row else { return true }
        let text = list.rows(in: row..<(row + 1)).first?.first { $0.name == column.name }?.cell.text ?? ""
        return text.contains(",") || text.filter(\.isNumber).count < 4
    }
}

extension PieceValue {
    /// The value as a chart reads it: a text is neither a number nor a place on an axis.
    var plotted: CellValue {
        if case .text = self { return .missing }
        return cellValue
    }
}
