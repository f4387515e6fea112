import BrowseSupport
import Testing

@testable import ListKit

/// `freq` counts numbers, days and times in tables of their own, a piece of the rows on each
/// core, counted together at the end: the counts, first rows and values kept must be a
/// dictionary's over all the rows in order.
@Suite struct KeyedCountsTests {
    @Test func piecesCountedTogetherCountAsOnePassDoes() {
        var random = SystemRandomNumberGenerator()
        // More distinct values than a batch or the first table holds, each in two spellings.
        var values: [CellValue] = []
        for _ in 0..<60_000 {
            let units = Int64.random(in: 0..<20_000, using: &random)
            switch Int.random(in: 0..<4, using: &random) {
            case 0: values.append(.decimal(ExactDecimal(units: units, scale: 2)))
            case 1: values.append(.decimal(ExactDecimal(units: units * 10, scale: 3)))
            case 2: values.append(.integer(units % 500))
            default: values.append(.missing)
            }
        }
        var reference: [CellValue: (value: CellValue, count: Int, first: Int)] = [:]
        for (row, value) in values.enumerated() {
            if let seen = reference[value] {
                reference[value] = (seen.value, seen.count + 1, seen.first)
            } else {
                reference[value] = (value, 1, row)
            }
        }

        // Pieces of every size: one, a first piece without a row, pieces so small that
        // their tables hold fewer slots than the ones before them.
        for cuts in [
            [0, values.count], [0, 0, 7_919, 31_337, values.count], [0, 50_000, 50_010, 50_011, values.count],
        ] {
            var pieces: [KeyedCounts] = []
            for piece in cuts.indices.dropLast() {
                var counts = KeyedCounts()
                for row in cuts[piece]..<cuts[piece + 1] {
                    let counted = counts.addLater(Self.piece(values[row]), row: row)
                    #expect(counted)
                }
                counts.flush()
                pieces.append(counts)
            }
            let (kept, counts, firsts) = KeyedCounts.union(&pieces)
            #expect(pieces.isEmpty)
            #expect(counts.count == reference.count && firsts.count == reference.count)
            // In the order of their first rows, as one table over all the rows holds them.
            #expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 })
            for entry in counts.indices {
                let value = kept[entry].cellValue
                let expected = reference[value]
                #expect(counts[entry] == expected?.count)
                #expect(firsts[entry] == expected?.first)
                // 1.50 and 1.500 are one value, shown as the first row wrote it.
                if case .decimal(let kept) = value, case .decimal(let first)? = expected?.value {
                    #expect(kept.scale == first.scale)
                }
            }
            #expect(counts.reduce(0, +) == values.count)
        }
    }

    @Test func tablesOfManyValuesAreCountedTogetherOnEveryCore() {
        // More distinct values than one core looks up alone, in three tables of unlike sizes.
        var random = SystemRandomNumberGenerator()
        let values = (0..<450_000).map { _ in Int64.random(in: 0..<300_000, using: &random) }
        var reference: [Int64: (count: Int, first: Int)] = [:]
        for (row, value) in values.enumerated() { reference[value, default: (0, row)].count += 1 }
        let cuts = [0, 200_000, 210_000, values.count]
        var tables: [KeyedCounts] = []
        for piece in cuts.indices.dropLast() {
            var counts = KeyedCounts()
            for row in cuts[piece]..<cuts[piece + 1] { counts.addLater(.integer(values[row]), row: row) }
            counts.flush()
            tables.append(counts)
        }
        let (kept, counts, firsts) = KeyedCounts.union(&tables)
        let expected = reference.sorted { $0.value.first < $1.value.first }
        #expect(kept.count == expected.count)
        let differs = zip(expected, zip(kept, zip(counts, firsts))).enumerated().first { _, pair in
            let (expected, (value, (count, first))) = pair
            return value.cellValue != .integer(expected.key) || count != expected.value.count
                || first != expected.value.first
        }
        #expect(differs == nil, "entry \(differs?.offset ?? -1) differs")
    }

    @Test func aDateTimeFinerThanAMicrosecondIsLeftToTheCaller() throws {
        var counts = KeyedCounts()
        let fine = try #require(DateTime(iso: "2025-06-02T05:00:00.000000001Z"))
        let whole = try #require(DateTime(iso: "2025-06-02T05:00:00Z"))
        let text: [UInt8] = Array("a".utf8)
        let counted = [
            counts.addLater(.dateTime(fine), row: 0), counts.addLater(.dateTime(whole), row: 1),
            text.withUnsafeBufferPointer { counts.addLater(.text($0), row: 2) },
        ]
        #expect(counted == [false, true, false])
        counts.flush()
        var tables = [counts]
        #expect(KeyedCounts.union(&tables).firsts == [1])
    }

    /// The value as a file's piece hands it over (no text here).
    static func piece(_ value: CellValue) -> PieceValue {
        switch value {
        case .integer(let integer): return .integer(integer)
        case .decimal(let decimal): return .decimal(decimal)
        default: return .missing
        }
    }
}
