import BrowseSupport
import ListKit

/// Draws a `ChartData` as text: a line of Unicode braille dots (2×4 to a cell) or, in ASCII,
/// `*` with `|` and `-` axes; the vertical axis labelled with the minimum, the maximum and
/// round values between in the column's own format; the horizontal axis with dates as
/// `yyyy-mm` (days within a span of a few months), date-times and times as clock readings
/// (`12:00`; days or months over longer spans, ``TimeAxis``), numbers, or row numbers; optional
/// bars under the line. A row without a value, or a stretch of the axis far longer than the usual step
/// between rows, leaves a gap, never a zero or an invented line.
///
/// ```text
/// 1,080.00 ┤       ⢀⡠⠤⠒⠊⠉⠉⠑⠒⠤⣀
///   900.00 ┤   ⡠⠊⠁
///   593.00 ┤⡠⠊
///          └┬───────────┬──────
///           2021-07     2025-06
/// ```
package struct ChartRenderer: Sendable {
    /// The whole width to fill.
    package var width: Int
    /// Rows for the line (the axes, labels and bars come on top of these).
    package var height: Int
    /// `*`, `-` and `|` instead of braille and box drawing.
    package var ascii: Bool
    package var style: TextStyle

    package init(width: Int, height: Int, ascii: Bool, style: TextStyle) {
        self.width = max(20, width)
        self.height = max(2, height)
        self.ascii = ascii
        self.style = style
    }

    /// The least and greatest of the values present; `nil` when none is.
    ///
    /// - Complexity: O(n), in no memory of its own.
    static func range(of values: [Double?]) -> (low: Double, high: Double)? {
        var range: (low: Double, high: Double)?
        for case let value? in values {
            range = (min(range?.low ?? value, value), max(range?.high ?? value, value))
        }
        return range
    }

    /// The chart's lines, without the title.
    ///
    /// - Complexity: O(n) in the points, plus O(w × h) for the drawing.
    package func lines(_ data: ChartData) -> [String] {
        // The range in one pass, without a copy of the values: a chart may have 100 million.
        let range = Self.range(of: data.ys)
        guard let low = range?.low, let high = range?.high, let first = data.xs.first, let last = data.xs.last else {
            return ["nothing to draw: no row of the view has a value in \(data.request.y.name)"]
        }
        var barLabels: [String] = []
        if let bars = data.bars, let name = data.request.bars?.name {
            let top = Self.range(of: bars)?.high ?? 0
            barLabels = [name, Self.number(top, scale: data.barScale, grouped: data.barGrouped)]
        }
        let yRange = ChartRange(low: low, high: high, scale: data.yScale, grouped: data.yGrouped)
        let (labels, labelWidth) = yAxis(yRange, besides: barLabels)
        let plotWidth = plotWidth(labelWidth: labelWidth)
        // Points reduced for another width are reduced again for this one.
        let data = data.drawn(columns: dotColumns(plotWidth: plotWidth))
        let grid = plot(data, low: low, high: high, from: first, to: last, columns: plotWidth)
        var lines: [String] = []
        for row in 0..<height {
            let label = labels.first { $0.row == row }?.text ?? ""
            let axis = label.isEmpty ? (ascii ? "|" : "│") : (ascii ? "+" : "┤")
            let padded = String(repeating: " ", count: labelWidth - DisplayWidth.of(label)) + label
            lines.append(trimmed(padded + " " + style.dim(axis) + grid[row]))
        }
        let (axis, axisLabels) = xAxis(data, from: first, to: last, columns: plotWidth)
        let indent = String(repeating: " ", count: labelWidth + 1)
        lines.append(indent + style.dim(axis))
        let shownLabels = trimmed(axisLabels)
        if !shownLabels.isEmpty { lines.append(indent + " " + shownLabels) }
        if let bars = data.bars {
            lines += barLines(bars, data: data, from: first, to: last, columns: plotWidth, labelWidth: labelWidth)
        }
        return lines
    }

    /// The vertical axis's labels and the cells they take, made wide enough for `other` labels
    /// written in the same column (a bar chart's name and greatest bar).
    private func yAxis(_ range: ChartRange, besides other: [String]) -> (labels: [(row: Int, text: String)], width: Int)
    {
        let labels = yLabels(low: range.low, high: range.high, scale: range.scale, grouped: range.grouped)
        let width = (labels.map(\.text) + other).map(DisplayWidth.of).max() ?? 1
        return (labels, width)
    }

    /// The cells the plot takes beside labels `labelWidth` wide.
    private func plotWidth(labelWidth: Int) -> Int { max(4, width - labelWidth - 2) }

    /// The dot columns in a plot `plotWidth` cells wide.
    private func dotColumns(plotWidth: Int) -> Int { ascii ? plotWidth : plotWidth * 2 }

    /// The dot columns `data`, a chart without bars, is drawn in at this width; `nil` when no
    /// row has a value. A drawing that is not as wide as its points were picked for by the
    /// list (``ChartData/answeredColumns``) needs the list's picks for this one.
    package func dotColumns(of data: ChartData) -> Int? {
        guard let range = Self.range(of: data.ys) else { return nil }
        return dotColumns(for: ChartRange(low: range.low, high: range.high, scale: data.yScale, grouped: data.yGrouped))
    }

    /// The dot columns a chart without bars whose values span `range` is drawn in: what a
    /// list that reduces its rows to a few per column (``ChartAnswering``) reduces them to.
    package func dotColumns(for range: ChartRange) -> Int {
        dotColumns(plotWidth: plotWidth(labelWidth: yAxis(range, besides: []).width))
    }

    // MARK: - The line

    /// One string per row of the plot area, `columns` cells wide.
    private func plot(
        _ data: ChartData, low: Double, high: Double, from first: Double, to last: Double, columns: Int
    ) -> [String] {
        let dotColumns = ascii ? columns : columns * 2
        let dotRows = ascii ? height : height * 4
        // The lowest and highest dot row reached in each dot column, and whether the line comes
        // into the column from the one before it without a gap.
        var top = [Int](repeating: Int.max, count: dotColumns)
        var bottom = [Int](repeating: Int.min, count: dotColumns)
        func mark(_ column: Int, _ from: Int, _ to: Int) {
            top[column] = min(top[column], min(from, to))
            bottom[column] = max(bottom[column], max(from, to))
        }
        var previous: (column: Int, row: Int)?
        let longestJoin = Self.longestJoin(data)
        var previousX = -Double.infinity
        for (x, y) in zip(data.xs, data.ys) {
            // A stretch without rows far longer than the usual spacing (years between two
            // months of prices) is a gap too: a straight line across it would invent prices.
            if x - previousX > longestJoin { previous = nil }
            previousX = x
            guard let y else {
                // No value: the line stops here and starts again at the next value.
                previous = nil
                continue
            }
            let column = position(x, from: first, to: last, slots: dotColumns)
            let row = dotRow(y, low: low, high: high, rows: dotRows)
            guard let start = previous, start.column != column else {
                mark(column, previous?.row ?? row, row)
                previous = (column, row)
                continue
            }
            // Join the previous point: each column between takes the straight line's course,
            // drawn from where the line left the column before it.
            let direction = column > start.column ? 1 : -1
            var current = start.column
            var leaving = start.row
            while current != column {
                current += direction
                let fraction = Double(current - start.column) / Double(column - start.column)
                let reached = Int((Double(start.row) + Double(row - start.row) * fraction).rounded())
                mark(current, leaving, reached)
                leaving = reached
            }
            previous = (column, row)
        }
        var rows: [String] = []
        for cellRow in 0..<height {
            var text = ""
            for cell in 0..<columns {
                if ascii {
                    let lit = top[cell] <= cellRow && bottom[cell] >= cellRow
                    text.append(lit ? "*" : " ")
                    continue
                }
                var bits: UInt32 = 0
                for half in 0..<2 {
                    let column = cell * 2 + half
                    guard top[column] != Int.max else { continue }
                    for dot in 0..<4 where top[column] <= cellRow * 4 + dot && bottom[column] >= cellRow * 4 + dot {
                        bits |= Self.brailleBits[half][dot]
                    }
                }
                text.unicodeScalars.append(bits == 0 ? " " : Unicode.Scalar(0x2800 + bits) ?? " ")
            }
            rows.append(style.bold(text))
        }
        return rows
    }

    /// The widest step between neighbouring points the line still joins: twenty times the
    /// median step, when the horizontal axis is a column (the row order has no holes). The
    /// median is that of at most 1,001 steps spread over the chart, which is plenty for a
    /// threshold and costs the same for a million points.
    static func longestJoin(_ data: ChartData) -> Double {
        if let summary = data.summary { return summary.longestJoin }
        guard data.request.x != nil, data.xs.count > 4 else { return .infinity }
        let xs = data.xs
        let stride = max(1, (xs.count - 1) / 1_000)
        var steps: [Double] = []
        var index = 1
        while index < xs.count {
            let step = xs[index] - xs[index - 1]
            if step > 0 { steps.append(step) }
            index += stride
        }
        guard steps.count >= 4 else { return .infinity }
        steps.sort()
        return steps[steps.count / 2] * 20
    }

    /// The braille dot bits by column (left, right) and row (top to bottom).
    private static let brailleBits: [[UInt32]] = [[0x01, 0x02, 0x04, 0x40], [0x08, 0x10, 0x20, 0x80]]

    private func position(_ x: Double, from first: Double, to last: Double, slots: Int) -> Int {
        guard last > first else { return slots / 2 }
        return min(slots - 1, max(0, Int(((x - first) / (last - first) * Double(slots - 1)).rounded())))
    }

    private func dotRow(_ y: Double, low: Double, high: Double, rows: Int) -> Int {
        guard high > low else { return rows / 2 }
        return min(rows - 1, max(0, Int(((high - y) / (high - low) * Double(rows - 1)).rounded())))
    }

    // MARK: - Axes

    /// Labels for the vertical axis: the maximum on the top row, the minimum on the bottom row,
    /// and round values between on rows of their own.
    private func yLabels(low: Double, high: Double, scale: Int, grouped: Bool) -> [(row: Int, text: String)] {
        var labels = [(row: 0, text: Self.number(high, scale: scale, grouped: grouped))]
        guard high > low else { return [(row: height / 2, text: Self.number(high, scale: scale, grouped: grouped))] }
        labels.append((row: height - 1, text: Self.number(low, scale: scale, grouped: grouped)))
        let wanted = max(1, (height - 2) / 3)
        let step = Self.roundStep((high - low) / Double(wanted + 1))
        var value = (low / step).rounded(.up) * step
        while value < high {
            let row = Int(((high - value) / (high - low) * Double(height - 1)).rounded())
            if value > low, !labels.contains(where: { abs($0.row - row) < 2 }) {
                labels.append((row: row, text: Self.number(value, scale: scale, grouped: grouped)))
            }
            value += step
        }
        return labels
    }

    /// 1, 2 or 5 times a power of ten, at least `raw`.
    static func roundStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        var power = 1.0
        while power * 10 <= raw { power *= 10 }
        while power > raw { power /= 10 }
        for factor in [1.0, 2, 5, 10] where power * factor >= raw { return power * factor }
        return power * 10
    }

    /// `value` with `scale` decimals and thousands separators, as the column shows numbers.
    static func number(_ value: Double, scale: Int, grouped: Bool = true) -> String {
        var factor = 1.0
        for _ in 0..<scale { factor *= 10 }
        let units = (value * factor).rounded()
        guard units.magnitude < 9.2e18 else { return String(value) }
        return ExactDecimal(units: Int64(units), scale: scale).formatted(grouping: grouped)
    }

    /// The axis line with its ticks, and the labels under the ticks: as many as fit without
    /// touching, never cut, the first and last ones first.
    private func xAxis(_ data: ChartData, from first: Double, to last: Double, columns: Int) -> (String, String) {
        var axis = Array(repeating: ascii ? "-" : "─", count: columns)
        var labels = Array(repeating: Character(" "), count: columns)
        let dates = data.request.x?.kind == .date
        // The ends show whole dates: a month alone would repeat a tick's (the start of the
        // last month, then its last day). Within a few months the ticks between are days.
        let days = dates && last - first < Self.daySpan
        let timeAxis: TimeAxis?
        switch data.request.x?.kind {
        case .dateTime:
            timeAxis = TimeAxis(
                kind: .dateTime(offset: (data.xOffset?.minutes ?? 0) * 60), from: first, to: last,
                count: max(1, columns / 12))
        case .time:
            timeAxis = TimeAxis(kind: .time, from: first, to: last, count: max(1, columns / 12))
        default:
            timeAxis = nil
        }
        func label(_ x: Double, end: Bool) -> String {
            if let timeAxis { return timeAxis.label(x, end: end) }
            guard dates else { return Self.number(x, scale: 0) }
            let date = CalendarDate(dayNumber: Int(x.rounded())).description
            if end { return date }
            return days ? String(date.suffix(5)) : String(date.prefix(7))
        }
        var ticks: [(x: Double, last: Bool, end: Bool)] = [(first, last <= first, true)]
        if last > first {
            ticks.append((last, true, true))
            let count = max(1, columns / (days ? 12 : 14))
            let between =
                timeAxis?.ticks(from: first, to: last)
                ?? (days
                    ? Self.dayTicks(from: first, to: last, count: count)
                    : Self.roundTicks(from: first, to: last, count: count, dates: dates))
            ticks += between.map { ($0, false, false) }
        }
        var taken: [Range<Int>] = []
        for tick in ticks {
            let text = Array(label(tick.x, end: tick.end))
            let textWidth = DisplayWidth.of(String(text))
            let slot = position(tick.x, from: first, to: last, slots: columns)
            // The last label ends at its tick; the others start at theirs.
            let start = tick.last && last > first ? max(0, slot - textWidth + 1) : slot
            let span = start..<(start + textWidth)
            guard span.upperBound <= columns,
                !taken.contains(where: { $0.overlaps((span.lowerBound - 1)..<(span.upperBound + 1)) })
            else { continue }
            taken.append(span)
            axis[slot] = ascii ? "+" : "┬"
            for (offset, character) in text.enumerated() { labels[start + offset] = character }
        }
        return ((ascii ? "+" : "└") + axis.joined(), String(labels))
    }

    /// Spans shorter than this many days are labelled with days, not months.
    static let daySpan = 92.0

    /// Days strictly between `first` and `last`, every 1, 2 or 7 days (Mondays) or 14, so that
    /// about `count` fit.
    static func dayTicks(from first: Double, to last: Double, count: Int) -> [Double] {
        let step = [1, 2, 7, 14].first { (last - first) / Double($0) <= Double(count) } ?? 28
        // Day 4 of the epoch, 1970-01-05, was a Monday.
        let anchor = step >= 7 ? 4 : 0
        var day = Int(first) + 1
        day += ((anchor - day) % step + step) % step
        var ticks: [Double] = []
        while Double(day) < last, ticks.count < 200 {
            ticks.append(Double(day))
            day += step
        }
        return ticks
    }

    /// Round positions strictly between `first` and `last`: multiples of 1, 2 or 5 times a
    /// power of ten, or for dates the first days of every few months.
    static func roundTicks(from first: Double, to last: Double, count: Int, dates: Bool) -> [Double] {
        guard last > first else { return [] }
        if dates {
            let months = max(1, Int(roundStep((last - first) / 30.44 / Double(count))))
            var date = CalendarDate(dayNumber: Int(first))
            var ticks: [Double] = []
            while true {
                let total = date.year * 12 + date.month - 1 + months
                date = CalendarDate(clamping: total / 12, month: total % 12 + 1, day: 1)
                let day = Double(date.dayNumber)
                guard day < last, ticks.count < 200 else { break }
                ticks.append(day)
            }
            return ticks
        }
        let step = roundStep((last - first) / Double(count))
        var value = (first / step).rounded(.down) * step + step
        var ticks: [Double] = []
        while value < last, ticks.count < 200 {
            ticks.append(value)
            value += step
        }
        return ticks
    }

    // MARK: - Bars

    private func barLines(
        _ bars: [Double?], data: ChartData, from first: Double, to last: Double, columns: Int, labelWidth: Int
    ) -> [String] {
        var highest = [Double](repeating: -.infinity, count: columns)
        for (x, bar) in zip(data.xs, bars) {
            guard let bar else { continue }
            let column = position(x, from: first, to: last, slots: columns)
            highest[column] = max(highest[column], bar)
        }
        let top = highest.filter(\.isFinite).max() ?? 0
        guard top > 0, let name = data.request.bars?.name else { return [] }
        let rows = max(2, height / 3)
        let blocks: [Character] = ascii ? ["|"] : ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
        var lines: [String] = []
        let maximum = Self.number(top, scale: data.barScale, grouped: data.barGrouped)
        for row in 0..<rows {
            var text = ""
            for value in highest {
                guard value.isFinite, value > 0 else {
                    text.append(" ")
                    continue
                }
                // Eighths of a row filled, counted from the bottom row up.
                let filled = value / top * Double(rows * blocks.count)
                let below = Double((rows - 1 - row) * blocks.count)
                let here = min(Double(blocks.count), max(0, filled - below))
                text.append(here <= 0 ? " " : blocks[max(0, min(blocks.count - 1, Int(here.rounded(.up)) - 1))])
            }
            let label = row == 0 ? maximum : (row == rows - 1 ? name : "")
            let padded = String(repeating: " ", count: max(0, labelWidth - DisplayWidth.of(label))) + label
            lines.append(trimmed(padded + " " + style.dim(ascii ? "|" : "│") + style.dim(text)))
        }
        return lines
    }

    private func trimmed(_ text: String) -> String {
        var text = text
        while text.last == " " { text.removeLast() }
        return text
    }
}
