import BrowseSupport

extension KeyedCounts {
    /// Where the cores write what they count: each distinct value, its count and first row, a
    /// core's from the place of its first partition on.
    private struct Counted: @unchecked Sendable {
        let values: SharedMemory<PieceValue>
        let counts: SharedMemory<Int>
        let firsts: SharedMemory<Int>
    }

    /// The values counted, to be read on every core.
    private struct Ordered: @unchecked Sendable {
        let values: [PieceValue]
        let counts: [Int]
        let firsts: [Int]
    }

    /// A slot of a partition's table: a key and its place in ``Counted``.
    private struct Probe {
        var payload: UInt64
        var place: UInt32
        var mark: UInt16
    }

    /// ``union(_:)`` of tables of which one or more set numbers aside.
    ///
    /// A key's partition is the same in every table, so each partition is counted alone, on
    /// whichever core takes it: every table's entries of that partition, then the numbers it
    /// set aside there, table by table in row order. The lists are made as large as there are
    /// keys (pages never written are never given memory), each core writes from the place of
    /// its first partition's keys, and the gaps are closed at the end. The values are then put
    /// in the order of their first rows.
    static func unionByPartition(_ tables: consuming [KeyedCounts]) -> (
        values: [PieceValue], counts: [Int], firsts: [Int]
    ) {
        let partitions = Self.partitions
        let byPartition = tables.map(Self.slotsByPartition)
        var aside: [(keys: [SpilledKey], starts: [Int])] = []
        for index in tables.indices {
            // Each table's numbers are let go once grouped: they can be most of the memory.
            aside.append(Self.spilledByPartition(tables[index].takeSpilled(), sizes: tables[index].partitionSizes))
        }
        // How many keys each partition has, and where each partition's place starts.
        var keys = [Int](repeating: 0, count: partitions + 1)
        for (grouped, spilled) in zip(byPartition, aside) {
            for partition in 0..<partitions {
                keys[partition + 1] +=
                    grouped.starts[partition + 1] - grouped.starts[partition] + spilled.starts[partition + 1]
                    - spilled.starts[partition]
            }
        }
        for partition in 0..<partitions { keys[partition + 1] += keys[partition] }
        let total = keys[partitions]
        let cores = ParallelWork.pieces(for: total)
        let held = tables
        let spilled = aside
        let starts = keys
        let counted = Self.lists(capacity: total) { counted in
            let made = ParallelWork.map(cores) { core in
                let range = ParallelWork.range(ofPiece: core, of: cores, count: partitions)
                return Self.count(range, of: held, byPartition, spilled, starts: starts, into: counted)
            }.map { $0 ?? 0 }
            // Each core's values follow the one before's (the lists hold values without a
            // reference, so moving them is copying their bytes).
            var end = made[0]
            for core in made.indices.dropFirst() {
                let from = starts[ParallelWork.range(ofPiece: core, of: cores, count: partitions).lowerBound]
                if from != end {
                    counted.values.move(from: from, to: end, count: made[core])
                    counted.counts.move(from: from, to: end, count: made[core])
                    counted.firsts.move(from: from, to: end, count: made[core])
                }
                end += made[core]
            }
            return end
        }
        return Self.inOrderOfFirstRows(counted.values, counted.counts, counted.firsts)
    }

    /// Three lists of `capacity` elements made by `body` without being filled first; `body`
    /// returns how many of each it initialized, from the start.
    private static func lists(capacity: Int, _ body: (Counted) -> Int) -> (
        values: [PieceValue], counts: [Int], firsts: [Int]
    ) {
        var made = 0
        var counts: [Int] = []
        var firsts: [Int] = []
        let values = [PieceValue](unsafeUninitializedCapacity: capacity) { values, valuesMade in
            counts = [Int](unsafeUninitializedCapacity: capacity) { counts, countsMade in
                firsts = [Int](unsafeUninitializedCapacity: capacity) { firsts, firstsMade in
                    made = body(
                        Counted(
                            values: SharedMemory(values), counts: SharedMemory(counts), firsts: SharedMemory(firsts)))
                    firstsMade = made
                }
                countsMade = made
            }
            valuesMade = made
        }
        return (values, counts, firsts)
    }

    /// The values in the order of their first rows, which are all different: each is placed by
    /// how many first rows come before it, counted in a bitmap of the rows, on every core.
    /// Given in that order, `freq` orders them by count alone and reads them in order after:
    /// in the order of the partitions, both took longer than this.
    private static func inOrderOfFirstRows(_ values: [PieceValue], _ counts: [Int], _ firsts: [Int]) -> (
        values: [PieceValue], counts: [Int], firsts: [Int]
    ) {
        let total = firsts.count
        var bits = [UInt64](repeating: 0, count: (firsts.max() ?? 0) / 64 + 1)
        bits.withUnsafeMutableBufferPointer { bits in
            for first in firsts { bits[first >> 6] |= 1 << UInt64(first & 63) }
        }
        // How many first rows come before each word's.
        var before = [Int](repeating: 0, count: bits.count)
        var seen = 0
        for (index, word) in bits.enumerated() {
            before[index] = seen
            seen += word.nonzeroBitCount
        }
        let ranks = (bits: bits, before: before)
        let cores = ParallelWork.pieces(for: total)
        let from = Ordered(values: values, counts: counts, firsts: firsts)
        // Every place is written once: nothing is filled first.
        return Self.lists(capacity: total) { to in
            ParallelWork.run(cores) { core in
                for index in ParallelWork.range(ofPiece: core, of: cores, count: total) {
                    let first = from.firsts[index]
                    let word = first >> 6
                    let below = ranks.bits[word] & ((1 << UInt64(first & 63)) &- 1)
                    let place = ranks.before[word] + below.nonzeroBitCount
                    to.values.buffer.initializeElement(at: place, to: from.values[index])
                    to.counts.buffer.initializeElement(at: place, to: from.counts[index])
                }
            }
            // The first rows in order are the bitmap's rows, read from its start.
            var place = 0
            for (index, word) in ranks.bits.enumerated() {
                var rest = word
                while rest != 0 {
                    to.firsts.buffer.initializeElement(at: place, to: index << 6 | rest.trailingZeroBitCount)
                    place += 1
                    rest &= rest &- 1
                }
            }
            return total
        }
    }

    /// Counts the keys of partitions `range` of every table into `counted`, from the place of
    /// the range's first partition on; how many values it made.
    private static func count(
        _ range: Range<Int>, of tables: [KeyedCounts], _ byPartition: [(slots: [UInt32], starts: [Int])],
        _ spilled: [(keys: [SpilledKey], starts: [Int])], starts: [Int], into counted: Counted
    ) -> Int {
        guard !range.isEmpty else { return 0 }
        let base = starts[range.lowerBound]
        var made = 0
        var largest = 0
        for partition in range { largest = max(largest, starts[partition + 1] - starts[partition]) }
        var probes = [Probe](repeating: Probe(payload: 0, place: 0, mark: 0), count: Self.tableSize(for: largest))
        probes.withUnsafeMutableBufferPointer { probes in
            for partition in range {
                let size = Self.tableSize(for: starts[partition + 1] - starts[partition])
                let scratch = UnsafeMutableBufferPointer(rebasing: probes[0..<size])
                scratch.update(repeating: Probe(payload: 0, place: 0, mark: 0))
                let bits = UInt64(size.trailingZeroBitCount)
                for ((table, grouped), spilled) in zip(zip(tables, byPartition), spilled) {
                    for index in grouped.slots[grouped.starts[partition]..<grouped.starts[partition + 1]] {
                        let slot = table.slots[Int(index)]
                        let entry = Int(slot.entry)
                        Self.count(
                            slot.payload, mark: slot.mark, times: slot.count, first: table.firsts[entry], bits: bits,
                            in: scratch, into: counted, at: base, made: &made
                        ) { table.values[entry] }
                    }
                    for key in spilled.keys[spilled.starts[partition]..<spilled.starts[partition + 1]] {
                        Self.count(
                            key.payload, mark: key.mark, times: 1, first: Int(key.row), bits: bits, in: scratch,
                            into: counted, at: base, made: &made
                        ) { Self.value(of: key) }
                    }
                }
            }
        }
        return made
    }

    /// Adds `times` to the key's count in a partition's table, or makes it a new value at
    /// `base + made`.
    @inline(__always)
    private static func count(
        _ payload: UInt64, mark: UInt16, times: Int, first: Int, bits: UInt64,
        in table: UnsafeMutableBufferPointer<Probe>, into counted: Counted, at base: Int, made: inout Int,
        value: () -> PieceValue
    ) {
        // The bits below the partition's: those above are the same for every key here.
        let hash = Self.hash(payload, mark) << UInt64(Self.partitionBits)
        let mask = table.count - 1
        var index = Int(truncatingIfNeeded: hash >> (64 - bits))
        while table[index].mark != 0 {
            if table[index].mark == mark, table[index].payload == payload {
                let place = base + Int(table[index].place)
                counted.counts.buffer[place] += times
                // A number set aside and later put in its table (its row past 32 bits) is met
                // at its later row first.
                if first < counted.firsts.buffer[place] {
                    counted.firsts.buffer[place] = first
                    counted.values.buffer[place] = value()
                }
                return
            }
            index = (index + 1) & mask
        }
        table[index] = Probe(payload: payload, place: UInt32(truncatingIfNeeded: made), mark: mark)
        counted.values.buffer.initializeElement(at: base + made, to: value())
        counted.counts.buffer.initializeElement(at: base + made, to: times)
        counted.firsts.buffer.initializeElement(at: base + made, to: first)
        made += 1
    }

    /// A table's numbers set aside, grouped by partition (in row order within each): partition
    /// `p`'s are `keys[starts[p]..<starts[p + 1]]`.
    private static func spilledByPartition(_ keys: [SpilledKey], sizes: [Int]) -> (
        keys: [SpilledKey], starts: [Int]
    ) {
        guard !keys.isEmpty else { return ([], [Int](repeating: 0, count: Self.partitions + 1)) }
        var starts = [0]
        starts.reserveCapacity(sizes.count + 1)
        for size in sizes { starts.append(starts[starts.count - 1] + size) }
        var next = starts
        let grouped = [SpilledKey](unsafeUninitializedCapacity: keys.count) { buffer, initialized in
            next.withUnsafeMutableBufferPointer { next in
                for key in keys {
                    let partition = Self.partition(key.payload, key.mark)
                    buffer.initializeElement(at: next[partition], to: key)
                    next[partition] += 1
                }
            }
            initialized = keys.count
        }
        return (grouped, starts)
    }

    /// The slots of a partition's table for `keys` keys: at least twice as many, a power of two.
    private static func tableSize(for keys: Int) -> Int {
        var size = 16
        while size < 2 * keys { size *= 2 }
        return size
    }

    /// The table's occupied slots grouped by partition: partition `p`'s are
    /// `slots[starts[p]..<starts[p + 1]]`.
    private static func slotsByPartition(_ table: KeyedCounts) -> (slots: [UInt32], starts: [Int]) {
        let partition = { (slot: Slot) in Self.partition(slot.payload, slot.mark) }
        var starts = [Int](repeating: 0, count: Self.partitions + 1)
        for slot in table.slots where slot.mark != 0 { starts[partition(slot) + 1] += 1 }
        for index in 0..<Self.partitions { starts[index + 1] += starts[index] }
        var next = starts
        var grouped = [UInt32](repeating: 0, count: starts[Self.partitions])
        for (index, slot) in table.slots.enumerated() where slot.mark != 0 {
            grouped[next[partition(slot)]] = UInt32(truncatingIfNeeded: index)
            next[partition(slot)] += 1
        }
        return (grouped, starts)
    }
}

extension SharedMemory {
    /// Moves `count` elements from `from` to `to`, which may overlap (a memmove for values
    /// without references).
    fileprivate func move(from: Int, to: Int, count: Int) {
        guard let base = buffer.baseAddress else { return }
        (base + to).moveInitialize(from: base + from, count: count)
    }
}
