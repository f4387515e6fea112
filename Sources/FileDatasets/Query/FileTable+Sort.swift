import BrowseSupport

extension FileTable {
    /// Makes sure a sort of `count` rows by `column` can have the memory it needs, before any
    /// of it is asked for (``SystemMemory``).
    ///
    /// - Throws: `NotEnoughMemory` saying how much was needed.
    /// - Complexity: O(1).
    package func checkMemory(toSort count: Int, byColumn column: Int) throws(NotEnoughMemory) {
        // The keys (rank, value, number parts, text offsets and folded text, made in pieces and
        // then joined), unless kept from an earlier sort; then the sort's own arrays (a 16-byte
        // key and row per row, twice for the radix sort's passes, and the 8-byte result); twice
        // that and 16 MiB, for the allocator's rounding and what else runs meanwhile.
        let keysKept = sortKeyCache.withLock { $0[column] != nil }
        let perColumnText = columns[column].type == .text ? buffer.count / max(1, columns.count) : 0
        let keys = keysKept ? 0 : rowCount * 26 + perColumnText * 2
        let needed = 2 * (keys + count * 40) + (16 << 20)
        guard SystemMemory.isAvailable(needed) else {
            throw NotEnoughMemory(rows: count, column: columns[column].name, bytes: needed)
        }
    }

    /// `indices` ordered by a column: numbers, then dates, date-times, times of day, then text
    /// (the reverse when descending), missing values always last, ties in row order — the
    /// controller's rules.
    ///
    /// The column's keys are computed once for every row and kept, so sorting again (the other
    /// way, or after a new filter) only sorts. Rows are sorted by their 64-bit keys with a radix
    /// sort (``RadixSort``), a descending sort by the keys' complements, which reverses their
    /// order and keeps ties in row order; texts whose first eight folded bytes tie are then
    /// compared in full, and date-times whose microseconds tie by their nanoseconds.
    ///
    /// - Parameters:
    ///   - column: The column's position.
    ///   - descending: Largest first.
    ///   - indices: Row indices.
    ///   - shouldStop: Asked now and then; once it returns true the sort gives up and returns
    ///     `indices` as they came (the caller, which asked, throws them away).
    /// - Complexity: O(n) the first time a column is sorted, then O(k) for k indices, and
    ///   O(t log t) for t texts that share their first eight bytes.
    package func sorted(
        byColumn column: Int, descending: Bool, indices: [Int], shouldStop: () -> Bool = { false }
    ) -> [Int] {
        let keys = sortKeys(column: column)
        // Ties keep the order rows come in, which must be the rows' own.
        let rows = Self.inFileOrder(indices)
        var rankCounts = [0, 0, 0, 0, 0, 0]
        keys.ranks.withUnsafeBufferPointer { ranks in
            for row in rows { rankCounts[Int(ranks[row].rawValue)] += 1 }
        }
        // The groups in the order they are shown, each a run of the entries; missing last.
        let ascendingGroups: [SortKeys.Rank] = [.number, .date, .dateTime, .time, .text]
        let groups = descending ? ascendingGroups.reversed() : ascendingGroups
        var groupStarts: [Int] = [0]
        for rank in groups { groupStarts.append(groupStarts[groupStarts.count - 1] + rankCounts[Int(rank.rawValue)]) }
        let present = groupStarts[groups.count]
        var result = [Int](repeating: 0, count: rows.count)
        let entries = UnsafeMutableBufferPointer<RadixSort.Entry>.allocate(capacity: present)
        defer { entries.deallocate() }
        let scratch = UnsafeMutableBufferPointer<RadixSort.Entry>.allocate(capacity: present)
        defer { scratch.deallocate() }
        // Keys as unsigned integers in the order of their values; complemented when descending.
        let flip: UInt64 = descending ? ~(1 << 63) : 1 << 63
        keys.ranks.withUnsafeBufferPointer { ranks in
            keys.values.withUnsafeBufferPointer { values in
                var next = [0, 0, 0, 0, 0, 0]
                for (slot, rank) in groups.enumerated() { next[Int(rank.rawValue)] = groupStarts[slot] }
                var missing = present
                for row in rows {
                    let rank = ranks[row]
                    if rank == .missing {
                        result[missing] = row
                        missing += 1
                        continue
                    }
                    let key = UInt64(bitPattern: values[row]) ^ flip
                    entries.initializeElement(at: next[Int(rank.rawValue)], to: RadixSort.Entry(key: key, row: row))
                    next[Int(rank.rawValue)] += 1
                }
            }
        }
        for (slot, rank) in groups.enumerated() {
            let range = groupStarts[slot]..<groupStarts[slot + 1]
            guard !range.isEmpty else { continue }
            let group = UnsafeMutableBufferPointer(rebasing: entries[range])
            let sorted: UnsafeMutableBufferPointer<RadixSort.Entry>
            if rank == .number, let exact = keys.exactNumbers {
                // Numbers that overflow at one scale compare exactly, one pair at a time.
                guard Self.sortExactly(group, by: exact, descending: descending, shouldStop: shouldStop) else {
                    return indices
                }
                sorted = group
            } else {
                let space = UnsafeMutableBufferPointer(rebasing: scratch[range])
                guard let radixSorted = RadixSort.sort(group, scratch: space, shouldStop: shouldStop) else {
                    return indices
                }
                sorted = radixSorted
                if rank == .text, !Self.sortTextTies(sorted, keys: keys, descending: descending, shouldStop: shouldStop)
                {
                    return indices
                }
                if rank == .dateTime, let rests = keys.nanosecondRests,
                    !Self.sortNanosecondTies(sorted, rests: rests, descending: descending, shouldStop: shouldStop)
                {
                    return indices
                }
            }
            for (offset, entry) in sorted.enumerated() { result[range.lowerBound + offset] = entry.row }
        }
        return result
    }

    /// Sorts numbers by their exact values, ties in row order.
    ///
    /// - Returns: False when stopped.
    private static func sortExactly(
        _ group: UnsafeMutableBufferPointer<RadixSort.Entry>, by exact: [ExactDecimal], descending: Bool,
        shouldStop: () -> Bool
    ) -> Bool {
        var comparisons = 0
        var group = group
        do {
            try group.sort { left, right in
                try checkStop(&comparisons, shouldStop)
                let a = exact[left.row]
                let b = exact[right.row]
                if a == b { return left.row < right.row }
                return descending ? b < a : a < b
            }
        } catch {
            return false
        }
        return true
    }

    /// Sorts each run of texts whose first eight folded bytes tie (sorted by them) by their
    /// whole folded texts, ties in row order.
    ///
    /// - Returns: False when stopped.
    private static func sortTextTies(
        _ texts: UnsafeMutableBufferPointer<RadixSort.Entry>, keys: SortKeys, descending: Bool,
        shouldStop: () -> Bool
    ) -> Bool {
        var comparisons = 0
        var start = 0
        while start < texts.count {
            var end = start + 1
            while end < texts.count, texts[end].key == texts[start].key { end += 1 }
            if end - start > 1 {
                var run = UnsafeMutableBufferPointer(rebasing: texts[start..<end])
                do {
                    try run.sort { left, right in
                        try checkStop(&comparisons, shouldStop)
                        let order = keys.compareTexts(left.row, right.row)
                        if order == 0 { return left.row < right.row }
                        return descending ? order > 0 : order < 0
                    }
                } catch {
                    return false
                }
            }
            start = end
        }
        return true
    }
}

extension FileTable {
    /// Sorts each run of date-times whose microseconds tie (sorted by them) by their
    /// nanoseconds past the microsecond, ties in row order.
    ///
    /// - Returns: False when stopped.
    private static func sortNanosecondTies(
        _ entries: UnsafeMutableBufferPointer<RadixSort.Entry>, rests: [UInt16], descending: Bool,
        shouldStop: () -> Bool
    ) -> Bool {
        var comparisons = 0
        var start = 0
        while start < entries.count {
            var end = start + 1
            while end < entries.count, entries[end].key == entries[start].key { end += 1 }
            if end - start > 1 {
                var run = UnsafeMutableBufferPointer(rebasing: entries[start..<end])
                do {
                    try run.sort { left, right in
                        try checkStop(&comparisons, shouldStop)
                        let a = rests[left.row]
                        let b = rests[right.row]
                        if a == b { return left.row < right.row }
                        return descending ? b < a : a < b
                    }
                } catch {
                    return false
                }
            }
            start = end
        }
        return true
    }
}

/// Counts a comparison, and every 65,536 asks `shouldStop`.
private func checkStop(_ comparisons: inout Int, _ shouldStop: () -> Bool) throws(SortStopped) {
    comparisons &+= 1
    if comparisons & 0xFFFF == 0, shouldStop() { throw SortStopped() }
}

/// A sort that cannot have the memory it needs.
package struct NotEnoughMemory: UserFacingError, Hashable {
    /// How many rows were to be sorted.
    package let rows: Int
    /// The column they were to be sorted by.
    package let column: String
    /// The memory the sort needed.
    package let bytes: Int

    package var description: String {
        "not enough memory to sort \(rows) rows by \(column) (it needs about \(ByteSize(bytes))); "
            + "a filter or where first sorts fewer rows"
    }
}

/// A sort given up because its caller asked it to stop.
private struct SortStopped: Error {}
