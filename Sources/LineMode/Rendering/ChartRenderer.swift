import ListKit

/// Draws a `ChartData` as text: a line of Unicode braille dots (2×4 to a cell) or, in ASCII,
/// `*` with `|` and `-` axes; the vertical axis labelled with the minimum, the maximum and
/// round values between in the column's own format; the horizontal axis with dates as
/// `yyyy-mm`, numbers, or row numbers; optional bars under the line. A row without a value
/// leaves a gap, never a zero.
///
/// ```text
/// 1,080.00 ┤       ⢀⡠⠤⠒⠊⠉⠉⠑⠒⠤⣀
///   900.00 ┤   ⡠⠊⠁
///   593.00 ┤⡠⠊
///          └┬───────────┬──────
///           2021-07     2025-06
/// ```
public struct ChartRenderer: Sendable {
    /// The whole width to fill.
    public var width: Int
    /// Rows for the line (the axes, labels and bars come on top of these).
    public var height: Int
    /// `*`, `-` and `|` instead of braille and box drawing.
    public var ascii: Bool
    public var style: TextStyle

    public init(width: Int, height: Int, ascii: Bool, style: TextStyle) {
        self.width = max(20, width)
        self.height = max(2, height)
        self.ascii = ascii
        self.style = style
    }

    /// The chart's lines, without the title.
    ///
    /// - Complexity: O(n) in the points, plus O(w × h) for the drawing.
    public func lines(_ data: ChartData) -> [String] {
        let values = data.ys.compactMap { $0 }
        guard let low = values.min(), let high = values.max(), let first = data.xs.first, let last = data.xs.last else {
            return ["nothing to draw: no row of the view has a value in \(data.request.y.name)"]
        }
        let labels = yLabels(low: low, high: high, scale: data.yScale, grouped: data.yGrouped)
        var labelWidth = labels.map { DisplayWidth.of($0.text) }.max() ?? 1
        if let bars = data.bars, let name = data.request.bars?.name {
            let top = bars.compactMap { $0 }.max() ?? 0
            let topLabel = Self.number(top, scale: data.barScale, grouped: data.barGrouped)
            labelWidth = max(labelWidth, DisplayWidth.of(name), DisplayWidth.of(topLabel))
        }
        let plotWidth = max(4, width - labelWidth - 2)
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
        for (x, y) in zip(data.xs, data.ys) {
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
        func label(_ x: Double) -> String {
            guard data.request.x?.kind == .date else { return Self.number(x, scale: 0) }
            return String(CalendarDate(dayNumber: Int(x.rounded())).description.prefix(7))
        }
        var ticks: [(x: Double, last: Bool)] = [(first, last <= first)]
        if last > first {
            ticks.append((last, true))
            ticks += Self.roundTicks(
                from: first, to: last, count: max(1, columns / 14), dates: data.request.x?.kind == .date
            )
            .map { ($0, false) }
        }
        var taken: [Range<Int>] = []
        for tick in ticks {
            let text = Array(label(tick.x))
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
