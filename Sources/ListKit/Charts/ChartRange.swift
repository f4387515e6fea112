/// What the width of a chart's vertical-axis labels depends on: the least and greatest value
/// of the line, the decimals its values have, and whether the list groups their digits.
package struct ChartRange: Sendable, Hashable {
    package var low: Double
    package var high: Double
    package var scale: Int
    package var grouped: Bool

    package init(low: Double, high: Double, scale: Int, grouped: Bool) {
        self.low = low
        self.high = high
        self.scale = scale
        self.grouped = grouped
    }
}
