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
struct KeyedCounts: @unchecked Sendable {
    /// A slot: the payload, its tag plus one (0 for an empty slot), the value's count and its
    /// entry, side by side so that counting a value seen before touches one cache line.
    private struct Slot {
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

    private var slots = [Slot](repeating: Slot(payload: 0, count: 0, entry: 0, mark: 0), count: 1_024)
    private var shift = 64 - 10
    /// Each distinct value as its first row holds it, and that row, by entry.
    private var values: [PieceValue] = []
    private var firsts: [Int] = []
    private var pending: [Pending] = []
    /// The marks of the slots ``flush()`` read ahead.
    private var touched: UInt16 = 0
    /// How many values wait at most.
    private static let batch = 256

    /// How many distinct values were counted, without those still waiting for ``flush()``.
    var count: Int { values.count }

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
        while (values.count + pending.count) * 2 >= slots.count { grow() }
        let shift = UInt64(shift)
        // The batch is moved out and its storage given back after, so that no batch allocates.
        var waiting: [Pending] = []
        swap(&waiting, &pending)
        let entries = values.count
        var added: [(value: PieceValue, first: Int)] = []
        let marks = slots.withUnsafeMutableBufferPointer { slots in
            // Independent loads, so the processor waits for their misses at once.
            var marks: UInt16 = 0
            for key in waiting { marks |= slots[Self.start(key.payload, key.mark, shift: shift)].mark }
            // Then each key probed in one pass over the table: no call and no check that the
            // table is not shared per value.
            for key in waiting {
                let next = UInt32(truncatingIfNeeded: entries + added.count)
                let start = Self.start(key.payload, key.mark, shift: shift)
                if Self.place(key.payload, mark: key.mark, count: 1, entry: next, from: start, in: slots) == nil {
                    added.append((key.value, key.row))
                }
            }
            return marks
        }
        // Kept, so that the loads are not left out as unused.
        touched |= marks
        for (value, first) in added {
            values.append(value)
            firsts.append(first)
        }
        waiting.removeAll(keepingCapacity: true)
        swap(&waiting, &pending)
    }

    /// Every distinct value counted, as its first row holds it, with its count and that row,
    /// by entry; the table is left empty. Its slots, twice as many as the values and most of
    /// its memory, go before the values are ordered: over millions of distinct numbers they
    /// are hundreds of megabytes.
    ///
    /// - Precondition: No value waits for ``flush()``.
    mutating func takeEntries() -> (values: [PieceValue], counts: [Int], firsts: [Int]) {
        precondition(pending.isEmpty, "KeyedCounts read before flush()")
        var counts = [Int](repeating: 0, count: values.count)
        for slot in slots where slot.mark != 0 { counts[Int(slot.entry)] = slot.count }
        let taken = (values, counts, firsts)
        self = KeyedCounts()
        return taken
    }

    /// Adds the counts of `other`, whose rows may come before or after this table's: counts add
    /// up, and the value and row kept are those of the earliest first row.
    ///
    /// - Precondition: No value of `other` waits for its ``flush()``.
    mutating func merge(_ other: KeyedCounts) {
        precondition(other.pending.isEmpty, "KeyedCounts merged before flush()")
        flush()
        // Keys come in the order of the other's slots, which into a smaller table would pile up
        // in runs that every later key must probe through.
        while slots.count < other.slots.count { grow() }
        // Room for every value of both at once: growing midway would place all again.
        while (values.count + other.values.count) * 2 >= slots.count { grow() }
        for key in other.slots where key.mark != 0 {
            let entry = Int(key.entry)
            let first = other.firsts[entry]
            let found = add(key.payload, mark: key.mark, value: other.values[entry], count: key.count, first: first)
            if let found, first < firsts[found] {
                firsts[found] = first
                values[found] = other.values[entry]
            }
        }
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

    /// Adds `count` to the value's slot, or makes it an entry with `value` and `first`.
    ///
    /// - Returns: The value's entry when it had one: its first row is left for the caller to
    ///   compare, as rows counted in order never come before it.
    @discardableResult
    private mutating func add(_ payload: UInt64, mark: UInt16, value: PieceValue, count: Int, first: Int) -> Int? {
        if values.count * 2 >= slots.count { grow() }
        let start = Self.start(payload, mark, shift: UInt64(shift))
        let next = UInt32(truncatingIfNeeded: values.count)
        let found = slots.withUnsafeMutableBufferPointer { slots in
            Self.place(payload, mark: mark, count: count, entry: next, from: start, in: slots)
        }
        if found == nil {
            values.append(value)
            firsts.append(first)
        }
        return found
    }

    /// Adds `count` to the key's slot, probing from `start`, and returns its entry; or puts the
    /// key in the first empty slot as entry `entry` and returns `nil`.
    @inline(__always)
    private static func place(
        _ payload: UInt64, mark: UInt16, count: Int, entry: UInt32, from start: Int,
        in slots: UnsafeMutableBufferPointer<Slot>
    ) -> Int? {
        let mask = slots.count - 1
        var index = start
        while slots[index].mark != 0 {
            if slots[index].mark == mark, slots[index].payload == payload {
                slots[index].count += count
                return Int(slots[index].entry)
            }
            index = (index + 1) & mask
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

    static func key(_ integer: Int64) -> (UInt64, UInt16) { (UInt64(bitPattern: integer), 1 << 8) }

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
