import BrowseSupport

extension ColumnAnalysis {
    /// ``frequencies(of:in:stop:)`` read in pieces on every core, when the screen can
    /// (``PiecewiseValues``); `nil` otherwise. The answer is the one pass's: texts are counted
    /// by their bytes and merged as `String`s at the end, each value keeps its first row.
    ///
    /// - Throws: `AnalysisMemoryError` when the counts would not fit in the memory left;
    ///   `ListError.interrupted` when `stop` was raised before every row was read.
    static func piecewiseFrequencies(of column: Column, in list: any ListScreen, stop: StopFlag) throws
        -> [ValueCount]?
    {
        guard let screen = list as? any PiecewiseValues else { return nil }
        let rows = list.count
        let pieceCount = ParallelWork.pieces(for: rows)
        let name = column.name
        let perValue = bytesPerDistinctValue
        let read = try screen.valuePieces(of: [name], stop: stop) { start, read in
            var piece = FrequencyPiece()
            var row = start
            var checked = 64
            read { values in
                guard piece.refusedBytes == nil else { return }
                piece.add(values[0], row: row)
                row += 1
                if piece.distinct >= checked {
                    // As the one pass asks before its table doubles, for every piece's table.
                    checked *= 2
                    let values = min(checked * pieceCount, max(64, rows))
                    let text = piece.texts.count == 0 ? 0 : piece.texts.textBytes / piece.texts.count
                    let cost = perValue + 2 * text
                    if !SystemMemory.isAvailable(values * cost) { piece.refusedBytes = max(values, rows) * cost }
                }
            }
            return piece
        }
        guard let pieces = read?.compactMap({ $0 }), pieces.count == read?.count else { return nil }
        if let bytes = pieces.compactMap(\.refusedBytes).max() {
            throw AnalysisMemoryError(work: "count the values of \(name)", rows: rows, bytes: bytes)
        }
        var texts: [String: (count: Int, first: Int)] = [:]
        var counts: [CellValue: (count: Int, first: Int)] = [:]
        for piece in pieces {
            piece.texts.merged(into: &texts)
            for (value, seen) in piece.others {
                if let earlier = counts[value] {
                    counts[value] = (earlier.count + seen.count, min(earlier.first, seen.first))
                } else {
                    counts[value] = seen
                }
            }
        }
        for (text, seen) in texts { counts[.text(text)] = seen }
        return counts.sorted { left, right in
            left.value.count != right.value.count
                ? left.value.count > right.value.count : left.value.first < right.value.first
        }.map {
            ValueCount(
                value: $0.key, text: cell(of: column, atRow: $0.value.first, in: list).text, count: $0.value.count)
        }
    }

    /// ``statistics(of:stop:)`` read in pieces on every core, when the screen can
    /// (``PiecewiseValues``) and the sums cannot come near overflowing; `nil` otherwise.
    ///
    /// - Throws: `ListError.interrupted` when `stop` was raised before every row was read.
    static func piecewiseStatistics(of list: any ListScreen, stop: StopFlag) throws -> [ColumnStatistics]? {
        guard let screen = list as? any PiecewiseValues else { return nil }
        let columns = list.columns
        let numeric = columns.map(\.kind.isNumeric)
        let read = try screen.valuePieces(of: columns.map(\.name), stop: stop) { start, read in
            var summaries = numeric.map { PieceColumn(numeric: $0) }
            var row = start
            read { values in
                for index in summaries.indices { summaries[index].add(values[index], row: row) }
                row += 1
            }
            for index in summaries.indices { summaries[index].finish() }
            return summaries
        }
        guard let pieces = read?.compactMap({ $0 }), pieces.count == read?.count else { return nil }
        var tallies: [ColumnTally] = []
        for index in columns.indices {
            guard let tally = PieceColumn.merged(pieces.map { $0[index] }) else { return nil }
            tallies.append(tally)
        }
        return statistics(of: columns, tallies: tallies, in: list)
    }
}
