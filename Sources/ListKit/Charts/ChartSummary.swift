/// What a chart reduced to a few points per column still says of all its rows: how many were
/// plotted, how many had no value, and the widest step between neighbouring rows the line joins
/// (the reduced points would give another).
package struct ChartSummary: Sendable, Hashable {
    package var rows: Int
    package var missing: Int
    package var longestJoin: Double

    package init(rows: Int, missing: Int, longestJoin: Double) {
        self.rows = rows
        self.missing = missing
        self.longestJoin = longestJoin
    }
}
