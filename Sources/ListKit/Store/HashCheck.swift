/// Whether a list of hashes holds any twice, for a list's items to skip the set of their ids.
enum HashCheck {
    /// True when no two of `hashes` are equal.
    ///
    /// A `Set<UInt>` of a million hashes misses the cache on nearly every insert. The hashes are
    /// put in buckets by their top bits instead, a thousand or so to a bucket, and each bucket
    /// is checked in one small table that stays in the cache.
    ///
    /// - Complexity: O(n).
    static func allDifferent(_ hashes: [UInt]) -> Bool {
        let count = hashes.count
        let shift = UInt.bitWidth - max(1, UInt.bitWidth - count.leadingZeroBitCount - 10)
        var ends = [Int](repeating: 0, count: 1 << (UInt.bitWidth - shift))
        for hash in hashes { ends[Int(hash >> shift)] += 1 }
        for bucket in ends.indices.dropFirst() { ends[bucket] += ends[bucket - 1] }
        var places = ends
        var bucketed = [UInt](repeating: 0, count: count)
        for hash in hashes {
            let bucket = Int(hash >> shift)
            places[bucket] -= 1
            bucketed[places[bucket]] = hash
        }
        var largest = 0
        var start = 0
        for end in ends {
            largest = max(largest, end - start)
            start = end
        }
        // Open addressing on the low bits, at most half full. 0 marks an empty slot, so a hash
        // of 0 is noted apart.
        let mask = (1 << (UInt.bitWidth - (2 * largest).leadingZeroBitCount)) - 1
        var table = [UInt](repeating: 0, count: mask + 1)
        start = 0
        for end in ends {
            var zeroSeen = false
            for hash in bucketed[start..<end] {
                guard hash != 0 else {
                    if zeroSeen { return false }
                    zeroSeen = true
                    continue
                }
                var slot = Int(hash & UInt(mask))
                while table[slot] != 0 {
                    if table[slot] == hash { return false }
                    slot = (slot + 1) & mask
                }
                table[slot] = hash
            }
            // Emptied for the next bucket: every run of full slots starts at one of its hashes'
            // first slots.
            for hash in bucketed[start..<end] where hash != 0 {
                var slot = Int(hash & UInt(mask))
                while table[slot] != 0 {
                    table[slot] = 0
                    slot = (slot + 1) & mask
                }
            }
            start = end
        }
        return true
    }
}
