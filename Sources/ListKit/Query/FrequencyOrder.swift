/// The order of `freq`'s entries: the most frequent first, then the one seen first.
///
/// Each entry's count and first row are packed in one word whose ascending order is that one,
/// and the words sorted by their bytes, least significant first: over 733,754 distinct values a
/// comparison sort of (count, first row, entry) tuples took 60 ms of the 750 of `freq`.
enum FrequencyOrder {
    /// An entry in its place: its index, count and first row.
    struct Place: Equatable {
        var entry: Int
        var count: Int
        var first: Int
    }

    /// The entries in `freq`'s order, given each one's count and first row.
    ///
    /// The counts and rows come back with the entries, read from the sorted words: looked up by
    /// entry, each would be a read from anywhere in a list larger than the caches.
    ///
    /// - Precondition: `counts` and `firsts` have one element per entry. Entries alike in both
    ///   keep their order.
    /// - Complexity: O(n) when every count and row fits 32 bits; O(n log n) otherwise.
    static func order(counts: [Int], firsts: [Int]) -> [Place] {
        precondition(counts.count == firsts.count, "one count and one first row per entry")
        let limit = Int(UInt32.max)
        let fits = { (value: Int) in value >= 0 && value <= limit }
        guard counts.count <= limit, counts.allSatisfy(fits), firsts.allSatisfy(fits) else {
            let order = counts.indices.sorted { left, right in
                if counts[left] != counts[right] { return counts[left] > counts[right] }
                return firsts[left] != firsts[right] ? firsts[left] < firsts[right] : left < right
            }
            return order.map { Place(entry: $0, count: counts[$0], first: firsts[$0]) }
        }
        // A larger count makes a smaller high half.
        var packed = [UInt64](repeating: 0, count: counts.count)
        for entry in counts.indices {
            packed[entry] = UInt64(UInt32.max - UInt32(counts[entry])) << 32 | UInt64(firsts[entry])
        }
        // Entries already in the order of their first rows, as a column of numbers gives them,
        // are ordered by their counts alone: a stable sort keeps the rows' order among equals.
        let inOrder = zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 }
        let (keys, entries) = sorted(packed, from: inOrder ? 4 : 0)
        var places: [Place] = []
        places.reserveCapacity(keys.count)
        for (key, entry) in zip(keys, entries) {
            let count = Int(UInt32.max - UInt32(key >> 32))
            places.append(Place(entry: Int(entry), count: count, first: Int(key & 0xFFFF_FFFF)))
        }
        return places
    }

    /// `keys` in ascending order, each with its index in `keys`, equal keys in index order: a
    /// least-significant-byte-first radix sort that skips each byte all keys share.
    ///
    /// - Parameters:
    ///   - keys: The words to sort.
    ///   - first: The lowest byte to sort by (0 is the least significant): the keys are
    ///     already in the order of the bytes below it.
    /// - Precondition: At most `UInt32.max` keys.
    /// - Complexity: O(n) for each byte in which the keys differ.
    static func sorted(_ keys: [UInt64], from first: Int = 0) -> (keys: [UInt64], indices: [UInt32]) {
        let count = keys.count
        // Every byte's histogram in one pass.
        var histograms = [Int](repeating: 0, count: 8 * 256)
        histograms.withUnsafeMutableBufferPointer { histograms in
            for key in keys {
                for byte in first..<8 {
                    histograms[byte << 8 | Int(truncatingIfNeeded: key >> (8 * UInt64(byte))) & 0xFF] += 1
                }
            }
        }
        var from = keys
        var fromIndices = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            for index in 0..<count { buffer[index] = UInt32(truncatingIfNeeded: index) }
            initialized = count
        }
        var to = [UInt64](repeating: 0, count: count)
        var toIndices = [UInt32](repeating: 0, count: count)
        for byte in first..<8 {
            let shift = 8 * UInt64(byte)
            let bucket = histograms[(byte << 8)..<((byte + 1) << 8)]
            // A byte every key shares leaves the order as it is.
            if bucket.contains(count) { continue }
            var next = [Int](repeating: 0, count: 256)
            var total = 0
            for (value, seen) in bucket.enumerated() {
                next[value] = total
                total += seen
            }
            from.withUnsafeBufferPointer { from in
                fromIndices.withUnsafeBufferPointer { fromIndices in
                    to.withUnsafeMutableBufferPointer { to in
                        toIndices.withUnsafeMutableBufferPointer { toIndices in
                            next.withUnsafeMutableBufferPointer { next in
                                for position in 0..<count {
                                    let key = from[position]
                                    let value = Int(truncatingIfNeeded: key >> shift) & 0xFF
                                    let place = next[value]
                                    next[value] = place &+ 1
                                    to[place] = key
                                    toIndices[place] = fromIndices[position]
                                }
                            }
                        }
                    }
                }
            }
            swap(&from, &to)
            swap(&fromIndices, &toIndices)
        }
        return (from, fromIndices)
    }
}
