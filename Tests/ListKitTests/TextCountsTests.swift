import Testing

@testable import ListKit

/// `freq` and `stats` count texts by their bytes: texts of the same length that differ in one
/// byte anywhere (the first, the last, one read twice by overlapping words) are different texts.
@Suite struct TextCountsTests {
    @Test func textsDifferingInAnyOneByteAreCountedApart() {
        var random = SystemRandomNumberGenerator()
        // Every length from 0 to 40 bytes, each text also with one byte changed at each place.
        var texts: [[UInt8]] = []
        for length in 0...40 {
            let text = (0..<length).map { _ in UInt8.random(in: 0...255, using: &random) }
            texts.append(text)
            for place in 0..<length {
                var changed = text
                changed[place] ^= 1 << UInt8.random(in: 0..<8, using: &random)
                texts.append(changed)
            }
        }
        var rows: [[UInt8]] = []
        for _ in 0..<20_000 { rows.append(texts.randomElement(using: &random)!) }
        var counts = TextCounts()
        var reference: [[UInt8]: (count: Int, first: Int)] = [:]
        for (row, text) in rows.enumerated() {
            text.withUnsafeBufferPointer { counts.add($0, row: row) }
            reference[text, default: (0, row)].count += 1
        }
        #expect(counts.count == reference.count)
        #expect(counts.count > 800, "most texts were drawn")
        var read: [String: (count: Int, first: Int)] = [:]
        counts.merged(into: &read)
        #expect(read.values.reduce(0) { $0 + $1.count } == rows.count, "merged as strings, every row counts")
        // Random bytes are rarely UTF-8: the texts are compared by their rows, one a text.
        let expected = reference.values.map { [$0.first, $0.count] }.sorted { $0[0] < $1[0] }
        let found = zip(counts.firsts, counts.counts).map { [$0, $1] }.sorted { $0[0] < $1[0] }
        #expect(found == expected)
    }

    @Test func sameComparesEveryByte() {
        for length in 1...24 {
            let text = (0..<length).map { UInt8($0 + 1) }
            for place in 0..<length {
                var other = text
                other[place] = 0
                let same = text.withUnsafeBufferPointer { one in
                    other.withUnsafeBufferPointer { TextCounts.same(one, $0) }
                }
                #expect(!same, "length \(length), byte \(place)")
            }
            #expect(text.withUnsafeBufferPointer { TextCounts.same($0, $0) })
        }
    }
}
