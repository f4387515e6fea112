import Testing

@testable import ListKit

/// `freq` lists the most frequent value first, then the one seen first. The order comes from a
/// radix sort of packed words: it must be a comparison sort's, with every entry's count and
/// first row handed back unchanged.
@Suite struct FrequencyOrderTests {
    /// The order by comparison: larger counts first, then earlier first rows, then entries.
    static func reference(counts: [Int], firsts: [Int]) -> [FrequencyOrder.Place] {
        counts.indices.sorted { left, right in
            if counts[left] != counts[right] { return counts[left] > counts[right] }
            return firsts[left] != firsts[right] ? firsts[left] < firsts[right] : left < right
        }.map { FrequencyOrder.Place(entry: $0, count: counts[$0], first: firsts[$0]) }
    }

    @Test func entriesComeInTheOrderOfAComparisonSort() {
        var random = SystemRandomNumberGenerator()
        // Nearly distinct values (counts of 1 and 2, rows in every byte), a few frequent ones,
        // and counts past 255 and 65,535 so that more than one byte of the count differs.
        // Entries in the order of their first rows too, as a column of numbers gives them.
        for (size, inRowOrder) in [
            (0, false), (1, false), (2, false), (300, false), (70_000, false), (2, true), (70_000, true),
        ] {
            var firsts = Array(0..<(size * 3)).shuffled(using: &random).prefix(size).map { $0 }
            if inRowOrder { firsts.sort() }
            let counts = (0..<size).map { _ in
                switch Int.random(in: 0..<10, using: &random) {
                case 0: Int.random(in: 256..<100_000, using: &random)
                case 1: Int.random(in: 3..<50, using: &random)
                default: Int.random(in: 1...2, using: &random)
                }
            }
            let places = FrequencyOrder.order(counts: counts, firsts: firsts)
            let expected = Self.reference(counts: counts, firsts: firsts)
            #expect(places.count == size)
            // The first place that differs, rather than two lists of 70,000.
            let differs = expected.indices.first { places.indices.contains($0) && places[$0] != expected[$0] }
            #expect(
                differs == nil,
                "\(size) entries, in row order \(inRowOrder): \(differs.map { "\(places[$0]) for \(expected[$0])" } ?? "")"
            )
        }
    }

    @Test func entriesAlikeKeepTheirOrder() {
        // Every count and row the same: no byte differs, and nothing moves.
        let same = FrequencyOrder.order(counts: [4, 4, 4], firsts: [9, 9, 9])
        #expect(same.map(\.entry) == [0, 1, 2])
        let mixed = FrequencyOrder.order(counts: [1, 7, 1, 7], firsts: [5, 5, 5, 2])
        #expect(Array(mixed) == Self.reference(counts: [1, 7, 1, 7], firsts: [5, 5, 5, 2]))
        #expect(mixed.map(\.entry) == [3, 1, 0, 2])
    }

    @Test func countsAndRowsBeyondAWordAreOrderedTheSame() {
        // A first row past 32 bits, and a count past them, take the comparison sort.
        let counts = [3, 1 << 33, 3, 1, 1 << 33]
        let firsts = [1 << 40, 7, 2, 1 << 35, 6]
        let places = FrequencyOrder.order(counts: counts, firsts: firsts)
        #expect(Array(places) == Self.reference(counts: counts, firsts: firsts))
        #expect(places.map(\.entry) == [4, 1, 2, 0, 3])
    }

    @Test func wordsAreSortedAsNumbersWithTheirIndices() {
        var random = SystemRandomNumberGenerator()
        // Keys that differ in every byte, with repeats, and keys that differ in the top byte only.
        var mixed = (0..<5_000).map { _ in UInt64.random(in: 0...UInt64.max, using: &random) }
        mixed += mixed.prefix(500)
        mixed += (0..<300).map { UInt64($0 % 7) << 56 | 0x00AB_CDEF }
        // Sorted in no pass (every byte shared), one, two, and every byte: the keys end in the
        // list the last pass wrote, the caller's own or the other.
        let sets: [(String, [UInt64])] = [
            ("none", []),
            ("alike", Array(repeating: 0x0102_0304_0506_0708, count: 40)),
            ("top byte", (0..<300).map { UInt64(($0 * 37) % 11) << 56 | 0x00AB_CDEF }),
            ("two bytes", (0..<900).map { UInt64(($0 * 7_919) % 65_536) << 8 | 0xFF00_0000_0000_0000 }),
            ("mixed", mixed),
        ]
        for (name, keys) in sets {
            var sorted = keys
            let indices = FrequencyOrder.sort(&sorted)
            let expected = keys.indices.sorted { keys[$0] != keys[$1] ? keys[$0] < keys[$1] : $0 < $1 }
            #expect(sorted.count == keys.count && indices.count == keys.count, "\(name)")
            #expect(zip(sorted, expected).allSatisfy { $0 == keys[$1] }, "\(name): keys out of order")
            #expect(zip(indices, expected).allSatisfy { Int($0) == $1 }, "\(name): indices out of order")
        }
    }
}
