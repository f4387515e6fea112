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

    /// The entries in `freq`'s order, as the sort leaves them: each place is read from a packed
    /// word and an entry (12 bytes), not kept as a ``Place`` (24), over a million distinct values.
    struct Places: RandomAccessCollection {
        private enum Storage {
            /// Each place's count and first row packed as ``order(counts:firsts:)`` packs them.
            case packed(keys: [UInt64], entries: [UInt32])
            /// Places whose counts or rows need more than 32 bits.
            case whole([Place])
        }

        private let storage: Storage

        fileprivate init(keys: [UInt64], entries: [UInt32]) {
            storage = .packed(keys: keys, entries: entries)
        }

        fileprivate init(_ places: [Place]) {
            storage = .whole(places)
        }

        var startIndex: Int { 0 }

        var endIndex: Int {
            switch storage {
            case .packed(_, let entries): entries.count
            case .whole(let places): places.count
            }
        }

        subscript(position: Int) -> Place {
            switch storage {
            case .packed(let keys, let entries):
                let key = keys[position]
                return Place(
                    entry: Int(entries[position]), count: Int(UInt32.max - UInt32(truncatingIfNeeded: key >> 32)),
                    first: Int(truncatingIfNeeded: key & 0xFFFF_FFFF))
            case .whole(let places):
                return places[position]
            }
        }
    }

    /// The entries in `freq`'s order, given each one's count and first row.
    ///
    /// The counts and rows come back with the entries, read from the sorted words: looked up by
    /// entry, each would be a read from anywhere in a list larger than the caches.
    ///
    /// - Precondition: `counts` and `firsts` have one element per entry. Entries alike in both
    ///   keep their order.
    /// - Complexity: O(n) when every count and row fits 32 bits; O(n log n) otherwise.
    static func order(counts: [Int], firsts: [Int]) -> Places {
        precondition(counts.count == firsts.count, "one count and one first row per entry")
        let limit = Int(UInt32.max)
        let fits = { (value: Int) in value >= 0 && value <= limit }
        guard counts.count <= limit, counts.allSatisfy(fits), firsts.allSatisfy(fits) else {
            let order = counts.indices.sorted { left, right in
                if counts[left] != counts[right] { return counts[left] > counts[right] }
                return firsts[left] != firsts[right] ? firsts[left] < firsts[right] : left < right
            }
            return Places(order.map { Place(entry: $0, count: counts[$0], first: firsts[$0]) })
        }
        // Entries already in the order of their first rows, as a column of numbers gives them,
        // are ordered by their counts alone: a stable sort keeps the rows' order among equals.
        let inOrder = zip(firsts, firsts.dropFirst()).allSatisfy { $0 < $1 }
        // A larger count makes a smaller high half.
        var keys = [UInt64](unsafeUninitializedCapacity: counts.count) { buffer, initialized in
            for entry in counts.indices {
                buffer[entry] = UInt64(UInt32.max - UInt32(counts[entry])) << 32 | UInt64(firsts[entry])
            }
            initialized = counts.count
        }
        let entries = sort(&keys, from: inOrder ? 4 : 0)
        return Places(keys: keys, entries: entries)
    }

    /// Sorts `keys` in ascending order, equal keys in index order, and returns each one's index
    /// before the sort: a least-significant-byte-first radix sort that skips each byte all keys
    /// share. Sorted in place: a copy of a million keys was one more list of fresh pages.
    ///
    /// - Parameters:
    ///   - keys: The words to sort.
    ///   - first: The lowest byte to sort by (0 is the least significant): the keys are
    ///     already in the order of the bytes below it.
    /// - Precondition: At most `UInt32.max` keys.
    /// - Complexity: O(n) for each byte in which the keys differ.
    static func sort(_ keys: inout [UInt64], from first: Int = 0) -> [UInt32] {
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
        // Taken, not shared, so that the sort can write into it from its second byte on.
        var from: [UInt64] = []
        swap(&from, &keys)
        // Made by the passes that first write them, which write every element: no list is
        // zeroed first, and none of indices is made before a key moves (until then each key's
        // index is its place).
        var fromIndices: [UInt32] = []
        var to: [UInt64] = []
        var toIndices: [UInt32] = []
        func filling<Element>(_ list: inout [Element], _ body: (UnsafeMutableBufferPointer<Element>) -> Void) {
            guard list.count != count else { return list.withUnsafeMutableBufferPointer { body($0) } }
            list = [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
                body(buffer)
                initialized = count
            }
        }
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
            let indices = fromIndices.isEmpty ? nil : fromIndices
            filling(&to) { to in
                filling(&toIndices) { toIndices in
                    scatter(from, indices: indices, into: to, indices: toIndices, shift: shift, next: &next)
                }
            }
            swap(&from, &to)
            swap(&fromIndices, &toIndices)
        }
        keys = from
        // No key moved: each is in its place.
        guard fromIndices.isEmpty, count > 0 else { return fromIndices }
        return (0..<count).map { UInt32(truncatingIfNeeded: $0) }
    }

    /// Moves each key of `from`, with its index (its position when `indices` is `nil`), to the
    /// next place of its byte at `shift`.
    private static func scatter(
        _ from: [UInt64], indices: [UInt32]?, into to: UnsafeMutableBufferPointer<UInt64>,
        indices toIndices: UnsafeMutableBufferPointer<UInt32>, shift: UInt64, next: inout [Int]
    ) {
        from.withUnsafeBufferPointer { from in
            next.withUnsafeMutableBufferPointer { next in
                (indices ?? []).withUnsafeBufferPointer { indices in
                    let moved = indices.count == from.count
                    for position in 0..<from.count {
                        let key = from[position]
                        let value = Int(truncatingIfNeeded: key >> shift) & 0xFF
                        let place = next[value]
                        next[value] = place &+ 1
                        to[place] = key
                        toIndices[place] = moved ? indices[position] : UInt32(truncatingIfNeeded: position)
                    }
                }
            }
        }
    }
}
