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
        var read = try screen.valuePieces(of: [name], stop: stop) { start, read in
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
            piece.finish()
            return piece
        }
        guard var pieces = read?.compactMap({ $0 }), pieces.count == read?.count else { return nil }
        // The pieces' tables are held once: a copy left here kept the first piece's table,
        // which the merge below takes over, and made that merge copy it.
        read = nil
        if let bytes = pieces.compactMap(\.refusedBytes).max() {
            throw AnalysisMemoryError(work: "count the values of \(name)", rows: rows, bytes: bytes)
        }
        // Texts, keyed values and the rest are never equal to one another: each kind is merged
        // on its own, and the three ordered together.
        var texts: [String: (count: Int, first: Int)] = [:]
        // The pieces' tables of numbers are taken out, not copied, and each piece is let go
        // once merged: over a million distinct numbers the tables are most of the memory.
        var tables: [KeyedCounts] = []
        for index in pieces.indices {
            tables.append(KeyedCounts())
            swap(&tables[index], &pieces[index].keyed)
        }
        var others: [CellValue: (count: Int, first: Int)] = [:]
        for index in pieces.indices {
            let piece = pieces[index]
            pieces[index] = FrequencyPiece()
            piece.texts.merged(into: &texts)
            for (value, seen) in piece.others {
                if let earlier = others[value] {
                    others[value] = (earlier.count + seen.count, min(earlier.first, seen.first))
                } else {
                    others[value] = seen
                }
            }
        }
        // Every entry by number: the texts, then the keyed values, then the rest. Each value
        // is made once its place is known, and no list of (value, count, first row) is copied
        // on the way: over a million distinct numbers each such list cost as much as the sort.
        let textEntries = Array(texts)
        let otherEntries = Array(others)
        texts = [:]
        others = [:]
        let keyedValues: [PieceValue]
        var counts: [Int] = []
        var firsts: [Int] = []
        do {
            // The numbers' lists go at the end of this block, once copied (or taken as they are,
            // for a column of numbers alone).
            let taken = KeyedCounts.union(&tables)
            keyedValues = taken.values
            if textEntries.isEmpty, otherEntries.isEmpty {
                counts = taken.counts
                firsts = taken.firsts
            } else {
                let entries = textEntries.count + taken.counts.count + otherEntries.count
                counts.reserveCapacity(entries)
                firsts.reserveCapacity(entries)
                for (_, seen) in textEntries {
                    counts.append(seen.count)
                    firsts.append(seen.first)
                }
                counts += taken.counts
                firsts += taken.firsts
                for (_, seen) in otherEntries {
                    counts.append(seen.count)
                    firsts.append(seen.first)
                }
            }
        }
        // Every value has a first row of its own, so the order is the one pass's.
        let places = FrequencyOrder.order(counts: consume counts, firsts: consume firsts)
        return try Self.valueCounts(
            at: places, of: column, in: list, texts: textEntries.map(\.key), keyed: keyedValues,
            others: otherEntries.map(\.key), stop: stop)
    }

    /// The counts of the entries in their places: texts first, then keyed values, then the
    /// rest. The values are made after the texts are read, so that they are not held while the
    /// file's pages are.
    private static func valueCounts(
        at places: FrequencyOrder.Places, of column: Column, in list: any ListScreen, texts: [String],
        keyed: [PieceValue], others: [CellValue], stop: StopFlag
    ) throws -> [ValueCount] {
        // Each value shows as its first row wrote it: that field alone, read on every core.
        var rows: [Int] = []
        rows.reserveCapacity(places.count)
        for place in places { rows.append(place.first) }
        var shown: [String]
        if let read = try (list as? any PiecewiseValues)?.texts(of: column.name, atRows: rows, stop: stop) {
            shown = read
        } else {
            shown = []
            for row in rows { shown.append(cell(of: column, atRow: row, in: list).text) }
        }
        rows = []
        let keyedStart = texts.count
        let othersStart = keyedStart + keyed.count
        // Made on every core, each a stretch of the places: over millions of distinct numbers
        // making the values and their entries took as long as reading their texts.
        let parts = ParallelWork.pieces(for: places.count)
        let shownTexts = shown
        return keyed.withUnsafeBufferPointer { keyed in
            // Only values with a key, which hold no pointer, are read from the other cores.
            let keyed = SharedMemory(reading: keyed)
            return [ValueCount](unsafeUninitializedCapacity: places.count) { buffer, initialized in
                let counts = SharedMemory(buffer)
                ParallelWork.run(parts) { part in
                    for index in ParallelWork.range(ofPiece: part, of: parts, count: places.count) {
                        let entry = places[index].entry
                        let value: CellValue
                        if entry >= keyedStart, entry < othersStart {
                            value = keyed.buffer[entry - keyedStart].cellValue
                        } else {
                            value = entry < keyedStart ? .text(texts[entry]) : others[entry - othersStart]
                        }
                        let count = places[index].count
                        counts.buffer.initializeElement(
                            at: index, to: ValueCount(value: value, text: shownTexts[index], count: count, rank: index))
                    }
                }
                initialized = places.count
            }
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
                // Through the buffer: the array checked that its storage was not shared at
                // every column of every row.
                summaries.withUnsafeMutableBufferPointer { summaries in
                    for index in summaries.indices { summaries[index].add(values[index], row: row) }
                }
                row += 1
            }
            for index in summaries.indices { summaries[index].finish() }
            return summaries
        }
        guard let pieces = read?.compactMap({ $0 }), pieces.count == read?.count else { return nil }
        // Each column's pieces are merged on their own, every core taking every so many columns:
        // neighbouring columns are often alike (volume and value, four prices), and one core
        // took every column's merge in turn.
        let cores = min(columns.count, ParallelWork.pieces(for: list.count))
        let merged = ParallelWork.map(cores) { core in
            stride(from: core, to: columns.count, by: cores).map { index in
                (index, PieceColumn.merged(pieces.map { $0[index] }))
            }
        }
        var byColumn = [ColumnTally?](repeating: nil, count: columns.count)
        for (index, tally) in merged.flatMap({ $0 ?? [] }) { byColumn[index] = tally }
        let tallies = byColumn.compactMap { $0 }
        guard tallies.count == columns.count else { return nil }
        return statistics(of: columns, tallies: tallies, in: list)
    }
}
