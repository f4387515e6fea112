import BrowseSupport
import ListKit

/// A line of block characters tracing values: `▁▂▄▆█`.
package enum Sparkline {
    static let blocks: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The values as blocks, lowest to highest; the last `limit` values when there are more.
    ///
    /// - Complexity: O(n).
    package static func render(_ values: [ExactDecimal], limit: Int = 60) -> String {
        let shown = values.suffix(max(1, limit)).map(\.doubleValue)
        guard let low = shown.min(), let high = shown.max() else { return "" }
        let span = high - low
        return String(
            shown.map { value in
                guard span > 0 else { return blocks[blocks.count / 2] }
                let index = Int(((value - low) / span * Double(blocks.count - 1)).rounded())
                return blocks[min(max(index, 0), blocks.count - 1)]
            })
    }
}
