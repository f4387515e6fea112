/// The rows a drawing shows, picked from every plotted row as they are read in the chart's
/// order (by the horizontal value, ties in the view's order), in constant memory: in each dot
/// column the first and the last row, the first with the least value and the first with the
/// greatest (a row without a value only when the column has no other), as the engine's
/// window statement picks them.
///
/// SQLite cannot group rows by a column of the drawing without sorting all of them once per
/// pick (four sorts of every row); one ordered read and this reduction cost one. A file's rows
/// in their order are reduced the same way, so a drawing of millions of rows is made from a
/// few hundred points.
package struct ChartReduction: Sendable {
    private let first: Double
    private let span: Double
    private let slots: Int
    /// The picked rows' horizontal values and values, in the order read.
    package private(set) var xs: [Double] = []
    package private(set) var ys: [Double?] = []
    /// Every `stride`-th step between neighbouring rows, from the second row: what the chart
    /// measures its widest join by.
    package private(set) var steps: [Double] = []
    private let stride: Int

    private struct Row {
        let index: Int
        let x: Double
        let y: Double?
    }

    private var column: Int?
    private var firstRow: Row?
    private var lastRow: Row?
    private var least: Row?
    private var greatest: Row?
    private var previousX: Double?
    private var read = 0

    /// A reduction for a drawing `columns` dot columns wide over `first`…`last`, measuring
    /// steps every `stride` rows (0: none).
    package init(first: Double, last: Double, columns: Int, stride: Int) {
        self.first = first
        self.span = last - first
        self.slots = max(0, columns - 1)
        self.stride = stride
    }

    /// The dot column of `x`, as the engine computes it: truncated, after adding a half.
    private func column(of x: Double) -> Int {
        span > 0 ? Int((x - first) / span * Double(slots) + 0.5) : 0
    }

    /// Takes the next row in the chart's order.
    ///
    /// - Complexity: O(1).
    package mutating func add(x: Double, y: Double?) {
        defer { read += 1 }
        if stride > 0, read >= 1, (read - 1) % stride == 0, let previousX, x > previousX {
            steps.append(x - previousX)
        }
        previousX = x
        let row = Row(index: read, x: x, y: y)
        let place = column(of: x)
        if place != column {
            flush()
            column = place
            firstRow = row
            least = row
            greatest = row
        }
        lastRow = row
        if let y {
            if least?.y.map({ y < $0 }) ?? true { least = row }
            if greatest?.y.map({ y > $0 }) ?? true { greatest = row }
        }
    }

    /// Ends the rows: the last column's picks join the others.
    package mutating func finish() { flush() }

    private mutating func flush() {
        var picked: [Row] = []
        for row in [firstRow, least, greatest, lastRow] {
            guard let row, !picked.contains(where: { $0.index == row.index }) else { continue }
            picked.append(row)
        }
        for row in picked.sorted(by: { $0.index < $1.index }) {
            xs.append(row.x)
            ys.append(row.y)
        }
        firstRow = nil
        lastRow = nil
        least = nil
        greatest = nil
    }
}
