import BrowseSupport
import ListKit

extension DatabaseScreen: ChartAnswering {
    /// A few statements whatever the table's size: one aggregate for the range of the values
    /// (which sets how many columns the drawing has), then the rows each column shows with the
    /// steps the local chart measures its widest join by. PostgreSQL picks those rows with
    /// window functions and sends only them; SQLite, which would sort every row once per pick,
    /// is read once in the chart's order and reduced as it is read (``ChartReduction``). A
    /// chart with bars, or against a column that is not a number, is read row by row.
    package func chartPoints(for request: ChartRequest, columns: (ChartRange) -> Int, stop: StopFlag) throws
        -> ChartData?
    {
        func numeric(_ name: String) -> DatabaseColumn? {
            view?.columns.first { $0.name == name && ($0.kind == .integer || $0.kind == .decimal) }
        }
        guard let view, request.bars == nil, let y = numeric(request.y.name) else { return nil }
        let x = request.x.map { numeric($0.name) }
        if case .some(.none) = x { return nil }
        let plot = ChartPlot(y: y, x: x ?? nil)
        // SQLite would write every value's text to count its decimals: the rows read count them.
        let readsRows = connection.dialect == .sqlite
        do throws(DatabaseError) {
            var range: [String?] = []
            let summary = compiler.chartSummary(view, y: y.name, x: plot.x?.name, scale: !readsRows)
            try Self.run(summary, in: connection, stop: stop) { range = $0 }
            guard range.count == 8 else { return nil }
            let rows = range[0].flatMap { Int($0) } ?? 0
            let present = range[1].flatMap { Int($0) } ?? 0
            let largest = range[6] ?? ""
            // As the local chart decides from the text of the value of the greatest magnitude.
            let grouped = range[6] == nil || largest.contains(",") || largest.filter(\.isNumber).count < 4
            var extent = ChartRange(
                low: plot.number(range[4], y.kind) ?? 0, high: plot.number(range[5], y.kind) ?? 0,
                scale: min(range[7].flatMap { Int($0) } ?? 0, ChartPicks.mostDecimals), grouped: grouped)
            var picked = ChartPicks(scale: extent.scale)
            var answeredColumns: Int?
            if let first = plot.number(range[2], plot.xKind), let last = plot.number(range[3], plot.xKind) {
                let ends = (first: first, last: last)
                let stride = plot.x != nil && rows > 4 ? max(1, (rows - 1) / 1_000) : 0
                if readsRows {
                    picked = try readPicks(view, plot, ends, stride: stride, stop: stop) { scale in
                        extent.scale = scale
                        return columns(extent)
                    }
                } else {
                    picked = try windowPicks(view, plot, ends, stride: stride, columns: columns(extent), stop: stop)
                    picked.scale = extent.scale
                }
                extent.scale = picked.scale
                answeredColumns = columns(extent)
            }
            var data = ChartData(
                request: request, source: title, xs: picked.xs, ys: picked.ys, bars: nil, yScale: picked.scale,
                barScale: 0)
            data.yGrouped = grouped
            data.summary = ChartSummary(rows: rows, missing: rows - present, longestJoin: picked.longestJoin)
            data.answeredColumns = answeredColumns
            if plot.x != nil, let first = range[2], let last = range[3] {
                data.xEnds = (DatabaseCells.value(first, kind: plot.xKind), DatabaseCells.value(last, kind: plot.xKind))
            }
            return data
        } catch {
            throw Self.listError(error)
        }
    }

    /// The picks of one ordered read of the plotted rows, reduced as they arrive, for the
    /// drawing as wide as `columns` says for the decimals the values turn out to have.
    private func readPicks(
        _ view: DatabaseView, _ plot: ChartPlot, _ ends: (first: Double, last: Double), stride: Int,
        stop: StopFlag, columns: (Int) -> Int
    ) throws(DatabaseError) -> ChartPicks {
        // The decimals are known only at the end: one reduction for each width the drawing may
        // have (a handful), the one for the decimals found kept.
        let widths = (0...ChartPicks.mostDecimals).map(columns)
        let distinct = widths.reduce(into: [Int]()) { found, width in
            if !found.contains(width) { found.append(width) }
        }
        var reductions = distinct.map {
            ChartReduction(first: ends.first, last: ends.last, columns: $0, stride: stride)
        }
        var decimals = 0
        var place = 0.0
        let valueField = plot.x == nil ? 0 : 1
        try Self.run(compiler.chartRows(view, y: plot.y.name, x: plot.x?.name), in: connection, stop: stop) { fields in
            let horizontal: Double?
            if plot.x == nil {
                place += 1
                horizontal = place
            } else {
                horizontal = plot.number(fields[0], plot.xKind)
            }
            guard let horizontal else { return }
            let cell = DatabaseCells.value(fields[valueField], kind: plot.y.kind)
            let value = cell.decimal?.doubleValue
            if case .decimal(let decimal) = cell { decimals = max(decimals, decimal.scale) }
            for index in reductions.indices { reductions[index].add(x: horizontal, y: value) }
        }
        let scale = min(decimals, ChartPicks.mostDecimals)
        guard let kept = distinct.firstIndex(of: widths[scale]) else { return ChartPicks(scale: scale) }
        var reduction = reductions[kept]
        reduction.finish()
        return ChartPicks(xs: reduction.xs, ys: reduction.ys, steps: reduction.steps, scale: scale)
    }

    /// The picks the engine makes with window functions, sent alone.
    private func windowPicks(
        _ view: DatabaseView, _ plot: ChartPlot, _ ends: (first: Double, last: Double), stride: Int, columns: Int,
        stop: StopFlag
    ) throws(DatabaseError) -> ChartPicks {
        var steps: [Double] = []
        if let x = plot.x, stride > 0 {
            let statement = compiler.chartSteps(view, y: plot.y.name, x: x.name, stride: stride)
            try Self.run(statement, in: connection, stop: stop) { fields in
                if let before = plot.number(fields[0], plot.xKind), let after = plot.number(fields[1], plot.xKind),
                    after > before
                {
                    steps.append(after - before)
                }
            }
        }
        var xs: [Double] = []
        var ys: [Double?] = []
        let statement = compiler.chartPoints(
            view, y: plot.y.name, x: plot.x?.name, first: ends.first, last: ends.last, columns: columns)
        try Self.run(statement, in: connection, stop: stop) { fields in
            guard let x = plot.number(fields[0], plot.xKind) else { return }
            xs.append(x)
            ys.append(plot.number(fields[1], plot.y.kind))
        }
        return ChartPicks(xs: xs, ys: ys, steps: steps, scale: 0)
    }
}

/// The columns a chart plots: the values, and the horizontal values when not the places.
struct ChartPlot {
    let y: DatabaseColumn
    let x: DatabaseColumn?
    var xKind: DatabaseColumn.Kind { x?.kind ?? .integer }

    /// The number `text` is in a column of `kind`, as the local chart reads it.
    func number(_ text: String?, _ kind: DatabaseColumn.Kind) -> Double? {
        DatabaseCells.value(text, kind: kind).decimal?.doubleValue
    }
}

/// The rows a drawing shows, the steps it measures its widest join by, and the most decimals
/// of the values.
struct ChartPicks {
    var xs: [Double] = []
    var ys: [Double?] = []
    var steps: [Double] = []
    var scale: Int

    /// The most decimals a number has: a text with more is not read as one.
    static let mostDecimals = ExactDecimal.maximumScale

    /// Twenty times the middle step, or no limit with fewer than four steps.
    var longestJoin: Double {
        guard steps.count >= 4 else { return .infinity }
        return steps.sorted()[steps.count / 2] * 20
    }
}
