import BrowseSupport
import Dispatch
import Synchronization
import Tabular

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
    ///   - stop: Once raised, the rest of the rows are skipped (the answer is then thrown away).
    /// - Complexity: O(n) in the size of the buffer, plus O(m) in the bytes of the rows checked.
    package func filter(foldedQuery: String, candidates: [Int]?, stop: StopFlag = .never) -> [Int] {
        guard !foldedQuery.isEmpty else { return candidates ?? Array(0..<rowCount) }
        let needle = FoldedNeedle(foldedQuery: foldedQuery, dialect: dialect)
        // A whole-buffer search pays off unless the candidates are already few.
        if candidates.map({ $0.count > rowCount / 16 }) ?? true, let likely = likelyRows(for: needle, stop: stop) {
            guard let candidates else { return check(likely.rows, needle: needle, sure: likely.sure, stop: stop) }
            return check(
                Self.intersection(likely.rows, candidates, rowCount: rowCount), needle: needle, sure: nil, stop: stop)
        }
        return check(candidates ?? Array(0..<rowCount), needle: needle, sure: nil, stop: stop)
    }

    /// Rows that may match, a superset of those that do, and which of them surely do; `nil` when
    /// there is no quick way.
    private func likelyRows(for needle: FoldedNeedle, stop: StopFlag) -> (rows: [Int], sure: [Bool])? {
        switch needle.prefilter {
        case .literal(let bytes):
            // A query made only of characters that fold from themselves is found as it is written;
            // when nothing was skipped (so a match lies in its row) and its neighbours cannot join
            // it into a larger character, the match is the answer.
            var isSure: (@Sendable (Int) -> Bool)?
            if bytes == needle.bytes, problems.count == 0 {
                let length = bytes.count
                isSure = { [self] hit in self.isSurelyWhole(at: hit, length: length) }
            }
            let found = ByteSearch.rows(containing: ByteFinder(bytes), in: self, isSure: isSure, stop: stop)
            return Self.union(found, irregularRows)
        case .caseless(let bytes):
            let found = ByteSearch.rows(containing: ByteFinder(bytes, caseless: true), in: self, stop: stop)
            let others: [Int] = Self.union(foldSpecialRows(), irregularRows)
            return Self.union(found, others)
        case .none:
            return nil
        }
    }

    /// True when the bytes around a match are ASCII or CJK, kana or Hangul: characters that fold
    /// only to themselves or to ASCII, and never join a neighbour into one character.
    private func isSurelyWhole(at start: Int, length: Int) -> Bool {
        func plain(_ scalar: UInt32?, after: Bool) -> Bool {
            guard let scalar else { return false }
            if scalar < 0x80 { return after || scalar != UInt32(ASCII.carriageReturn) }
            return FoldedNeedle.isRigid(scalar)
        }
        let end = start + length
        if start > 0, !plain(UTF8Scalar.decode(buffer, endingAt: start), after: false) { return false }
        if end < buffer.count, !plain(UTF8Scalar.decode(buffer, at: end)?.0, after: true) { return false }
        return true
    }

    /// Checks each row of `pool` exactly, but for those marked in `sure` (which lines up with
    /// `pool`); a long list is split between the cores.
    private func check(_ pool: [Int], needle: FoldedNeedle, sure: [Bool]?, stop: StopFlag) -> [Int] {
        let unsure = sure.map { $0.lazy.filter { !$0 }.count } ?? pool.count
        let chunkCount = ParallelWork.pieces(for: unsure, threshold: 4_096)
        let results = ParallelWork.map(chunkCount, stop: stop) { chunk in
            var matcher = RowMatcher(needle: needle)
            var kept: [Int] = []
            let range = ParallelWork.range(ofPiece: chunk, of: chunkCount, count: pool.count)
            // The pool is in file order, so each core reads a stretch of the file front to back:
            // rows checked far apart make much of it resident, and the pages behind can go.
            var releaser = range.isEmpty ? nil : PageReleaser(bytes, from: offset(ofRow: pool[range.lowerBound]))
            for index in range {
                if index & 0xFFF == 0, stop.isRaised { break }
                if sure?[index] == true {
                    kept.append(pool[index])
                    continue
                }
                releaser?.reached(offset(ofRow: pool[index]))
                if matcher.matches(row: pool[index], in: self) { kept.append(pool[index]) }
            }
            return kept
        }
        return results.count == 1 ? results[0] ?? [] : results.flatMap { $0 ?? [] }
    }

    /// The union of found rows and rows that must be checked, with what is sure about each.
    static func union(_ found: (rows: [Int], sure: [Bool]), _ more: [Int]) -> (rows: [Int], sure: [Bool]) {
        guard !more.isEmpty else { return found }
        var rows: [Int] = []
        var sure: [Bool] = []
        rows.reserveCapacity(found.rows.count + more.count)
        sure.reserveCapacity(found.rows.count + more.count)
        var i = 0
        var j = 0
        while i < found.rows.count || j < more.count {
            if j == more.count || (i < found.rows.count && found.rows[i] < more[j]) {
                rows.append(found.rows[i])
                sure.append(found.sure[i])
                i += 1
            } else {
                // A row that must be checked is never settled by its match.
                rows.append(more[j])
                sure.append(false)
                if i < found.rows.count, found.rows[i] == more[j] { i += 1 }
                j += 1
            }
        }
        return (rows, sure)
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
