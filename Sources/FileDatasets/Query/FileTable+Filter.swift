import Dispatch
import Synchronization

extension FileTable {
    /// The candidates whose row text contains `foldedQuery`, in candidate order: the same
    /// answer as `TextFolding.fold(row text).contains(foldedQuery)`, found by scanning bytes.
    ///
    /// A byte search over the whole buffer picks the rows that can match (see
    /// ``FoldedNeedle``), then each is checked exactly; without a usable search every candidate
    /// is checked, on all cores.
    ///
    /// - Parameters:
    ///   - foldedQuery: The query, already folded with `TextFolding.fold`.
    ///   - candidates: Row indices to consider, in increasing order; `nil` for every row.
    /// - Complexity: O(n) in the size of the buffer, plus O(m) in the bytes of the rows checked.
    public func filter(foldedQuery: String, candidates: [Int]?) -> [Int] {
        guard !foldedQuery.isEmpty else { return candidates ?? Array(rows.indices) }
        let needle = FoldedNeedle(foldedQuery: foldedQuery, dialect: dialect)
        // A whole-buffer search pays off unless the candidates are already few.
        if candidates.map({ $0.count > rows.count / 16 }) ?? true, let likely = likelyRows(for: needle) {
            return check(
                candidates.map { Self.intersection(likely, $0, rowCount: rows.count) } ?? likely, needle: needle)
        }
        return check(candidates ?? Array(rows.indices), needle: needle)
    }

    /// Rows that may match, a superset of those that do; `nil` when there is no quick way.
    private func likelyRows(for needle: FoldedNeedle) -> [Int]? {
        switch needle.prefilter {
        case .literal(let bytes):
            return Self.union(ByteSearch.rows(containing: ByteFinder(bytes), in: self), irregularRows)
        case .caseless(let bytes):
            let hits = ByteSearch.rows(containing: ByteFinder(bytes, caseless: true), in: self)
            return Self.union(Self.union(hits, foldSpecialRows()), irregularRows)
        case .none:
            return nil
        }
    }

    /// Checks each row exactly; a long list is split between the cores.
    private func check(_ pool: [Int], needle: FoldedNeedle) -> [Int] {
        let chunkCount = pool.count >= 4_096 ? max(1, min(8, ProcessInfoCores.count)) : 1
        if chunkCount == 1 {
            var matcher = RowMatcher(needle: needle)
            return pool.filter { matcher.matches(row: $0, in: self) }
        }
        let results = Mutex<[[Int]]>(Array(repeating: [], count: chunkCount))
        let chunkSize = (pool.count + chunkCount - 1) / chunkCount
        DispatchQueue.concurrentPerform(iterations: chunkCount) { chunk in
            let range = min(pool.count, chunk * chunkSize)..<min(pool.count, (chunk + 1) * chunkSize)
            var matcher = RowMatcher(needle: needle)
            let kept = pool[range].filter { matcher.matches(row: $0, in: self) }
            results.withLock { $0[chunk] = kept }
        }
        return results.withLock { $0.flatMap { $0 } }
    }

    /// The sorted union of two increasing lists.
    static func union(_ left: [Int], _ right: [Int]) -> [Int] {
        guard !right.isEmpty else { return left }
        guard !left.isEmpty else { return right }
        var result: [Int] = []
        result.reserveCapacity(left.count + right.count)
        var i = 0
        var j = 0
        while i < left.count || j < right.count {
            if j == right.count || (i < left.count && left[i] < right[j]) {
                result.append(left[i])
                i += 1
            } else if i == left.count || right[j] < left[i] {
                result.append(right[j])
                j += 1
            } else {
                result.append(left[i])
                i += 1
                j += 1
            }
        }
        return result
    }

    /// The rows of `likely` that are also candidates, in candidate order.
    static func intersection(_ likely: [Int], _ candidates: [Int], rowCount: Int) -> [Int] {
        var isLikely = [Bool](repeating: false, count: rowCount)
        for row in likely where row < rowCount { isLikely[row] = true }
        return candidates.filter { $0 < rowCount && isLikely[$0] }
    }
}
