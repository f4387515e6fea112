import BrowseSupport
import Testing

@testable import ListKit

/// A number is one value however it was written, as `where` compares it: dictionaries and sets
/// of cells (the `freq` and `stats` of a list) must count `2` and `2.00` once.
@Suite struct CellValueTests {
    @Test func aNumberIsOneValueInEverySpelling() {
        let two: [CellValue] = [
            .integer(2), .decimal(ExactDecimal(units: 20, scale: 1)), .decimal(ExactDecimal(units: 200, scale: 2)),
        ]
        for left in two {
            for right in two {
                #expect(left == right)
                #expect(left.hashValue == right.hashValue)
            }
        }
        let others: [CellValue] = [
            .integer(-2), .decimal(ExactDecimal(units: 21, scale: 1)), .text("2"), .missing, .integer(.max),
            .decimal(ExactDecimal(units: .max, scale: 12)),
        ]
        #expect(Set(two + others).count == 1 + others.count)
        #expect(others.allSatisfy { !two.contains($0) })
    }
}
