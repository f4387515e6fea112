import BrowseSupport
import Testing

@testable import ListKit

/// `freq` counts numbers, days and times in tables of their own, a piece of the rows on each
/// core, counted together at the end: the counts, first rows and values kept must be a
/// dictionary's over all the rows in order.
@Suite struct KeyedCountsTests {
    @Test func piecesCountedTogetherCountAsOnePassDoes() throws {
        var random = SystemRandomNumberGenerator()
        // More distinct values than a batch or the first table holds, each kind in two
        // spellings of one value: 1.50 and 1.500, 13:30 and 13:30:00, an instant at two offsets.
        let noon = try #require(DateTime(iso: "2025-06-02T12:00:00Z"))
        var values: [CellValue] = []
        for _ in 0..<60_000 {
            let units = Int64.random(in: 0..<20_000, using: &random)
            let minutes = Int(units % 1_440)
            switch Int.random(in: 0..<9, using: &random) {
            case 0: values.append(.decimal(ExactDecimal(units: units, scale: 2)))
            case 1: values.append(.decimal(ExactDecimal(units: units * 10, scale: 3)))
            case 2: values.append(.integer(units % 500))
            case 3: values.append(.date(CalendarDate(dayNumber: Int(units % 3_000))))
            case 4: values.append(.time(try #require(TimeOfDay(hour: minutes / 60, minute: minutes % 60))))
            case 5:
                let time = TimeOfDay(hour: minutes / 60, minute: minutes % 60, precision: .seconds)
                values.append(.time(try #require(time)))
            case 6:
                let hours = Int(units % 48)
                let text = "2025-06-02T\(Self.twoDigits(hours % 24)):00:00\(hours < 24 ? "Z" : "+00:00")"
                values.append(.dateTime(try #require(DateTime(iso: text))))
            case 7: values.append(.dateTime(noon))
            default: values.append(.missing)
            }
        }
        let reference = Self.reference(values)

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
                // One value in two spellings is shown as its first row wrote it.
                #expect(expected.map { Self.spelling($0.value) } == Self.spelling(value))
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
        #expect(tables.contains { !$0.spilled.isEmpty })
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

    @Test func numbersPastAFullTableAreCountedAsOnePassDoes() throws {
        // Many more distinct numbers than the table grows to, in two pieces: negative ones,
        // zeros and decimals in two spellings (-1.50 and -1.5), the extremes of 64 bits, and
        // values seen first in the table of the first piece and again after the second's filled.
        var random = SystemRandomNumberGenerator()
        var values: [CellValue] = []
        for index in 0..<120_000 {
            let units = Int64.random(in: -40_000..<40_000, using: &random)
            switch index % 7 {
            case 0: values.append(.decimal(ExactDecimal(units: units, scale: 2)))
            case 1: values.append(.decimal(ExactDecimal(units: units * 10, scale: 3)))
            case 2: values.append(.integer(units))
            case 3: values.append(.decimal(ExactDecimal(units: 0, scale: Int(units & 3))))
            case 4: values.append(.integer(index % 2 == 0 ? .max : .min))
            case 5: values.append(.integer(Int64(index % 50)))
            default: values.append(.decimal(ExactDecimal(units: units * 1_000, scale: 5)))
            }
        }
        let reference = Self.reference(values)
        var pieces: [KeyedCounts] = []
        for cut in [0..<50_000, 50_000..<values.count] {
            var counts = KeyedCounts()
            for row in cut { counts.addLater(Self.piece(values[row]), row: row) }
            counts.flush()
            pieces.append(counts)
        }
        #expect(pieces.allSatisfy { $0.spilled.count > 10_000 }, "both tables set numbers aside")
        try Self.expect(KeyedCounts.union(&pieces), equal: reference, rows: values.count)
    }

    @Test func rowsPast32BitsStayInTheTable() throws {
        // A table full of numbers whose rows then pass 2^32: those rows cannot be set aside, so
        // a number set aside before is then put in the table, at a later first row.
        let start = Int(UInt32.max) - 30_000
        var values: [CellValue] = []
        for index in 0..<60_000 { values.append(.integer(Int64(index % 45_000))) }
        var counts = KeyedCounts()
        for (offset, value) in values.enumerated() { counts.addLater(Self.piece(value), row: start + offset) }
        counts.flush()
        #expect(counts.spilled.count > 0 && counts.spilled.allSatisfy { $0.row >= UInt32(start) })
        var tables = [counts]
        let (kept, counted, firsts) = KeyedCounts.union(&tables)
        #expect(kept.count == 45_000)
        #expect(zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 })
        #expect(counted.reduce(0, +) == 60_000)
        // Each number's first row is its first, whether or not it was set aside there.
        let wrong = zip(kept, zip(counted, firsts)).filter { value, pair in
            guard case .integer(let integer) = value else { return true }
            return pair.0 != (integer < 15_000 ? 2 : 1) || pair.1 != start + Int(integer)
        }
        #expect(wrong.count == 0, "the first: \(wrong.prefix(3))")
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

    /// Each value's count and first row, and the value as that row wrote it, by a dictionary.
    static func reference(_ values: [CellValue]) -> [CellValue: (value: CellValue, count: Int, first: Int)] {
        var reference: [CellValue: (value: CellValue, count: Int, first: Int)] = [:]
        for (row, value) in values.enumerated() {
            if let seen = reference[value] {
                reference[value] = (seen.value, seen.count + 1, seen.first)
            } else {
                reference[value] = (value, 1, row)
            }
        }
        return reference
    }

    /// Expects `union`'s answer to be the reference's, in the order of the first rows.
    static func expect(
        _ union: (values: [PieceValue], counts: [Int], firsts: [Int]),
        equal reference: [CellValue: (value: CellValue, count: Int, first: Int)], rows: Int
    ) throws {
        #expect(union.counts.count == reference.count && union.firsts.count == reference.count)
        #expect(zip(union.firsts, union.firsts.dropFirst()).allSatisfy { $0 < $1 })
        var differences = 0
        for entry in union.counts.indices {
            let value = union.values[entry].cellValue
            let expected = try #require(reference[value], "\(value) was never counted")
            if union.counts[entry] != expected.count || union.firsts[entry] != expected.first
                || spelling(expected.value) != spelling(value)
            {
                differences += 1
            }
        }
        #expect(differences == 0)
        #expect(union.counts.reduce(0, +) == rows)
    }

    /// The value as a file's piece hands it over (no text here).
    static func piece(_ value: CellValue) -> PieceValue {
        switch value {
        case .integer(let integer): return .integer(integer)
        case .decimal(let decimal): return .decimal(decimal)
        case .date(let date): return .date(date)
        case .time(let time): return .time(time)
        case .dateTime(let dateTime): return .dateTime(dateTime)
        default: return .missing
        }
    }

    /// How a value is written, which equal values need not share (1.50 and 1.5).
    static func spelling(_ value: CellValue) -> String {
        switch value {
        case .decimal(let decimal): return decimal.description
        case .time(let time): return time.description
        case .dateTime(let dateTime): return dateTime.description
        case .date(let date): return date.description
        default: return "\(value)"
        }
    }

    static func twoDigits(_ number: Int) -> String { number < 10 ? "0\(number)" : "\(number)" }
}
