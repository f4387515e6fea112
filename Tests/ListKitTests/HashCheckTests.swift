import Testing

@testable import ListKit

@Suite struct HashCheckTests {
    /// A reference answer: a set of every hash.
    func reference(_ hashes: [UInt]) -> Bool { Set(hashes).count == hashes.count }

    @Test func smallListsAreAnsweredAsASetAnswers() {
        let lists: [[UInt]] = [
            [], [0], [0, 0], [0, 1], [1, 1], [.max, 0, .max], [5, 6, 7, 5],
            // Equal low bits, so their probes share slots; only the top bits differ.
            [1, 1 | 1 << 63, 1 | 1 << 62, 1 | 1 << 63],
            // A run of full slots that wraps past the end of the small table.
            [.max, .max - 1, .max - 2, 0x8000_0000_0000_0000],
        ]
        for hashes in lists {
            #expect(HashCheck.allDifferent(hashes) == reference(hashes), "\(hashes)")
        }
    }

    @Test func aRepeatIsFoundWhereverItIs() {
        var generator = SystemRandomNumberGenerator()
        let hashes = (0..<50_000).map { _ in UInt.random(in: 0...UInt.max, using: &generator) }
        // Answers are compared as Booleans, so that a failure does not print 50,000 hashes.
        let answer = HashCheck.allDifferent(hashes)
        #expect(answer == reference(hashes))
        for position in [0, 1, 777, 25_000, 49_999] {
            var repeated = hashes
            repeated.append(hashes[position])
            let repeatFound = !HashCheck.allDifferent(repeated)
            #expect(repeatFound, "the hash at \(position) given twice")
            // Hashes that share a bucket and its table's slots but differ are told apart.
            var near = hashes
            near.append(hashes[position] ^ 1 << 40)
            let nearAnswer = HashCheck.allDifferent(near)
            #expect(nearAnswer == reference(near), "a hash near the one at \(position)")
        }
    }

    @Test func bucketsThatCrowdTheTableAreEachAnsweredInTurn() {
        // Eight buckets by the top bits, each of 1,024 hashes whose low bits start their probes
        // at the same 16 slots: the table must be emptied between buckets for the last ones
        // to find room.
        let hashes = (0..<8_192).map { UInt($0) << 51 | UInt($0 % 16) }
        let allDifferent = HashCheck.allDifferent(hashes)
        #expect(allDifferent)
        let repeatFound = !HashCheck.allDifferent(hashes + [UInt(8_191) << 51 | 15])
        #expect(repeatFound)
    }
}
