/// A least-significant-digit radix sort of rows by 64-bit keys: stable, so rows with equal
/// keys keep the order they came in, and O(n) whatever the keys.
///
/// One pass over the keys counts every byte position; a position where all keys share their
/// byte needs no pass, so keys that differ only in their low bytes (prices, days) sort in a
/// few passes.
enum RadixSort {
    /// A row and its key.
    struct Entry {
        var key: UInt64
        var row: Int
    }

    /// How many entries go between two looks at `shouldStop`.
    static let stopInterval = 1 << 16

    /// Sorts `entries` by key, stably, using `scratch` (as long) for the passes.
    ///
    /// - Parameter shouldStop: Asked every ``stopInterval`` entries of a pass; once it returns
    ///   true the sort gives up.
    /// - Returns: The buffer holding the sorted entries (`entries` or `scratch`), or `nil` when
    ///   stopped.
    /// - Complexity: O(n × p) for p byte positions where the keys differ, at most 8.
    static func sort(
        _ entries: UnsafeMutableBufferPointer<Entry>, scratch: UnsafeMutableBufferPointer<Entry>,
        shouldStop: () -> Bool
    ) -> UnsafeMutableBufferPointer<Entry>? {
        let count = entries.count
        guard count > 1 else { return entries }
        precondition(scratch.count >= count, "the scratch buffer is as long as the entries")
        // Counts of each byte value at each of the eight positions, in one pass.
        let counts = UnsafeMutableBufferPointer<Int>.allocate(capacity: 8 * 256)
        defer { counts.deallocate() }
        counts.initialize(repeating: 0)
        for start in stride(from: 0, to: count, by: stopInterval) {
            if start > 0, shouldStop() { return nil }
            for index in start..<min(count, start + stopInterval) {
                var key = entries[index].key
                for position in 0..<8 {
                    counts[position &* 256 &+ Int(truncatingIfNeeded: key & 0xFF)] &+= 1
                    key >>= 8
                }
            }
        }
        var source = entries
        var target = UnsafeMutableBufferPointer(rebasing: scratch[0..<count])
        for position in 0..<8 {
            let histogram = UnsafeMutableBufferPointer(rebasing: counts[(position * 256)..<(position * 256 + 256)])
            // Every key has the same byte here: the pass would not move anything.
            if histogram.contains(count) { continue }
            // Each byte value's first place in the target.
            var next = 0
            for value in 0..<256 {
                let here = histogram[value]
                histogram[value] = next
                next += here
            }
            let shift = UInt64(position * 8)
            for start in stride(from: 0, to: count, by: stopInterval) {
                if shouldStop() { return nil }
                for index in start..<min(count, start + stopInterval) {
                    let entry = source[index]
                    let bucket = Int(truncatingIfNeeded: (entry.key >> shift) & 0xFF)
                    target[histogram[bucket]] = entry
                    histogram[bucket] &+= 1
                }
            }
            swap(&source, &target)
        }
        return source
    }
}
