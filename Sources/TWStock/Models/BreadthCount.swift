import BrowseSupport
import ListKit

/// A count of securities as MI_INDEX writes it: `4,916(55)` is 4,916 that rose, 55 of them to
/// the day's limit; `228` has no limit part.
package struct BreadthCount: Sendable, Hashable, CustomStringConvertible {
    package let count: Int64
    /// The part in parentheses: how many reached the limit (漲停, 跌停).
    package let limit: Int64?

    /// Creates a count.
    package init(count: Int64, limit: Int64? = nil) {
        self.count = count
        self.limit = limit
    }

    /// Reads `4,916(55)`, `228`, `764(14)`; `nil` for anything else.
    package init?(_ text: String) {
        let cleaned = FieldText.clean(text) ?? ""
        let parts = cleaned.split(separator: "(", maxSplits: 1)
        guard let first = parts.first, let count = ExactDecimal(first), count.scale == 0, count.signum >= 0 else {
            return nil
        }
        self.count = count.units
        if parts.count == 2 {
            guard parts[1].hasSuffix(")"), let limit = ExactDecimal(parts[1].dropLast()), limit.scale == 0,
                limit.signum >= 0
            else { return nil }
            self.limit = limit.units
        } else {
            limit = nil
        }
    }

    /// `4,916 (55)`.
    package var description: String {
        let count = ExactDecimal(count).formatted(grouping: true)
        return limit.map { "\(count) (\(ExactDecimal($0).formatted(grouping: true)))" } ?? count
    }
}
