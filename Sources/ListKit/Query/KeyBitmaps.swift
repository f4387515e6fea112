/// A set of (64-bit payload, mark) keys whose payloads lie close together, kept as bits: the
/// days, prices and small counts of a column, whose distinct keys `stats` counts.
///
/// Each mark has a run of words from a payload on, bit i of word w standing for the payload
/// `lower + 64 w + i`. Adding a key sets its bit: one word that the caches hold, where a hash
/// table probed a slot and, past its first tens of thousands of keys, appended the key to a
/// partition that a later pass made distinct again (a third of `stats` over a file of prices).
///
/// A run grows, doubling, to take a payload outside it. A key is refused when the runs would
/// then hold more words than ``wordLimit`` (four a key past 512 KiB), or when it needs a run
/// for a fifth mark; the caller then keeps its keys another way (``DistinctKeys``).
struct KeyBitmaps: Sendable {
    /// The words the runs may hold whatever their keys: 4 Mi payloads, 512 KiB.
    static let freeWords = 1 << 16
    /// The most marks, each with a run: a column of decimals has a mark for each scale.
    static let maximumRuns = 4

    /// One mark's bits: `count` words of ``words`` from `start`, for the payloads from `lower`
    /// (a multiple of 64), none past `Int64.max`.
    private struct Run: Sendable {
        let mark: UInt16
        var lower: Int64
        var start: Int
        var count: Int

        /// The payloads after the run's last, as a wider integer than any payload.
        var upper: Int128 { Int128(lower) + 64 * Int128(count) }
    }

    private var runs: [Run] = []
    private var words: [UInt64] = []
    /// How many keys were added, each counted once.
    private(set) var count = 0

    /// Adds a key, or returns false when it does not fit (the set is left as it was).
    @inline(__always)
    mutating func insert(_ payload: UInt64, mark: UInt16) -> Bool {
        let bit = runs.withUnsafeBufferPointer { runs in
            for run in runs where run.mark == mark {
                // A payload below the run wraps to far above it: one comparison for both sides.
                // No run reaches past `Int64.max`, so no payload wraps into one.
                let offset = payload &- UInt64(bitPattern: run.lower)
                return offset < UInt64(run.count) &* 64 ? run.start &* 64 &+ Int(truncatingIfNeeded: offset) : nil
            }
            return nil
        }
        guard let bit else { return widen(toHold: payload, mark: mark) }
        words.withUnsafeMutableBufferPointer { words in
            let mask: UInt64 = 1 &<< UInt64(truncatingIfNeeded: bit & 63)
            let word = words[bit &>> 6]
            words[bit &>> 6] = word | mask
            count &+= word & mask == 0 ? 1 : 0
        }
        return true
    }

    /// ``insert(_:mark:)`` of a key outside every run: its mark's run grown to hold it, or a run
    /// made for its mark.
    @inline(never)
    private mutating func widen(toHold payload: UInt64, mark: UInt16) -> Bool {
        let value = Int64(bitPattern: payload)
        if let index = runs.firstIndex(where: { $0.mark == mark }) {
            return grow(index, toHold: value) && insert(payload, mark: mark)
        }
        guard runs.count < Self.maximumRuns, words.count < wordLimit else { return false }
        runs.append(Run(mark: mark, lower: value & ~63, start: words.count, count: 1))
        words.append(0)
        return insert(payload, mark: mark)
    }

    /// Calls `body` with each key, by mark and then by payload.
    func forEachKey(_ body: (_ payload: UInt64, _ mark: UInt16) -> Void) {
        for run in runs {
            for offset in 0..<run.count {
                var word = words[run.start + offset]
                while word != 0 {
                    let bit = Int64(word.trailingZeroBitCount)
                    body(UInt64(bitPattern: run.lower &+ 64 &* Int64(offset) &+ bit), run.mark)
                    word &= word &- 1
                }
            }
        }
    }

    /// The most words the runs may hold: past ``freeWords``, four a key (32 bytes, what a hash
    /// table at most half full holds a key in), so that bits never take more memory than the
    /// table would. A column of prices over ten million rows ranges over seven million payloads
    /// (110,000 words), hundreds of thousands of them distinct; its first thousand rows already
    /// range over a quarter of them, which the free words hold.
    private var wordLimit: Int { max(Self.freeWords, 4 * count) }

    /// How many distinct keys `sets` hold together, or `nil` when their runs of a mark lie too
    /// far apart to be laid over one another within the sets' ``wordLimit`` together.
    static func unionCount(_ sets: [KeyBitmaps]) -> Int? {
        var marks: [UInt16] = []
        for set in sets {
            for run in set.runs where !marks.contains(run.mark) { marks.append(run.mark) }
        }
        var count = 0
        for mark in marks {
            let runs = sets.flatMap { set in set.runs.filter { $0.mark == mark }.map { (set, $0) } }
            guard let lower = runs.map({ $0.1.lower }).min(), let upper = runs.map(\.1.upper).max() else { continue }
            let length = Int((upper - Int128(lower)) / 64)
            guard length <= sets.reduce(0, { $0 + $1.wordLimit }) else { return nil }
            var union = [UInt64](repeating: 0, count: length)
            for (set, run) in runs {
                let shift = Int((Int128(run.lower) - Int128(lower)) / 64)
                for offset in 0..<run.count { union[shift + offset] |= set.words[run.start + offset] }
            }
            count += union.reduce(0) { $0 + $1.nonzeroBitCount }
        }
        return count
    }

    /// Widens run `index` to hold `value`, at least doubling it, the words added beyond what
    /// the value needs split between both ends; false when the runs would then hold more than
    /// ``wordLimit`` words. Doubling toward the value alone ran prices below zero, and used the
    /// room other marks needed.
    private mutating func grow(_ index: Int, toHold value: Int64) -> Bool {
        let run = runs[index]
        let lower = Int128(run.lower)
        let upper = run.upper
        let aligned = Int128(value) & ~63
        let neededLower = min(lower, aligned)
        let needed = Int((max(upper, aligned + 64) - neededLower) / 64)
        let others = words.count - run.count
        let limit = wordLimit
        guard others + needed <= limit else { return false }
        let length = min(max(needed, 2 * run.count), limit - others)
        // Never past either end of the payloads.
        var newLower = neededLower - 64 * Int128((length - needed) / 2)
        newLower = max(newLower, Int128(Int64.min))
        newLower = min(newLower, Int128(Int64.max) + 1 - 64 * Int128(length))
        let shift = Int((lower - newLower) / 64)
        var grown: [UInt64] = []
        grown.reserveCapacity(others + length)
        var laid = runs
        for (place, other) in runs.enumerated() {
            laid[place].start = grown.count
            guard place == index else {
                grown += words[other.start..<(other.start + other.count)]
                continue
            }
            laid[place].lower = Int64(newLower)
            laid[place].count = length
            grown += repeatElement(0, count: shift)
            grown += words[other.start..<(other.start + other.count)]
            grown += repeatElement(0, count: length - shift - other.count)
        }
        runs = laid
        words = grown
        return true
    }
}
