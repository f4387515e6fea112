import BrowseSupport

/// Values other than texts counted for `freq` by an exact 64-bit key and a tag, as
/// ``DistinctValues`` tells them apart, each with how many rows hold it and the first of them:
/// hashing `CellValue`s in a dictionary was most of `freq` over a number column.
///
/// Two values share a key exactly when they are equal as `CellValue`s (1.50 is 1.5; date-times
/// are equal when they are the same instant), and the value kept is the one its first row holds,
/// as a dictionary keeps the key it was first given. Values without a key (date-times finer
/// than a microsecond) are refused by ``add(_:row:)`` and counted by the caller.
struct KeyedCounts: Sendable {
    /// A slot: the payload, its tag plus one (0 for an empty slot) and its entry, side by side
    /// so that a probe touches one cache line.
    private struct Slot {
        var payload: UInt64
        var mark: UInt16
        var entry: UInt32
    }

    private var slots = [Slot](repeating: Slot(payload: 0, mark: 0, entry: 0), count: 1_024)
    private var shift = 64 - 10
    /// Each distinct value as its first row holds it, with its count and that row.
    private(set) var values: [CellValue] = []
    private(set) var counts: [Int] = []
    private(set) var firsts: [Int] = []

    /// How many distinct values were counted.
    var count: Int { values.count }

    /// Counts `value`, held by row `row` (rows are added in order); `false`, counting nothing,
    /// when the value has no key.
    @discardableResult
    mutating func add(_ value: CellValue, row: Int) -> Bool {
        guard let (payload, tag) = Self.key(of: value) else { return false }
        add(payload, mark: tag &+ 1, value: value, count: 1, first: row)
        return true
    }

    /// Adds the counts of `other`, whose rows may come before or after this table's: counts add
    /// up, and the value and row kept are those of the earliest first row.
    mutating func merge(_ other: KeyedCounts) {
        // Keys come in the order of the other's slots, which into a smaller table would pile up
        // in runs that every later key must probe through.
        while slots.count < other.slots.count { grow() }
        other.slots.withUnsafeBufferPointer { slots in
            for slot in slots where slot.mark != 0 {
                let entry = Int(slot.entry)
                add(
                    slot.payload, mark: slot.mark, value: other.values[entry], count: other.counts[entry],
                    first: other.firsts[entry])
            }
        }
    }

    private mutating func add(_ payload: UInt64, mark: UInt16, value: CellValue, count: Int, first: Int) {
        if values.count * 2 >= slots.count { grow() }
        let start = Int(truncatingIfNeeded: ((payload ^ UInt64(mark) << 48) &* 0x9E37_79B9_7F4A_7C15) >> UInt64(shift))
        let next = UInt32(truncatingIfNeeded: values.count)
        let found: Int? = slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            var index = start
            while slots[index].mark != 0 {
                if slots[index].mark == mark, slots[index].payload == payload { return Int(slots[index].entry) }
                index = (index + 1) & mask
            }
            slots[index] = Slot(payload: payload, mark: mark, entry: next)
            return nil
        }
        guard let entry = found else {
            values.append(value)
            counts.append(count)
            firsts.append(first)
            return
        }
        counts[entry] += count
        if first < firsts[entry] {
            firsts[entry] = first
            values[entry] = value
        }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(payload: 0, mark: 0, entry: 0), count: old.count * 2)
        shift -= 1
        let shift = UInt64(shift)
        slots.withUnsafeMutableBufferPointer { slots in
            let mask = slots.count - 1
            for slot in old where slot.mark != 0 {
                var index = Int(
                    truncatingIfNeeded: ((slot.payload ^ UInt64(slot.mark) << 48) &* 0x9E37_79B9_7F4A_7C15) >> shift)
                while slots[index].mark != 0 { index = (index + 1) & mask }
                slots[index] = slot
            }
        }
    }

    /// The key of every value but texts and date-times finer than a microsecond: equal keys for
    /// exactly the values `CellValue`'s `==` calls equal.
    static func key(of value: CellValue) -> (UInt64, UInt16)? {
        switch value {
        case .missing: return (0, 6 << 8)
        case .integer(let integer): return (UInt64(bitPattern: integer), 1 << 8)
        case .decimal(let decimal):
            // Equal decimals have one form without trailing zeros (1.50 is 1.5).
            var units = decimal.units
            var scale = decimal.scale
            while scale > 0, units % 10 == 0 {
                units /= 10
                scale -= 1
            }
            return (UInt64(bitPattern: units), 2 << 8 | UInt16(scale))
        case .date(let date): return (UInt64(date.year * 10_000 + date.month * 100 + date.day), 3 << 8)
        case .dateTime(let dateTime):
            // Microseconds since 1970 fit 64 bits for every year 1–9999.
            guard dateTime.nanosecond % 1_000 == 0 else { return nil }
            let microseconds = dateTime.secondsSince1970 * 1_000_000 + Int64(dateTime.nanosecond / 1_000)
            return (UInt64(bitPattern: microseconds), 4 << 8)
        case .time(let time): return (UInt64(time.nanosecondOfDay), 5 << 8)
        case .text: return nil
        }
    }
}
