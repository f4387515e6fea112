import BrowseSupport
import Testing

@testable import ListKit

/// `stats` keeps the distinct days, prices and small counts of a column as bits while their
/// payloads lie close together: the count must be a set's, whether the keys stay bits, leave
/// them halfway, or are counted together with other pieces'.
@Suite struct KeyBitmapsTests {
    private static func count(_ keys: some Sequence<(UInt64, UInt16)>) -> Int {
        Set(keys.map { "\($0.0)/\($0.1)" }).count
    }

    private static func set(_ keys: some Sequence<(UInt64, UInt16)>) -> DistinctKeys {
        var set = DistinctKeys()
        for (payload, tag) in keys { set.insertLater(payload, tag: tag) }
        set.flush()
        return set
    }

    /// Prices of two places as decimals keep them: the units at each scale (1.5 is 15 at scale
    /// 1), a mark for each, some below zero, in an order that widens the runs both ways.
    private static func prices(count: Int, seed: UInt64, from lowest: Int64 = -150_000) -> [(UInt64, UInt16)] {
        var state = seed
        return (0..<count).map { _ in
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return KeyedCounts.key(ExactDecimal(units: lowest + Int64(state % 500_000), scale: 2))
        }
    }

    @Test func keysCloseTogetherAreCountedAsBits() {
        let keys = Self.prices(count: 300_000, seed: 3)
        let set = Self.set(keys)
        #expect(set.keepsBits == true)
        #expect(set.count == Self.count(keys))
        #expect(set.count > DistinctKeys.spillCount, "more keys than the table holds before it spills")
    }

    @Test func everyKeyIsGivenBackOnceByMarkAndPayload() {
        var bitmaps = KeyBitmaps()
        let keys: [(UInt64, UInt16)] = [(70, 2), (5, 2), (5, 2), (UInt64(bitPattern: -3), 2), (5, 1), (1_000, 2)]
        let taken = keys.map { payload, mark in bitmaps.insert(payload, mark: mark) }
        #expect(taken.allSatisfy { $0 })
        var given: [String] = []
        bitmaps.forEachKey { payload, mark in given.append("\(mark):\(Int64(bitPattern: payload))") }
        #expect(given == ["2:-3", "2:5", "2:70", "2:1000", "1:5"])
        #expect(bitmaps.count == 5)
    }

    /// Payloads at both ends of 64 bits: a run never reaches past `Int64.max`, so none below it
    /// wraps into it.
    @Test func payloadsAtTheEndsOfSixtyFourBitsStayApart() {
        let ends: [Int64] = [.max, .max - 1, .max - 63, .max - 64, .min, .min + 1, .min + 64, -1, 0]
        let keys = ends.map { (UInt64(bitPattern: $0), UInt16(0)) }
        let set = Self.set(keys + keys)
        #expect(set.count == ends.count)
        var near = KeyBitmaps()
        let taken = ends.prefix(4).map { near.insert(UInt64(bitPattern: $0), mark: 1) }
        #expect(taken.allSatisfy { $0 })
        let refused = !near.insert(UInt64(bitPattern: Int64.min), mark: 1)
        #expect(refused, "a run as wide as 64 bits")
        #expect(near.count == 4, "a refused key leaves the set as it was")
        var given: [Int64] = []
        near.forEachKey { payload, _ in given.append(Int64(bitPattern: payload)) }
        let top: [Int64] = [.max - 64, .max - 63, .max - 1, .max]
        #expect(given == top)
    }

    /// Keys 320 payloads apart (five words a key) would take more memory as bits than a table
    /// takes for them, past the free 512 KiB: they leave the bits, and none is lost. Keys 60
    /// apart stay.
    @Test(arguments: [(320, false), (60, true)])
    func keysSpreadThinnerThanATableTakesLeaveTheBits(gap: Int, staysBits: Bool) {
        let keys = (0..<70_000).map { (UInt64($0 * gap), UInt16(1)) }
        var set = Self.set(keys.reversed())
        #expect(set.keepsBits == staysBits)
        #expect(set.count == keys.count)
        set.insertLater(0, tag: 1)
        set.flush()
        #expect(set.count == keys.count)
    }

    /// A key far from the rest, or of a fifth mark, moves the keys to the table: none is lost.
    @Test(arguments: [(UInt64(1) << 40, UInt16(2 << 8 | 2)), (7, 9)])
    func aKeyThatDoesNotFitMovesTheRestToTheTable(late: (UInt64, UInt16)) {
        // Three scales of prices and an integer: four marks.
        var keys = Self.prices(count: 50_000, seed: 5) + [(1, 1)]
        var set = Self.set(keys)
        #expect(set.keepsBits == true)
        set.insertLater(late.0, tag: late.1)
        keys += Self.prices(count: 50_000, seed: 9) + [late]
        for (payload, tag) in keys.suffix(50_001) { set.insertLater(payload, tag: tag) }
        set.flush()
        #expect(set.keepsBits == false)
        #expect(set.count == Self.count(keys))
    }

    /// Pieces as bits over ranges that overlap, lie apart, or one set not as bits: counted
    /// together as one pass counts them, in any order.
    @Test(arguments: [0, 400_000, 1 << 40])
    func piecesOfBitsAreCountedTogether(apart: Int64) {
        let first = Self.prices(count: 120_000, seed: 13)
        let second = Self.prices(count: 120_000, seed: 17, from: -150_000 + apart)
        let wide = DistinctKeysTests.keys(count: 20_000, distinct: 15_000, seed: 19)
        let sets = [first, second, wide].map { Self.set($0) }
        #expect(sets.map(\.keepsBits) == [true, true, false])
        let bits = Array(sets.prefix(2))
        let expected = Self.count(first + second)
        #expect(DistinctKeys.unionCount(bits) == expected)
        #expect(DistinctKeys.unionCount(bits.reversed()) == expected)
        #expect(DistinctKeys.unionCount(bits + bits) == expected, "a set counted twice adds nothing")
        #expect(DistinctKeys.unionCount(sets) == Self.count(first + second + wide))
        #expect(DistinctKeys.unionCount([sets[2], sets[0]]) == Self.count(wide + first))
    }

    /// Pieces of the same close keys, some too few to have grown far: counted together.
    @Test func closeKeysReadInPiecesAreCountedTogether() {
        let keys = DistinctKeysTests.keys(count: 200_000, distinct: 150_000, seed: 23, close: true)
        let sets = [keys[..<3], keys[3..<90_000], keys[90_000...]].map { Self.set($0) }
        #expect(sets.map(\.keepsBits) == [true, true, true])
        #expect(DistinctKeys.unionCount(sets) == Self.count(keys))
    }
}
