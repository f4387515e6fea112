import BrowseSupport
import Testing

@testable import ListKit

/// `stats` counts distinct values with a table of its own: it must count as a `Set` of the
/// same values does.
@Suite struct DistinctValuesTests {
    @Test func countsAsASetOfTheValuesDoes() throws {
        var random = SystemRandomNumberGenerator()
        var values: [CellValue] = [
            .missing, .decimal(ExactDecimal(units: 150, scale: 2)), .decimal(ExactDecimal(units: 15, scale: 1)),
        ]
        for _ in 0..<50_000 {
            switch Int.random(in: 0..<6, using: &random) {
            case 0: values.append(.integer(Int64.random(in: -5_000...5_000, using: &random)))
            case 1:
                values.append(
                    .decimal(
                        ExactDecimal(
                            units: Int64.random(in: -99_999...99_999, using: &random),
                            scale: Int.random(in: 0...3, using: &random))))
            case 2:
                values.append(
                    .date(
                        try #require(
                            CalendarDate(
                                year: 2024, month: Int.random(in: 1...12, using: &random),
                                day: Int.random(in: 1...28, using: &random)))))
            case 3:
                // One instant in several spellings, some finer than a microsecond.
                let minute = Int.random(in: 0..<60, using: &random)
                let second = Int.random(in: 0..<3, using: &random)
                let text = [
                    "2025-06-02T13:\(minute < 10 ? "0" : "")\(minute):0\(second)+08:00",
                    "2025-06-02 05:\(minute < 10 ? "0" : "")\(minute):0\(second)",
                    "2025-06-02T05:\(minute < 10 ? "0" : "")\(minute):0\(second).000000\(second)Z",
                    "2025-06-02T05:\(minute < 10 ? "0" : "")\(minute):0\(second).00000000\(second)Z",
                    "2025-06-02T05:\(minute < 10 ? "0" : "")\(minute):0\(second).000\(second)00Z",
                ][Int.random(in: 0..<5, using: &random)]
                values.append(.dateTime(try #require(DateTime(iso: text))))
            case 4:
                let second = Int.random(in: 0..<20, using: &random)
                let text = ["13:30:\(second + 10)", "13:30:\(second + 10).0", "13:30:\(second + 10).000000001"][
                    Int.random(in: 0..<3, using: &random)]
                values.append(.time(try #require(TimeOfDay(iso: text))))
            default:
                values.append(.text(["台積電", "台泥", "a", "A", "e\u{301}", "é"][Int.random(in: 0..<6, using: &random)]))
            }
        }
        // A text and a date-time finer than a microsecond that only the last piece below holds.
        values.append(.text("seen last"))
        values.append(.dateTime(try #require(DateTime(iso: "2026-12-05T19:30:00.000000001Z"))))
        var distinct = DistinctValues()
        for value in values { distinct.insertLater(value) }
        distinct.flush()
        let reference = Set(values.filter { $0 != .missing })
        #expect(distinct.count == reference.count)
        // The same values read in three pieces, as `stats` reads a file on every core.
        let pieces = [values[..<10_000], values[10_000..<30_000], values[30_000...]].map { piece in
            var set = DistinctValues()
            for value in piece { set.insertLater(value) }
            set.flush()
            return set
        }
        #expect(DistinctValues.unionCount(pieces) == reference.count)
    }
}

/// Past a few tens of thousands of keys the set keeps its keys in partitions: counts must stay
/// exact through spilling, partitions filling and doubling, and merging sets read in pieces.
@Suite struct DistinctKeysTests {
    /// Keys with repeats, about `distinct` different ones, some sharing a payload under other
    /// tags. Their payloads are spread over 64 bits unless `close`: far too wide to be bits.
    static func keys(count: Int, distinct: Int, seed: UInt64, close: Bool = false) -> [(UInt64, UInt16)] {
        var state = seed
        return (0..<count).map { _ in
            // A small xorshift, so that every run tries the same keys.
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            let value = state % UInt64(distinct)
            // An odd multiplier maps distinct values to distinct payloads.
            return (close ? value : value &* 0x9E37_79B9_7F4A_7C15, UInt16(value % 3))
        }
    }

    private static func count(_ keys: some Sequence<(UInt64, UInt16)>) -> Int {
        Set(keys.map { "\($0.0)/\($0.1)" }).count
    }

    @Test func countsKeysPastTheTableExactly() {
        let keys = Self.keys(count: 600_000, distinct: 300_000, seed: 7)
        var set = DistinctKeys()
        for (payload, tag) in keys { set.insertLater(payload, tag: tag) }
        set.flush()
        #expect(set.keepsBits == false)
        #expect(Self.count(keys) > DistinctKeys.spillCount)
        #expect(set.count == Self.count(keys))
    }

    /// Past its table a set keeps each tag's keys apart. A payload under another tag is
    /// another key, and a tag that only one of the sets read in pieces holds is counted too.
    @Test func aPayloadUnderAnotherTagIsAnotherKey() {
        let first = Self.keys(count: 120_000, distinct: 100_000, seed: 5).map { ($0.0, UInt16(1)) }
        let second = first.map { ($0.0, UInt16(7)) } + Self.keys(count: 50_000, distinct: 40_000, seed: 9)
        let sets = [first, second].map { keys in
            var set = DistinctKeys()
            for (payload, tag) in keys { set.insertLater(payload, tag: tag) }
            set.flush()
            return set
        }
        #expect(sets.map(\.count) == [Self.count(first), Self.count(second)])
        #expect(Self.count(first) > DistinctKeys.spillCount && Self.count(second) > DistinctKeys.spillCount)
        #expect(DistinctKeys.unionCount(sets) == Self.count(first + second))
        #expect(DistinctKeys.unionCount(sets.reversed()) == Self.count(first + second))
    }

    /// Sets read in pieces, some past their tables and some not, counted together in every order.
    @Test(arguments: [
        [1_000, 250_000], [250_000, 1_000], [20_000, 20_000], [250_000, 250_000], [90_000, 5, 400_000],
    ])
    func countsPiecesTogetherAsOnePassCounts(sizes: [Int]) {
        let pieces = sizes.enumerated().map { index, size in
            Self.keys(count: size, distinct: 200_000, seed: 11 + 2 * UInt64(index))
        }
        let sets = pieces.map { keys in
            var set = DistinctKeys()
            for (payload, tag) in keys { set.insertLater(payload, tag: tag) }
            set.flush()
            return set
        }
        let expected = Self.count(pieces.joined())
        #expect(sets.allSatisfy { !$0.keepsBits || $0.count < 20 })
        #expect(DistinctKeys.unionCount(sets) == expected)
        #expect(DistinctKeys.unionCount(sets.reversed()) == expected)
        #expect(DistinctKeys.unionCount([sets[0]]) == Self.count(pieces[0]))
        #expect(DistinctKeys.unionCount(sets + sets) == expected, "a set counted twice adds nothing")
    }
}
