extension WidthTable {
    /// True when one of `ranges` contains `value`.
    ///
    /// - Parameters:
    ///   - value: A Unicode scalar value.
    ///   - ranges: Sorted, non-overlapping closed ranges, such as `WidthTable.wide`.
    /// - Complexity: O(log n) in the number of ranges.
    static func contains(_ value: UInt32, in ranges: [ClosedRange<UInt32>]) -> Bool {
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = low + (high - low) / 2
            let range = ranges[middle]
            if value < range.lowerBound {
                high = middle
            } else if value > range.upperBound {
                low = middle + 1
            } else {
                return true
            }
        }
        return false
    }
}
