import BrowseSupport

extension FileTable {
    /// Makes sure a sort of `count` rows by `column` can have the memory it needs, before any
    /// of it is asked for (``SystemMemory``).
    ///
    /// - Throws: `NotEnoughMemory` saying how much was needed.
    /// - Complexity: O(1).
    public func checkMemory(toSort count: Int, byColumn column: Int) throws(NotEnoughMemory) {
        // The keys (rank, value, number parts, text offsets and folded text, made in pieces and
        // then joined), unless kept from an earlier sort; then the sort's own arrays; twice
        // that and 16 MiB, for the allocator's rounding and what else runs meanwhile.
        let keysKept = sortKeyCache.withLock { $0[column] != nil }
        let perColumnText = columns[column].type == .text ? buffer.count / max(1, columns.count) : 0
        let keys = keysKept ? 0 : rowCount * 26 + perColumnText * 2
        let needed = 2 * (keys + count * 40) + 16 << 20
        guard SystemMemory.isAvailable(needed) else {
            throw NotEnoughMemory(rows: count, column: columns[column].name, bytes: needed)
        }
    }

    /// `indices` ordered by a column: numbers, then dates, then text (the reverse when
    /// descending), missing values always last, ties in index order — the controller's rules.
    ///
    /// The column's keys are computed once for every row and kept, so sorting again (the other
    /// way, or after a new filter) only sorts.
    ///
    /// - Parameters:
    ///   - column: The column's position.
    ///   - descending: Largest first.
    ///   - indices: Row indices.
    ///   - shouldStop: Asked now and then; once it returns true the sort gives up and returns
    ///     `indices` as they came (the caller, which asked, throws them away).
    /// - Complexity: O(n) the first time a column is sorted, then O(k log k) for k indices.
    public func sorted(
        byColumn column: Int, descending: Bool, indices: [Int], shouldStop: () -> Bool = { false }
    ) -> [Int] {
        let keys = sortKeys(column: column)
        var numbers: [(key: Int64, row: Int)] = []
        var dates: [(key: Int64, row: Int)] = []
        var texts: [Int] = []
        var missing: [Int] = []
        keys.ranks.withUnsafeBufferPointer { ranks in
            keys.values.withUnsafeBufferPointer { values in
                for row in indices {
                    switch ranks[row] {
                    case .number: numbers.append((descending ? ~values[row] : values[row], row))
                    case .date: dates.append((descending ? ~values[row] : values[row], row))
                    case .text: texts.append(row)
                    case .missing: missing.append(row)
                    }
                }
            }
        }
        // Comparisons count towards a look at `shouldStop` every 65,536.
        var comparisons = 0
        func checkStop() throws(SortStopped) {
            comparisons &+= 1
            if comparisons & 0xFFFF == 0, shouldStop() { throw SortStopped() }
        }
        do {
            if let exact = keys.exactNumbers {
                try numbers.sort { left, right in
                    try checkStop()
                    let a = exact[left.row]
                    let b = exact[right.row]
                    if a == b { return left.row < right.row }
                    return descending ? b < a : a < b
                }
            } else {
                try numbers.sort { left, right in
                    try checkStop()
                    return left.key != right.key ? left.key < right.key : left.row < right.row
                }
            }
            try dates.sort { left, right in
                try checkStop()
                return left.key != right.key ? left.key < right.key : left.row < right.row
            }
            try texts.sort { left, right in
                try checkStop()
                let order = keys.compareTexts(left, right)
                if order == 0 { return left < right }
                return descending ? order > 0 : order < 0
            }
        } catch {
            return indices
        }
        var result: [Int] = []
        result.reserveCapacity(indices.count)
        if descending {
            result.append(contentsOf: texts)
            result.append(contentsOf: dates.map(\.row))
            result.append(contentsOf: numbers.map(\.row))
        } else {
            result.append(contentsOf: numbers.map(\.row))
            result.append(contentsOf: dates.map(\.row))
            result.append(contentsOf: texts)
        }
        result.append(contentsOf: missing)
        return result
    }
}

/// A sort that cannot have the memory it needs.
public struct NotEnoughMemory: UserFacingError, Hashable {
    /// How many rows were to be sorted.
    public let rows: Int
    /// The column they were to be sorted by.
    public let column: String
    /// The memory the sort needed.
    public let bytes: Int

    public var description: String {
        "not enough memory to sort \(rows) rows by \(column) (it needs about \(ByteSize(bytes))); "
            + "a filter or where first sorts fewer rows"
    }
}

/// A sort given up because its caller asked it to stop.
private struct SortStopped: Error {}
