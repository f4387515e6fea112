import ListKit
import TestSupport
import Testing

@testable import FileDatasets

/// The table's radix sort orders rows as a comparison sort with the controller's rules does:
/// numbers, then dates, date-times, times of day, then text (the reverse when descending),
/// missing values last either way, ties in row order.
@Suite struct RadixSortTests {
    /// A table of random rows: numbers with duplicates, negatives and missing values; days;
    /// in both, a rare text; texts that share their first eight folded bytes or fold alike; numbers too
    /// far apart in scale for one 64-bit integer; date-times with offsets and without, one instant
    /// written several ways, some finer than a microsecond; times of day at every precision. A
    /// date-time or time column holds text only past the rows type inference reads.
    static func table(rows: Int, seed: UInt64) throws -> FileTable {
        var random = SeededRandom(seed: seed)
        func pick(_ choices: [String]) -> String { choices[Int.random(in: 0..<choices.count, using: &random)] }
        var text = "number,day,word,wide,when,clock\n"
        for row in 0..<rows {
            // Under one in a hundred values of a typed column may be text and the type hold.
            let rare = Int.random(in: 0..<400, using: &random) == 0
            let number: String
            switch Int.random(in: 0..<10, using: &random) {
            case _ where rare: number = pick(["X1", "台"])
            case 0: number = pick(["--", ""])
            case 1:
                number =
                    "\"\(pick(["-", ""]))\(Int.random(in: 1..<4, using: &random)),\(Int.random(in: 100..<1_000, using: &random)).25\""
            case 2: number = "-0.00"
            default: number = "\(Int.random(in: -60..<60, using: &random)).\(Int.random(in: 0..<10, using: &random))"
            }
            let day =
                rare
                ? pick(["abc", "ABC", "Ｂ"])
                : pick(["2025-01-0\(Int.random(in: 1..<10, using: &random))", "2024-12-31", "--", ""])
            let word = pick([
                "台積電", "台積電一", "台積電二", "台積", "abcdefgh", "abcdefgh1", "ABCDEFGH1", "abcdefgh2", "abcdefg",
                "abcdefgh\u{301}", "", "--", "zeta", "Zeta", "\"a\"\"b\"", "ω", "Ω",
            ])
            let wide = pick(["9223372036854775807", "0.000000000001", "-1", "5", "--", "12.5"])
            // Inference reads the first 1,000 rows and then one in 64: a misfit elsewhere is text.
            let unread = row > 1_000 && row & 63 != 0 && (rare || row % 97 == 5)
            let minute = Int.random(in: 0..<3, using: &random)
            let when = pick([
                "2025-06-02T13:3\(minute)+08:00", "2025-06-02T05:3\(minute):00Z", "2025-06-02 05:3\(minute)",
                "2025-06-02T05:3\(minute):00.000000\(Int.random(in: 1..<4, using: &random))Z",
                "2025-06-02T05:3\(minute):00.000001Z", "1969-12-31T23:59:59.99999999\(minute)", "0001-01-01T00:00Z",
                "9999-12-31T23:59-14:00", "--", "",
            ])
            let clock = pick(["13:3\(minute)", "13:3\(minute):00", "13:3\(minute):00.5", "00:00", "23:59:59", "", "--"])
            text += "\(number),\(day),\(word),\(wide),\(unread ? "x" : when),\(unread ? "later" : clock)\n"
        }
        return try TableIndexer.index(
            name: "random.csv", bytes: FileBytes(copying: Array(text.utf8)), dialect: .comma, hasHeader: true,
            progress: nil)
    }

    /// `indices` sorted by comparing the keys, one pair at a time, by the same rules.
    static func reference(_ table: FileTable, column: Int, descending: Bool, indices: [Int]) -> [Int] {
        let keys = table.sortKeys(column: column)
        func order(_ a: Int, _ b: Int) -> Int {
            switch keys.ranks[a] {
            case .missing: return 0
            case .text: return keys.compareTexts(a, b)
            case .number:
                if let exact = keys.exactNumbers { return exact[a] == exact[b] ? 0 : (exact[a] < exact[b] ? -1 : 1) }
                return keys.values[a] == keys.values[b] ? 0 : (keys.values[a] < keys.values[b] ? -1 : 1)
            case .date, .time:
                return keys.values[a] == keys.values[b] ? 0 : (keys.values[a] < keys.values[b] ? -1 : 1)
            case .dateTime:
                if keys.values[a] != keys.values[b] { return keys.values[a] < keys.values[b] ? -1 : 1 }
                let rests = keys.nanosecondRests ?? []
                let (x, y) = rests.isEmpty ? (0, 0) : (rests[a], rests[b])
                return x == y ? 0 : (x < y ? -1 : 1)
            }
        }
        return indices.sorted { a, b in
            let left = keys.ranks[a]
            let right = keys.ranks[b]
            if left != right {
                if left == .missing || right == .missing { return right == .missing }
                return descending ? left.rawValue > right.rawValue : left.rawValue < right.rawValue
            }
            let compared = order(a, b)
            if compared == 0 { return a < b }
            return descending ? compared > 0 : compared < 0
        }
    }

    @Test func everyColumnBothWaysMatchesTheReference() throws {
        for seed: UInt64 in 1...4 {
            let table = try Self.table(rows: 3_000, seed: seed)
            var random = SeededRandom(seed: seed + 100)
            let all = Array((0..<table.rowCount))
            // A filtered view: some rows, in row order.
            let some = all.filter { _ in Int.random(in: 0..<3, using: &random) == 0 }
            for column in 0..<table.columns.count {
                for descending in [false, true] {
                    for indices in [all, some] {
                        let sorted = table.sorted(byColumn: column, descending: descending, indices: indices)
                        let wanted = Self.reference(table, column: column, descending: descending, indices: indices)
                        let same = sorted == wanted
                        #expect(
                            same,
                            "seed \(seed), \(table.columns[column].name), descending \(descending), \(indices.count) rows"
                        )
                    }
                }
            }
        }
    }

    @Test func theColumnsCoverWhatTheSortTellsApart() throws {
        let table = try Self.table(rows: 2_000, seed: 9)
        #expect(table.sortKeys(column: 0).exactNumbers == nil)
        #expect(table.sortKeys(column: 3).exactNumbers != nil, "numbers too far apart are compared exactly")
        #expect(Set(table.sortKeys(column: 0).ranks) == [.number, .text, .missing])
        #expect(Set(table.sortKeys(column: 1).ranks) == [.date, .text, .missing])
        #expect(table.columns[4].type == .dateTime && table.columns[5].type == .time)
        #expect(Set(table.sortKeys(column: 4).ranks) == [.dateTime, .text, .missing])
        #expect(Set(table.sortKeys(column: 5).ranks) == [.time, .text, .missing])
        #expect(table.sortKeys(column: 4).nanosecondRests != nil, "date-times finer than a microsecond")
        let words = table.sortKeys(column: 2)
        #expect(
            words.ranks.indices.contains { words.values[$0] == words.values[0] && $0 != 0 },
            "texts tie in their first eight bytes")
    }

    @Test func rowsGivenOutOfOrderStillTieInRowOrder() throws {
        let table = try Self.table(rows: 500, seed: 5)
        let shuffled = Array((0..<table.rowCount)).reversed().map { $0 }
        let sorted = table.sorted(byColumn: 1, descending: true, indices: shuffled)
        #expect(sorted == Self.reference(table, column: 1, descending: true, indices: shuffled))
    }

    @Test func theRadixSortIsStable() {
        var random = SeededRandom(seed: 3)
        let entries = (0..<100_000).map { row in
            RadixSort.Entry(key: UInt64.random(in: 0..<50, using: &random) << 40 | 7, row: row)
        }
        var input = entries
        var scratch = entries
        let sorted = input.withUnsafeMutableBufferPointer { input in
            scratch.withUnsafeMutableBufferPointer { scratch in
                RadixSort.sort(input, scratch: scratch, shouldStop: { false }).map { Array($0) } ?? []
            }
        }
        let wanted = entries.sorted { $0.key != $1.key ? $0.key < $1.key : $0.row < $1.row }
        #expect(sorted.map(\.row) == wanted.map(\.row))
    }
}
