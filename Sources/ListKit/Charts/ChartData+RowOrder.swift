import BrowseSupport

extension ChartData {
    /// The points of a chart of `request.y` in the view's order (no horizontal column, no
    /// bars), read in pieces on every core and reduced to the few each dot column of the
    /// drawing shows (``ChartReduction``); `nil` for any other chart, or a list that cannot be
    /// read in pieces, which ``make(from:request:stop:)`` reads instead.
    ///
    /// The values are kept as one `Double` a row (not a place, a value and its absence, as
    /// the general reading keeps them): the drawing's width is known only from their range, and
    /// a drawing of another width (after a resize) is reduced from them again. A drawing of
    /// millions of rows is made from a few hundred points.
    ///
    /// - Parameters:
    ///   - list: The list whose view is charted.
    ///   - request: The chart asked for.
    ///   - columns: The dot columns the chart is drawn in, given the range of its values.
    ///   - stop: Raised by Ctrl-C.
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    /// - Complexity: O(n) in the rows of the view.
    @MainActor
    package static func inRowOrder(
        from list: any ListScreen & PiecewiseValues, request: ChartRequest, columns: (ChartRange) -> Int,
        stop: StopFlag
    ) throws -> ChartData? {
        guard request.x == nil, request.bars == nil else { return nil }
        let rows = list.count
        var whole = RowOrderPiece(start: 0)
        var pieces: [RowOrderPiece]?
        // Written in place by every core, into the array the chart keeps: no copy after.
        let values = try [Double](unsafeUninitializedCapacity: rows) { buffer, initialized in
            let slots = RowValues(values: buffer)
            pieces = try list.valuePieces(
                of: [request.y.name], stop: stop,
                { start, read in
                    var piece = RowOrderPiece(start: start)
                    read { piece.add($0[0].plotted, into: slots) }
                    return piece
                })
            for piece in pieces ?? [] {
                // Pieces follow one another from the first row, so every slot up to the last
                // row read was written; anything else is read the general way.
                guard piece.start == whole.read else {
                    pieces = nil
                    return
                }
                whole.join(piece)
            }
            initialized = min(whole.read, rows)
        }
        guard pieces != nil else { return nil }
        let plotted = values.count
        let grouped = ChartPoints.grouped(request.y, at: whole.largest?.row, in: list)
        var data = ChartData(
            request: request, source: list.title, xs: [], ys: [], bars: nil, yScale: whole.scale, barScale: 0)
        data.yGrouped = grouped
        data.summary = ChartSummary(rows: plotted, missing: whole.missing, longestJoin: .infinity)
        guard let low = whole.low, let high = whole.high, plotted > 0 else { return data }
        let kept = ChartRowValues(values)
        return data.reduced(
            kept, columns: columns(ChartRange(low: low, high: high, scale: whole.scale, grouped: grouped)))
    }

    /// The chart drawn `columns` dot columns wide: for one reduced from the values of its rows
    /// in the view's order, those values reduced again for that width (a drawing of another
    /// width would show the points of this one, not every row's); any other chart as it is.
    ///
    /// - Complexity: O(n) in the rows when reduced again, else O(1).
    package func drawn(columns: Int) -> ChartData {
        guard let values = rowValues, values.columns != columns else { return self }
        return reduced(values, columns: columns)
    }

    /// This chart with the points of `values` for a drawing `columns` dot columns wide.
    private func reduced(_ values: ChartRowValues, columns: Int) -> ChartData {
        var reduction = ChartReduction(first: 1, last: Double(values.values.count), columns: columns, stride: 0)
        for (row, value) in values.values.enumerated() {
            reduction.add(x: Double(row + 1), y: value.isNaN ? nil : value)
        }
        reduction.finish()
        var data = ChartData(
            request: request, source: source, xs: reduction.xs, ys: reduction.ys, bars: nil, yScale: yScale,
            barScale: barScale)
        data.yGrouped = yGrouped
        data.summary = summary
        data.rowValues = ChartRowValues(values.values, columns: columns)
        return data
    }
}

/// The values of a chart's rows in the view's order, one `Double` a row (NaN where a row has
/// none), kept with the points reduced from them so that a drawing of another width reduces
/// them again; and the dot columns the points are for.
package final class ChartRowValues: Sendable {
    let values: [Double]
    let columns: Int

    init(_ values: [Double], columns: Int = 0) {
        self.values = values
        self.columns = columns
    }
}

/// One `Double` a row of the view, NaN where the row has no value, written by pieces read at
/// once, each only at its own rows' positions; the buffer outlives every piece, hence
/// `@unchecked Sendable`.
private struct RowValues: @unchecked Sendable {
    let values: UnsafeMutableBufferPointer<Double>
}

/// What a consecutive piece of the view's rows says of a chart in row order: how many rows
/// it read, how many had no value, the range, the most decimals, and the row of the largest
/// magnitude (the first of equals), whose text says whether the list groups digits.
private struct RowOrderPiece: Sendable {
    let start: Int
    private(set) var read = 0
    private(set) var missing = 0
    private(set) var low: Double?
    private(set) var high: Double?
    private(set) var scale = 0
    private(set) var largest: (row: Int, value: Double)?

    init(start: Int) { self.start = start }

    /// Takes the next row's value, written to its slot.
    mutating func add(_ value: CellValue, into slots: RowValues) {
        let position = start + read
        read += 1
        // A view that grew while it was read has rows beyond the slots: they are not plotted.
        guard position < slots.values.count else { return }
        guard let decimal = value.decimal else {
            missing += 1
            slots.values[position] = .nan
            return
        }
        let number = decimal.doubleValue
        slots.values[position] = number
        scale = max(scale, decimal.scale)
        if number.magnitude > largest?.value ?? -1 { largest = (position, number.magnitude) }
        low = min(low ?? number, number)
        high = max(high ?? number, number)
    }

    /// Takes what the next consecutive piece learnt, as one pass would have gone on to learn it.
    mutating func join(_ piece: RowOrderPiece) {
        read += piece.read
        missing += piece.missing
        scale = max(scale, piece.scale)
        // A later piece wins only with a strictly larger value, as a later row does in one pass.
        if let found = piece.largest, found.value > largest?.value ?? -1 { largest = found }
        if let other = piece.low { low = min(low ?? other, other) }
        if let other = piece.high { high = max(high ?? other, other) }
    }
}
