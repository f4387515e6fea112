/// A set of (64-bit payload, tag) keys: the distinct numbers, days and times of a column.
///
/// Keys whose payloads lie close together (days, prices, small counts) are bits
/// (``KeyBitmaps``) until one does not fit. The keys then move to the table below.
///
/// Up to ``spillCount`` keys live in one open-addressing table, which stays in the caches.
/// A table of a million keys did not: every insert was a cache miss, and growing it copied it
/// over and over (a fifth of `stats` over a file of prices). Past that count the keys are
/// appended instead to partitions chosen by their hash, and each partition is made distinct on
/// its own when it fills, where its keys fit in the caches; sets read in pieces at once are
/// counted together partition by partition (``unionCount(_:)``).
///
/// The partitions are kept apart by the keys' tags (a column's numbers have one scale or a
/// few), so that they hold payloads alone: 8 bytes a key, not 16. Over 10M rows, making the
/// memory of 16-byte keys ready was a fifth of `stats`.
struct DistinctKeys: Sendable {
    /// The keys while they fit as bits; `nil` once one did not.
    private var bitmaps: KeyBitmaps? = KeyBitmaps()
    private var table = KeyTable()
    /// The keys once they outgrew ``table``, which is then left empty: a partitioning for each
    /// mark.
    private var partitions: [KeyPartitions]?
    /// The keys of ``insertLater(_:tag:)`` not yet in the partitions.
    private var pending: [KeyEntry] = []
    /// How many keys wait at most.
    private static let batch = 512
    /// How many keys the table holds before they go to partitions: its 65,536 slots take 1 MiB.
    static let spillCount = 1 << 15

    /// How many distinct keys were added: exact once ``flush()`` has placed those waiting and
    /// made the partitions distinct.
    var count: Int { bitmaps?.count ?? partitions?.reduce(0) { $0 + $1.count } ?? table.count }

    /// True while the keys are bits (``KeyBitmaps``).
    var keepsBits: Bool { bitmaps != nil }

    /// Adds a key by the next ``flush()``: at once while the keys are bits or the table, which
    /// the caches hold, takes it; a few hundred at once into the partitions.
    mutating func insertLater(_ payload: UInt64, tag: UInt16) {
        switch bitmaps?.insert(payload, mark: tag &+ 1) {
        case true?: return
        case false?: leaveBitmaps()
        case nil: break
        }
        let key = KeyEntry(payload: payload, mark: tag &+ 1)
        guard partitions != nil else {
            table.insert(key)
            if table.count > Self.spillCount { spill() }
            return
        }
        if pending.isEmpty { pending.reserveCapacity(Self.batch) }
        pending.append(key)
        if pending.count == Self.batch { place() }
    }

    /// Places the keys waiting, and makes every partition distinct, before ``count`` is read.
    mutating func flush() {
        place()
        for index in partitions?.indices ?? 0..<0 { partitions?[index].settle() }
    }

    /// How many distinct keys `sets` hold together, each flushed (``flush()``): partition by
    /// partition when any set outgrew its table, each key placed once. Adding the sets one into
    /// another made the first set's keys distinct again at every union and copied its
    /// partitions as they doubled: a tenth of `stats` over a file of a million prices.
    static func unionCount(_ sets: [DistinctKeys]) -> Int {
        guard sets.count > 1 else { return sets.first?.count ?? 0 }
        let bitmaps = sets.compactMap(\.bitmaps)
        if bitmaps.count == sets.count, let count = KeyBitmaps.unionCount(bitmaps) { return count }
        let sets = sets.map(\.withoutBitmaps)
        guard sets.contains(where: { $0.partitions != nil }) else {
            var table = sets[0].table
            for set in sets.dropFirst() { table.insert(set.table) }
            return table.count
        }
        // Keys of different marks differ: each mark's keys are counted on their own.
        let settled = sets.map(\.settledPartitions)
        let marks = Set(settled.joined().map(\.mark))
        return marks.reduce(0) { count, mark in
            count + KeyPartitions.unionCount(settled.compactMap { $0.first { $0.mark == mark } })
        }
    }

    /// The set with the keys of its bitmaps in its table or partitions, flushed.
    private var withoutBitmaps: DistinctKeys {
        guard bitmaps != nil else { return self }
        var set = self
        set.leaveBitmaps()
        set.flush()
        return set
    }

    /// Moves the keys of the bitmaps to the table, and every later key with them.
    private mutating func leaveBitmaps() {
        guard let bitmaps else { return }
        self.bitmaps = nil
        bitmaps.forEachKey { payload, mark in insertLater(payload, tag: mark &- 1) }
    }

    /// Puts the waiting keys in the partitions of their marks.
    private mutating func place() {
        guard !pending.isEmpty else { return }
        place(pending)
        pending.removeAll(keepingCapacity: true)
    }

    /// Puts `keys` in the partitions of their marks, one mark at a time: nearly always one.
    private mutating func place(_ keys: [KeyEntry]) {
        // Taken out while appended to, so that it is not copied.
        var partitions = self.partitions ?? []
        self.partitions = nil
        var left = keys[...]
        var payloads: [UInt64] = []
        payloads.reserveCapacity(keys.count)
        while let mark = left.first?.mark {
            payloads.removeAll(keepingCapacity: true)
            var others: [KeyEntry] = []
            for key in left {
                if key.mark == mark {
                    payloads.append(key.payload)
                } else {
                    others.append(key)
                }
            }
            if let index = partitions.firstIndex(where: { $0.mark == mark }) {
                payloads.withUnsafeBufferPointer { partitions[index].append($0) }
            } else {
                var added = KeyPartitions(mark: mark)
                payloads.withUnsafeBufferPointer { added.append($0) }
                partitions.append(added)
            }
            left = others[...]
        }
        self.partitions = partitions
    }

    /// The keys in partitions, each made distinct: a set still in its table spilled first.
    private var settledPartitions: [KeyPartitions] {
        var set = self
        if set.partitions == nil { set.spill() }
        set.flush()
        return set.partitions ?? []
    }

    private mutating func spill() {
        partitions = []
        place(table.keys)
        table = KeyTable()
    }
}

/// A key: its payload and its tag plus one (0 marks an empty slot).
struct KeyEntry: Sendable {
    var payload: UInt64
    var mark: UInt16

    static let empty = KeyEntry(payload: 0, mark: 0)

    /// A multiplicative hash of the payload and its mark, whose high bits are the well mixed
    /// ones: ``KeyedCounts`` hashes its keys alike.
    var hash: UInt64 { KeyedCounts.hash(payload, mark) }
}

/// An open-addressing set of keys, at most half full, whose slot holds a key's payload and tag
/// side by side, so that a probe touches one cache line.
private struct KeyTable: Sendable {
    private var slots = [KeyEntry](repeating: .empty, count: 1_024)
    private var shift: UInt64 = 64 - 10
    private(set) var count = 0

    /// The keys, in the order of their slots.
    var keys: [KeyEntry] { slots.filter { $0.mark != 0 } }

    /// Adds the keys of `other`. This table is first made at least as large as that one: keys
    /// come in the order of its slots, which into a smaller table would pile up in runs that
    /// every later key must probe through.
    mutating func insert(_ other: KeyTable) {
        while slots.count < other.slots.count || (count + other.count) * 2 >= slots.count { grow() }
        for key in other.slots where key.mark != 0 { insert(key) }
    }

    mutating func insert(_ key: KeyEntry) {
        if count * 2 >= slots.count { grow() }
        let start = Int(truncatingIfNeeded: key.hash >> shift)
        let added = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var index = start
            while slots[index].mark != 0 {
                if slots[index].mark == key.mark, slots[index].payload == key.payload { return false }
                index = (index + 1) & mask
            }
            slots[index] = key
            return true
        }
        if added { count += 1 }
    }

    private mutating func grow() {
        let old = slots
        slots = [KeyEntry](repeating: .empty, count: old.count * 2)
        shift -= 1
        count = 0
        for key in old where key.mark != 0 { insert(key) }
    }
}

/// Keys of one mark appended to 256 partitions by the top bits of their hash, each partition a
/// run of ``capacity`` payloads in one array. A partition that fills is made distinct in place
/// through a table of its own size, which stays in the caches, and when that frees less than
/// half of it every partition's run doubles.
private struct KeyPartitions: Sendable {
    private static let partitionBits: UInt64 = 8
    private static let partitionCount = 1 << partitionBits
    /// The mark of every key here.
    let mark: UInt16
    private var capacity = 1_024
    private var storage = [UInt64](repeating: 0, count: KeyPartitions.partitionCount * 1_024)
    /// How many keys each partition holds.
    private var lengths = [Int](repeating: 0, count: KeyPartitions.partitionCount)
    /// How many of each partition's first keys are known to be distinct.
    private var settled = [Int](repeating: 0, count: KeyPartitions.partitionCount)
    /// The table a partition is made distinct through, empty between uses.
    private var scratch: [KeyEntry] = []

    /// How many keys the partitions hold: the distinct count after ``settle()``.
    var count: Int { lengths.reduce(0, +) }

    init(mark: UInt16) {
        self.mark = mark
    }

    /// Makes every partition distinct.
    mutating func settle() {
        for partition in 0..<Self.partitionCount where settled[partition] < lengths[partition] {
            makeDistinct(partition)
        }
    }

    /// Adds the keys of these payloads and the partitions' mark.
    mutating func append(_ keys: UnsafeBufferPointer<UInt64>) {
        var next = 0
        while next < keys.count {
            let (capacity, mark) = (capacity, mark)
            let full: Int? = storage.withUnsafeMutableBufferPointer { storage in
                lengths.withUnsafeMutableBufferPointer { lengths in
                    while next < keys.count {
                        let key = keys[next]
                        let hash = KeyedCounts.hash(key, mark)
                        let partition = Int(truncatingIfNeeded: hash >> (64 - Self.partitionBits))
                        let length = lengths[partition]
                        if length == capacity { return partition }
                        storage[partition &* capacity &+ length] = key
                        lengths[partition] = length &+ 1
                        next += 1
                    }
                    return nil
                }
            }
            if let full {
                makeDistinct(full)
                if lengths[full] * 2 > capacity { grow() }
            }
        }
    }

    /// How many distinct keys `sets` (of one mark) hold together, each settled (``settle()``):
    /// each partition's keys of every set placed once in a table of their size, which the
    /// caches hold.
    static func unionCount(_ sets: [KeyPartitions]) -> Int {
        guard let mark = sets.first?.mark else { return 0 }
        var scratch: [KeyEntry] = []
        var count = 0
        for partition in 0..<partitionCount {
            let length = sets.reduce(0) { $0 + $1.lengths[partition] }
            guard length > 0 else { continue }
            let size = tableSize(for: length)
            if scratch.count < size { scratch = [KeyEntry](repeating: .empty, count: size) }
            scratch.withUnsafeMutableBufferPointer { scratch in
                for (index, set) in sets.enumerated() {
                    let start = partition * set.capacity
                    set.storage.withUnsafeBufferPointer { storage in
                        let keys = UnsafeBufferPointer(rebasing: storage[start..<(start + set.lengths[partition])])
                        // The first set's keys are distinct: each only needs a free slot.
                        count += place(keys, mark: mark, in: scratch, size: size, distinct: index == 0) { _ in }
                    }
                }
                scratch.baseAddress?.update(repeating: .empty, count: size)
            }
        }
        return count
    }

    /// The size of the table through which `length` keys are made distinct: at most half full.
    private static func tableSize(for length: Int) -> Int {
        var size = 16
        while size < length * 2 { size *= 2 }
        return size
    }

    /// Puts each of the keys of `keys` and `mark` not yet in `table` (of `size` slots, chosen by
    /// the hash's bits below the partition's) in it and calls `kept` with its payload; skips
    /// the comparisons when the keys are known to be `distinct` and not in the table.
    ///
    /// - Returns: How many keys were put in.
    @inline(__always)
    private static func place(
        _ keys: UnsafeBufferPointer<UInt64>, mark: UInt16, in table: UnsafeMutableBufferPointer<KeyEntry>, size: Int,
        distinct: Bool, kept: (UInt64) -> Void
    ) -> Int {
        let shift = 64 - UInt64(size.trailingZeroBitCount)
        let mask = size - 1
        var placed = 0
        for key in keys {
            var index = Int(truncatingIfNeeded: (KeyedCounts.hash(key, mark) << partitionBits) >> shift)
            var seen = false
            // Every key here has the same mark: a slot's mark only tells whether it is taken.
            while table[index].mark != 0 {
                if !distinct, table[index].payload == key {
                    seen = true
                    break
                }
                index = (index + 1) & mask
            }
            if seen { continue }
            table[index] = KeyEntry(payload: key, mark: mark)
            kept(key)
            placed += 1
        }
        return placed
    }

    /// Drops the repeated keys of a partition, keeping the first of each.
    private mutating func makeDistinct(_ partition: Int) {
        let mark = mark
        let length = lengths[partition]
        let settled = settled[partition]
        let size = Self.tableSize(for: length)
        if scratch.count < size { scratch = [KeyEntry](repeating: .empty, count: size) }
        let start = partition * capacity
        let kept = storage.withUnsafeMutableBufferPointer { storage in
            scratch.withUnsafeMutableBufferPointer { scratch in
                // The keys already made distinct stay where they are; each only needs a free slot.
                var kept = Self.place(
                    UnsafeBufferPointer(rebasing: storage[start..<(start + settled)]), mark: mark, in: scratch,
                    size: size, distinct: true
                ) { _ in }
                let fresh = UnsafeBufferPointer(rebasing: storage[(start + settled)..<(start + length)])
                let base = storage.baseAddress! + start
                _ = Self.place(fresh, mark: mark, in: scratch, size: size, distinct: false) { key in
                    // Kept keys move down over the repeated ones, never past a key not yet read.
                    base[kept] = key
                    kept += 1
                }
                scratch.baseAddress?.update(repeating: .empty, count: size)
                return kept
            }
        }
        lengths[partition] = kept
        self.settled[partition] = kept
    }

    /// Doubles every partition's run.
    private mutating func grow() {
        let old = storage
        let oldCapacity = capacity
        let capacity = oldCapacity * 2
        let lengths = lengths
        var storage = [UInt64](repeating: 0, count: Self.partitionCount * capacity)
        storage.withUnsafeMutableBufferPointer { storage in
            old.withUnsafeBufferPointer { old in
                for partition in 0..<Self.partitionCount {
                    let from = partition * oldCapacity
                    let to = partition * capacity
                    for offset in 0..<lengths[partition] { storage[to + offset] = old[from + offset] }
                }
            }
        }
        self.storage = storage
        self.capacity = capacity
    }
}
