import BrowseSupport

/// Values other than texts counted for `freq` by an exact 64-bit key and a tag, as
/// ``DistinctValues`` tells them apart, each with how many rows hold it and the first of them:
/// hashing `CellValue`s in a dictionary was most of `freq` over a number column. Values are
/// kept as ``PieceValue``s, which copy as plain bytes; a `CellValue` is made for each distinct
/// value only when the entries are read.
///
/// Two values share a key exactly when they are equal as `CellValue`s (1.50 is 1.5; date-times
/// are equal when they are the same instant), and the value kept is the one its first row holds,
/// as a dictionary keeps the key it was first given. Values without a key (date-times finer
/// than a microsecond) are refused by ``addLater(_:row:)`` and counted by the caller.
///
/// Sendable although it holds `PieceValue`s: only values with a key are kept, and no text
/// (the one case pointing into memory) has one.
///
/// The table stops growing at ``largestTable`` slots, about what a core's second-level cache
/// holds: from then on a number not in it is set aside (``spilled``), each noted in one of
/// ``partitions`` by its hash, and ``union(_:)`` counts each partition of every table's numbers
/// in a small table of its own. Over 733,754 distinct numbers in a million rows, a table that kept
/// doubling missed the caches at nearly every key, and the kernel spent a fifth of the run
/// zeroing its fresh pages.
struct KeyedCounts: @unchecked Sendable {
    /// A slot: the payload, its tag plus one (0 for an empty slot), the value's count and its
    /// entry, side by side so that counting a value seen before touches one cache line.
    struct Slot {
        var payload: UInt64
        var count: Int
        var entry: UInt32
        var mark: UInt16
    }

    /// A value waiting for ``flush()``, with its key and row.
    private struct Pending {
        var payload: UInt64
        var mark: UInt16
        var row: Int
        var value: PieceValue
    }

    /// A number counted once outside the table, with what its value needs besides its key:
    /// the scale its first row wrote (1.50 has the key of 1.5), or ``wholeNumber``.
    struct SpilledKey {
        var payload: UInt64
        var row: UInt32
        var mark: UInt16
        var scale: UInt16
    }

    /// The scale of a set-aside key whose first row wrote an integer, which has a decimal's key.
    static let wholeNumber = UInt16.max

    private(set) var slots = [Slot](repeating: Slot(payload: 0, count: 0, entry: 0, mark: 0), count: 1_024)
    private var shift = 64 - 10
    /// Each distinct value of the table as its first row holds it, and that row, by entry.
    private(set) var values: [PieceValue] = []
    private(set) var firsts: [Int] = []
    /// The numbers set aside once the table stopped growing, in row order.
    private(set) var spilled: [SpilledKey] = []
    /// How many numbers were set aside in each partition; empty until the table stopped growing.
    private(set) var partitionSizes: [Int] = []
    /// The most slots a table grows to before numbers are set aside: 384 KiB.
    static let largestTable = 1 << 14
    /// How many lists numbers are set aside in: the top bits of their hash.
    static let partitionBits = 10
    static var partitions: Int { 1 << partitionBits }
    private var pending: [Pending] = []
    /// The marks of the slots ``flush()`` read ahead.
    private var touched: UInt16 = 0
    /// How many values wait at most.
    private static let batch = 256

    /// How many distinct values were counted at most, without those still waiting for
    /// ``flush()``: a number set aside is counted each time, since it is only told apart from
    /// the others by ``union(_:)``.
    var count: Int { values.count + spilled.count }

    /// Counts `value`, held by row `row` (rows are added in order), by the next ``flush()``;
    /// `false`, counting nothing, when the value has no key.
    ///
    /// Values counted a few hundred at once cost about one cache miss's wait for all of them:
    /// over a hundred thousand distinct numbers the table outgrows the caches, and their slots
    /// are read together before any is probed.
    @discardableResult
    mutating func addLater(_ value: PieceValue, row: Int) -> Bool {
        guard let (payload, tag) = Self.key(of: value) else { return false }
        if pending.isEmpty { pending.reserveCapacity(Self.batch) }
        pending.append(Pending(payload: payload, mark: tag &+ 1, row: row, value: value))
        if pending.count == Self.batch { flush() }
        return true
    }

    /// Counts the values waiting, before ``count`` or ``entries`` is read.
    mutating func flush() {
        guard !pending.isEmpty else { return }
        if partitionSizes.isEmpty, slots.count >= Self.largestTable,
            (values.count + pending.count) * 2 >= slots.count
        {
            partitionSizes = Array(repeating: 0, count: Self.partitions)
        }
        let spilling = !partitionSizes.isEmpty
        // Once numbers are set aside, only the other values join the table.
        let joining = spilling ? pending.count { !Self.spills($0) } : pending.count
        while (values.count + joining) * 2 >= slots.count { grow() }
        let shift = UInt64(shift)
        // The batch and the numbers set aside are moved out and given back after, so that no
        // batch allocates and the loop below writes through pointers alone. Room is made for
        // every key to be set aside, and what is left over taken off after.
        var waiting: [Pending] = []
        swap(&waiting, &pending)
        var aside: [SpilledKey] = []
        var sizes: [Int] = []
        let kept = spilled.count
        if spilling {
            swap(&aside, &spilled)
            swap(&sizes, &partitionSizes)
            aside.append(
                contentsOf: repeatElement(
                    SpilledKey(payload: 0, row: 0, mark: 0, scale: 0), count: waiting.count - joining)
            )
        }
        let entries = values.count
        var added: [(value: PieceValue, first: Int)] = []
        let probed = Self.withPointers(&slots, &aside, &sizes) { slots, aside, sizes in
            var end = kept
            // Independent loads, so the processor waits for their misses at once.
            var marks: UInt16 = 0
            for key in waiting { marks |= slots[Self.start(key.payload, key.mark, shift: shift)].mark }
            // Then each key probed in one pass over the table: no call and no check that the
            // table is not shared per value.
            for key in waiting {
                let start = Self.start(key.payload, key.mark, shift: shift)
                if spilling, Self.spills(key) {
                    let index = Self.probe(key.payload, mark: key.mark, from: start, in: UnsafeBufferPointer(slots))
                    if slots[index].mark != 0 {
                        slots[index].count += 1
                    } else {
                        aside[end] = Self.spilledKey(key)
                        end += 1
                        sizes[Self.partition(key.payload, key.mark)] += 1
                    }
                    continue
                }
                let next = UInt32(truncatingIfNeeded: entries + added.count)
                if Self.place(key.payload, mark: key.mark, count: 1, entry: next, from: start, in: slots) == nil {
                    added.append((key.value, key.row))
                }
            }
            return (marks: marks, spilled: end)
        }
        // Kept, so that the loads are not left out as unused.
        touched |= probed.marks
        for (value, first) in added {
            values.append(value)
            firsts.append(first)
        }
        if spilling {
            aside.removeLast(aside.count - probed.spilled)
            swap(&aside, &spilled)
            swap(&sizes, &partitionSizes)
        }
        waiting.removeAll(keepingCapacity: true)
        swap(&waiting, &pending)
    }

    /// Calls `body` with the table's slots, the numbers set aside and the partitions' sizes.
    private static func withPointers<Result>(
        _ slots: inout [Slot], _ aside: inout [SpilledKey], _ sizes: inout [Int],
        _ body: (
            UnsafeMutableBufferPointer<Slot>, UnsafeMutableBufferPointer<SpilledKey>, UnsafeMutableBufferPointer<Int>
        )
            -> Result
    ) -> Result {
        slots.withUnsafeMutableBufferPointer { slots in
            aside.withUnsafeMutableBufferPointer { aside in
                sizes.withUnsafeMutableBufferPointer { sizes in body(slots, aside, sizes) }
            }
        }
    }

    /// The numbers set aside, taken out.
    mutating func takeSpilled() -> [SpilledKey] {
        var taken: [SpilledKey] = []
        swap(&taken, &spilled)
        return taken
    }

    /// The partition of a key: the top bits of its hash.
    @inline(__always)
    static func partition(_ payload: UInt64, _ mark: UInt16) -> Int {
        Int(truncatingIfNeeded: hash(payload, mark) >> (64 - UInt64(partitionBits)))
    }

    /// Whether a key is set aside rather than put in a full table: integers and decimals, whose
    /// values are made again from their keys, in rows that fit 32 bits.
    private static func spills(_ key: Pending) -> Bool {
        (key.mark &- 1) >> 8 == 2 && key.row <= Int(UInt32.max)
    }

    /// A key as it is set aside: a decimal with the scale its row wrote, an integer as one.
    private static func spilledKey(_ key: Pending) -> SpilledKey {
        var scale = wholeNumber
        if case .decimal(let decimal) = key.value { scale = UInt16(truncatingIfNeeded: decimal.scale) }
        return SpilledKey(payload: key.payload, row: UInt32(truncatingIfNeeded: key.row), mark: key.mark, scale: scale)
    }

    /// The value a set-aside key stands for, as its row wrote it.
    static func value(of key: SpilledKey) -> PieceValue {
        let units = Int64(bitPattern: key.payload)
        guard key.scale != wholeNumber else { return .integer(units) }
        // The key dropped trailing zeros; the row's scale puts them back.
        var scaled = units
        for _ in Int((key.mark &- 1) & 0xFF)..<Int(key.scale) { scaled *= 10 }
        return .decimal(ExactDecimal(units: scaled, scale: Int(key.scale)))
    }

    /// Every distinct value of tables that counted consecutive pieces of the rows, given in
    /// row order, as one table over all the rows would hold them: each value as its first row
    /// holds it, with its count and that row, in the order of their first rows. The tables are
    /// let go.
    ///
    /// When a table set numbers aside, every table is counted by partition
    /// (``unionByPartition(_:)``). Otherwise no table is merged into another: each later
    /// table's keys are looked up in the tables before it, which are only read, on every core
    /// at once. The first table holding a key has its first row and is given the others'
    /// counts; the others leave their entry of it out. A table's keys are looked up in the
    /// order of its slots, the order of their hash, so each earlier table is read from its
    /// start to its end rather than anywhere.
    ///
    /// - Precondition: No value of a table waits for its ``flush()``.
    static func union(_ tables: inout [KeyedCounts]) -> (values: [PieceValue], counts: [Int], firsts: [Int]) {
        precondition(tables.allSatisfy(\.pending.isEmpty), "KeyedCounts read before flush()")
        guard !tables.isEmpty else { return ([], [], []) }
        var held: [KeyedCounts] = []
        swap(&held, &tables)
        if held.contains(where: { !$0.partitionSizes.isEmpty }) { return unionByPartition(consume held) }
        let sizes = held.map(\.values.count)
        let total = sizes.reduce(0, +)
        // Where each table's entries start among all of them.
        var offset = 0
        let starts = sizes.map { size in
            defer { offset += size }
            return offset
        }
        // Every table's counts by entry side by side, and whether an earlier table holds the
        // entry's value.
        var counts = [Int](repeating: 0, count: total)
        var repeated = [Bool](repeating: false, count: total)
        counts.withUnsafeMutableBufferPointer { counts in
            repeated.withUnsafeMutableBufferPointer { repeated in
                let counts = SharedMemory(counts)
                let repeated = SharedMemory(repeated)
                let shifts = held.map { UInt64($0.shift) }
                withSlots(of: held[...]) { slots in
                    ParallelWork.run(slots.count) { table in
                        for slot in slots[table].readable where slot.mark != 0 {
                            counts.buffer[starts[table] + Int(slot.entry)] = slot.count
                        }
                    }
                    // One table's keys at a time: no two of its keys add to the same entry.
                    for later in slots.indices.dropFirst() {
                        let parts = ParallelWork.pieces(for: sizes[later])
                        ParallelWork.run(parts) { part in
                            let range = ParallelWork.range(ofPiece: part, of: parts, count: slots[later].buffer.count)
                            lookUp(
                                slots[later].buffer[range], of: later, in: slots, shifts: shifts, starts: starts,
                                counts: counts, repeated: repeated)
                        }
                    }
                }
            }
        }
        // The first table's entries are all kept, where they are; each later table's follow
        // without those an earlier one holds, in the order of their first rows.
        var values: [PieceValue] = []
        var firsts: [Int] = []
        swap(&values, &held[0].values)
        swap(&firsts, &held[0].firsts)
        held[0] = KeyedCounts()
        var kept = values.count
        for table in held.indices.dropFirst() {
            let start = starts[table]
            for entry in held[table].values.indices where !repeated[start + entry] {
                values.append(held[table].values[entry])
                firsts.append(held[table].firsts[entry])
                counts[kept] = counts[start + entry]
                kept += 1
            }
            held[table] = KeyedCounts()
        }
        counts.removeLast(counts.count - kept)
        return (values, counts, firsts)
    }

    /// Looks the keys of `keys`, slots of table `later`, up in the tables before it: the first
    /// holding a key is given its count, and the key's entry in `later` is marked repeated.
    private static func lookUp(
        _ keys: Slice<UnsafeMutableBufferPointer<Slot>>, of later: Int, in slots: [SharedMemory<Slot>],
        shifts: [UInt64], starts: [Int], counts: SharedMemory<Int>, repeated: SharedMemory<Bool>
    ) {
        for slot in keys where slot.mark != 0 {
            for earlier in 0..<later {
                let start = Self.start(slot.payload, slot.mark, shift: shifts[earlier])
                guard let found = find(slot.payload, mark: slot.mark, from: start, in: slots[earlier].readable)
                else { continue }
                counts.buffer[starts[earlier] + found] += slot.count
                repeated.buffer[starts[later] + Int(slot.entry)] = true
                break
            }
        }
    }

    /// Calls `body` with the slots of every table in `tables`, to be read from several threads.
    private static func withSlots<Result>(
        of tables: ArraySlice<KeyedCounts>, _ body: ([SharedMemory<Slot>]) -> Result
    ) -> Result {
        guard let first = tables.first else { return body([]) }
        return first.slots.withUnsafeBufferPointer { slots in
            withSlots(of: tables.dropFirst()) { rest in body([SharedMemory(reading: slots)] + rest) }
        }
    }

    /// The entry of the key's slot, probing from `start`; `nil` when no slot holds the key.
    @inline(__always)
    private static func find(_ payload: UInt64, mark: UInt16, from start: Int, in slots: UnsafeBufferPointer<Slot>)
        -> Int?
    {
        let index = probe(payload, mark: mark, from: start, in: slots)
        return slots[index].mark == 0 ? nil : Int(slots[index].entry)
    }

    /// The slot holding the key, probing from `start`, or the empty slot where it would go.
    @inline(__always)
    static func probe(_ payload: UInt64, mark: UInt16, from start: Int, in slots: UnsafeBufferPointer<Slot>)
        -> Int
    {
        let mask = slots.count - 1
        var index = start
        while slots[index].mark != 0, slots[index].mark != mark || slots[index].payload != payload {
            index = (index + 1) & mask
        }
        return index
    }

    /// The slot a key's probe starts at in a table of 2^(64 - `shift`) slots.
    static func start(_ payload: UInt64, _ mark: UInt16, shift: UInt64) -> Int {
        Int(truncatingIfNeeded: hash(payload, mark) >> shift)
    }

    /// A multiplicative hash of a key's payload and mark, whose high bits are the well mixed
    /// ones: ``DistinctKeys`` hashes its keys alike.
    static func hash(_ payload: UInt64, _ mark: UInt16) -> UInt64 {
        (payload ^ UInt64(mark) << 48) &* 0x9E37_79B9_7F4A_7C15
    }

    /// Adds `count` to the key's slot, probing from `start`, and returns its entry; or puts the
    /// key in the first empty slot as entry `entry` and returns `nil`.
    @inline(__always)
    private static func place(
        _ payload: UInt64, mark: UInt16, count: Int, entry: UInt32, from start: Int,
        in slots: UnsafeMutableBufferPointer<Slot>
    ) -> Int? {
        let index = probe(payload, mark: mark, from: start, in: UnsafeBufferPointer(slots))
        guard slots[index].mark == 0 else {
            slots[index].count += count
            return Int(slots[index].entry)
        }
        slots[index] = Slot(payload: payload, count: count, entry: entry, mark: mark)
        return nil
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(payload: 0, count: 0, entry: 0, mark: 0), count: old.count * 2)
        shift -= 1
        let shift = UInt64(shift)
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            for slot in old where slot.mark != 0 {
                var index = Self.start(slot.payload, slot.mark, shift: shift)
                while slots[index].mark != 0 { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
    }

    /// The key of every value but texts and date-times finer than a microsecond: equal keys for
    /// exactly the values `CellValue`'s `==` calls equal (for the cells the values stand for).
    static func key(of value: PieceValue) -> (UInt64, UInt16)? {
        switch value {
        case .missing: return (0, 6 << 8)
        case .integer(let integer): return key(integer)
        case .decimal(let decimal): return key(decimal)
        case .date(let date): return key(date)
        case .dateTime(let dateTime): return key(dateTime)
        case .time(let time): return key(time)
        case .text: return nil
        }
    }

    static func key(_ time: TimeOfDay) -> (UInt64, UInt16) { (UInt64(time.nanosecondOfDay), 5 << 8) }

    /// An integer has the key of the decimal it equals (2 is 2.00).
    static func key(_ integer: Int64) -> (UInt64, UInt16) { (UInt64(bitPattern: integer), 2 << 8) }

    static func key(_ decimal: ExactDecimal) -> (UInt64, UInt16) {
        // Equal decimals have one form without trailing zeros (1.50 is 1.5).
        var units = decimal.units
        var scale = decimal.scale
        while scale > 0, units % 10 == 0 {
            units /= 10
            scale -= 1
        }
        return (UInt64(bitPattern: units), 2 << 8 | UInt16(scale))
    }

    static func key(_ date: CalendarDate) -> (UInt64, UInt16) {
        (UInt64(date.year * 10_000 + date.month * 100 + date.day), 3 << 8)
    }

    /// `nil` for a date-time finer than a microsecond.
    static func key(_ dateTime: DateTime) -> (UInt64, UInt16)? {
        // Microseconds since 1970 fit 64 bits for every year 1–9999.
        guard dateTime.nanosecond % 1_000 == 0 else { return nil }
        let microseconds = dateTime.secondsSince1970 * 1_000_000 + Int64(dateTime.nanosecond / 1_000)
        return (UInt64(bitPattern: microseconds), 4 << 8)
    }
}
