import BrowseSupport
import ListKit

/// Counts written for people: `1,867`.
enum NumberText {
    static func grouped(_ value: Int) -> String {
        ExactDecimal(Int64(value)).formatted(grouping: true)
    }
}
