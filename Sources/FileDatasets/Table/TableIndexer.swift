import BrowseSupport
import Dispatch
import ListKit
import Synchronization
import Tabular

/// Builds a ``FileTable``: a pass of the shared `CSVScanner` over the bytes, keeping the
/// offset of each record that fits the header, counting the ones that do not, and sampling
/// values to infer the column types.
///
/// A large input is indexed in pieces, one per core. Each piece after the first starts at a
/// line start and assumes it is not inside a quoted field; when the piece before it turns out to
/// end exactly there, that was right (the scan is deterministic), and otherwise — a quoted line
/// break across the boundary — the piece is scanned again from where the previous one really
/// ended. Line numbers are fixed up once the pieces are joined.
enum TableIndexer {
    /// The most columns a table shows.
    static let maximumColumns = 5_000
    /// Inputs smaller than this are indexed on one core.
    static let parallelThreshold = 8 << 20

    /// Indexes `bytes` as delimited text.
    ///
    /// - Parameters:
    ///   - name: The table's name, for messages.
    ///   - bytes: UTF-8 text.
    ///   - dialect: The delimiter and quoting rules.
    ///   - hasHeader: True when the first record names the columns.
    ///   - progress: Receives the bytes indexed so far.
    ///   - pieces: How many pieces to index at once; by default one per core for a large input.
    ///   - partial: The bytes are the first part of an input still arriving: its last record
    ///     (perhaps cut short) and anything from an unclosed quote on are left out, so that the
    ///     rows are the first rows of the whole input's table.
    ///   - widths: Measures each column's widest text as the rows are read, for a table whose
    ///     rows will be drawn (``FileTable/measuredWidths``); not for a partial input, whose
    ///     last record is left out after it was read.
    ///   - simpleRecords: Whether a simple record is read in one pass over its bytes (the
    ///     default); false reads every record field by field, as tests compare the two.
    /// - Throws: `FileLoadError` when there is no record at all, the input is too large to index,
    ///   or the first record has too many fields.
    /// - Complexity: O(n) in the size of the input.
    static func index(
        name: String, bytes: FileBytes, dialect: CSVDialect, hasHeader: Bool, progress: ProgressReporter?,
        pieces requestedPieces: Int? = nil, partial: Bool = false, widths: TextWidth? = nil,
        simpleRecords: Bool = true
    ) throws(FileLoadError) -> FileTable {
        let widths = partial ? nil : widths
        let buffer = bytes.buffer

        var headerScan = PieceScanner(buffer: buffer, dialect: dialect, columnCount: 0, end: buffer.count)
        headerScan.cursor = CSVCursor(startOf: buffer)
        // Title lines above the header are not part of the table: shown, not read as columns.
        let frame = hasHeader ? TableFrame.header(in: buffer, dialect: dialect) : nil
        if let frame { headerScan.cursor = frame.start }
        guard let header = headerScan.next() else { throw .empty(name) }
        let columnCount = header.fieldCount
        guard columnCount <= maximumColumns else {
            throw .tooManyColumns(name, count: columnCount, limit: maximumColumns)
        }
        var names: [String]
        var headers: [String?] = Array(repeating: nil, count: columnCount)
        if hasHeader {
            names = headerScan.fields.map { $0.string(in: buffer, quote: dialect.quote) }
            headers = names
        } else {
            names = (0..<columnCount).map(TableColumn.letterName)
        }
        names = TableColumn.uniqueNames(names)
        var headerProblems = RowProblems()
        var bodyStart = hasHeader ? headerScan.cursor : CSVCursor(startOf: buffer)
        if hasHeader, header.unterminated {
            headerProblems.append(RowProblem(line: header.span.line, kind: .unterminatedQuote))
            headerScan.resync(after: header.span)
            bodyStart = headerScan.cursor
        }

        let starts = pieceStarts(buffer, from: bodyStart.offset, pieces: partial ? 1 : requestedPieces)
        let ends = Array(starts.dropFirst()) + [buffer.count]
        let estimate = estimatedRows(buffer, from: bodyStart.offset)
        // The row index and the screen's list of rows, four bytes a row each, and room to work:
        // a Swift allocation that fails ends the program, so ask first.
        let needed = estimate * 2 * MemoryLayout<UInt32>.stride
        guard SystemMemory.isAvailable(needed + (32 << 20)) else { throw .notEnoughMemory(name, bytes: needed) }
        var pieces: [PieceResult] = []
        var spilledRows: [UInt32]?
        let rows = [UInt32](unsafeUninitializedCapacity: estimate) { storage, initialized in
            let regions = starts.indices.map { index in
                (estimate * index / starts.count)..<(estimate * (index + 1) / starts.count)
            }
            let results = Mutex<[PieceResult?]>(Array(repeating: nil, count: starts.count))
            let input = SharedMemory(reading: buffer)
            let output = SharedMemory(storage)
            let firstStart = bodyStart
            WorkerThreads.run(starts.count) { piece in
                let start = piece == 0 ? firstStart : CSVCursor(offset: starts[piece], line: 1)
                let result = scanPiece(
                    buffer: input.readable, dialect: dialect, columnCount: columnCount, from: start, end: ends[piece],
                    into: UnsafeMutableBufferPointer(rebasing: output.buffer[regions[piece]]), progress: progress,
                    widths: widths, stopsAtUnclosedQuote: partial, releasing: bytes, simpleRecords: simpleRecords)
                results.withLock { $0[piece] = result }
            }
            pieces = results.withLock { $0.compactMap { $0 } }
            // Join the pieces in order, scanning again any piece whose start was a guess gone wrong.
            var cursor = pieces[0].end
            for piece in 1..<pieces.count {
                if cursor.offset == starts[piece] {
                    pieces[piece].shiftLines(by: cursor.line - 1)
                    cursor = pieces[piece].end
                } else if cursor.offset < ends[piece] {
                    pieces[piece] = scanPiece(
                        buffer: buffer, dialect: dialect, columnCount: columnCount, from: cursor, end: ends[piece],
                        into: UnsafeMutableBufferPointer(rebasing: storage[regions[piece]]), progress: nil,
                        widths: widths, simpleRecords: simpleRecords)
                    cursor = pieces[piece].end
                } else {
                    pieces[piece] = PieceResult(empty: cursor, columns: columnCount)
                }
            }
            guard pieces.allSatisfy({ $0.spilled.isEmpty }) else {
                // Rare: the estimate was short. Keep the rows in order outside the array.
                spilledRows = zip(pieces, regions).flatMap { piece, region in
                    Array(storage[region.lowerBound..<(region.lowerBound + piece.rowsWritten)]) + piece.spilled
                }
                initialized = 0
                return
            }
            // Move each piece's rows down next to the previous piece's.
            var count = 0
            for (piece, result) in pieces.enumerated() where result.rowsWritten > 0 {
                let source = regions[piece].lowerBound
                if source != count, let base = storage.baseAddress {
                    (base + count).update(from: base + source, count: result.rowsWritten)
                }
                count += result.rowsWritten
            }
            initialized = count
        }
        progress?.update { $0.completed = Int64(buffer.count) }

        var problems = headerProblems
        var inference = ColumnTypeInference(columns: columnCount)
        var irregularRows: [Int] = []
        var strayQuotes = StrayQuotes()
        var segments: [SegmentStart] = []
        var widest = [Int](repeating: 0, count: widths == nil ? 0 : columnCount)
        var firstNonUTF8: Int?
        var rowBase = 0
        for result in pieces {
            if firstNonUTF8 == nil { firstNonUTF8 = result.firstNonUTF8 }
            for (column, width) in result.widest.enumerated() { widest[column] = max(widest[column], width) }
            for problem in result.problems.first { problems.append(problem) }
            problems.addUncounted(result.problems.count - result.problems.first.count)
            inference.merge(result.inference)
            irregularRows.append(contentsOf: result.irregularRows.map { $0 + rowBase })
            strayQuotes.merge(result.strayQuotes)
            for start in result.segments where start.base != segments.last?.base {
                segments.append(SegmentStart(firstRow: start.firstRow + rowBase, base: start.base))
            }
            rowBase += result.rowsWritten + result.spilled.count
        }
        // Rows are numbered in four bytes, as the controller's items.
        guard rowBase < Int(UInt32.max) else { throw .tooManyRows(name, count: rowBase) }
        var low = spilledRows ?? rows
        if partial, !low.isEmpty {
            low.removeLast()
            irregularRows.removeAll { $0 >= low.count }
        }
        let types = inference.types
        let columns = names.indices.map { TableColumn(name: names[$0], type: types[$0], header: headers[$0]) }
        let table = FileTable(
            name: name, bytes: bytes, dialect: dialect, columns: columns,
            offsets: RowOffsets(low: low, bases: segments), problems: problems,
            irregularRows: irregularRows, notes: strayQuotes.note.map { [$0] } ?? [], around: frame?.lines ?? [],
            measuredWidths: widths.map { MeasuredWidths(width: $0, widest: widest) }, firstNonUTF8: firstNonUTF8)
        return hasHeader && !partial ? withNotesBelow(table) : table
    }

    /// The table with the one-value lines after its last row (notes below it) shown as lines
    /// around it rather than counted as malformed rows. Only a table with skipped records can
    /// have them, so a clean file costs nothing more.
    private static func withNotesBelow(_ table: FileTable) -> FileTable {
        guard table.problems.count > 0, table.rowCount > 0 else { return table }
        let last = table.rowCount - 1
        let start = CSVCursor(offset: table.offset(ofRow: last), line: table.line(ofRow: last))
        guard let notes = TableFrame.notes(in: table.buffer, dialect: table.dialect, after: start) else { return table }
        // The notes were counted as the index counted them: a note quoted across lines is
        // read again from its second line (as after a stray quote), which counts once more.
        var scanner = PieceScanner(
            buffer: table.buffer, dialect: table.dialect, columnCount: table.columns.count, end: table.buffer.count)
        scanner.cursor = start
        _ = scanner.next()
        let counted = scanner.countProblems()
        return FileTable(
            name: table.name, bytes: table.bytes, dialect: table.dialect, columns: table.columns,
            offsets: table.offsets,
            problems: table.problems.removingRecords(fromLine: notes.line, count: counted),
            irregularRows: table.irregularRows, notes: table.notes, around: table.around + notes.lines,
            measuredWidths: table.measuredWidths, firstNonUTF8: table.firstNonUTF8)
    }

    /// Where the pieces start: the body's start, then line starts spread evenly, one per core.
    private static func pieceStarts(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int, pieces: Int?) -> [Int] {
        let size = buffer.count - start
        let pieces = pieces ?? (size >= parallelThreshold ? max(1, min(8, SystemIO.processorCount)) : 1)
        var starts = [start]
        for piece in 1..<max(1, pieces) {
            var index = start + size * piece / pieces
            while index < buffer.count, buffer[index] != ASCII.lineFeed { index += 1 }
            index += 1
            if index < buffer.count, let last = starts.last, index > last { starts.append(index) }
        }
        return starts
    }

    /// Room for the rows, judged from the first 64 KB, with a small margin: a short guess costs a
    /// second array (see `spilledRows`), a long one costs memory the pieces touch but leave unused.
    private static func estimatedRows(_ buffer: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        let sampleEnd = min(buffer.count, start + 64 * 1024)
        var lines = 0
        for index in start..<sampleEnd where buffer[index] == ASCII.lineFeed { lines += 1 }
        let perRow = max(1, (sampleEnd - start) / max(1, lines))
        return (buffer.count - start) / perRow * 103 / 100 + 1_024
    }

    private static func scanPiece(
        buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, columnCount: Int, from start: CSVCursor, end: Int,
        into region: UnsafeMutableBufferPointer<UInt32>, progress: ProgressReporter?, widths: TextWidth?,
        stopsAtUnclosedQuote: Bool = false,
        releasing bytes: FileBytes? = nil, simpleRecords: Bool
    ) -> PieceResult {
        var scanner = PieceScanner(buffer: buffer, dialect: dialect, columnCount: columnCount, end: end)
        scanner.cursor = start
        scanner.stopsAtUnclosedQuote = stopsAtUnclosedQuote
        scanner.releasing = bytes
        scanner.widths = widths
        scanner.readsSimpleRecords = simpleRecords
        return scanner.run(into: region, progress: progress)
    }
}

/// What one piece of the input held.
private struct PieceResult {
    var rowsWritten = 0
    /// Rows that did not fit the piece's region of the row array, in order.
    var spilled: [UInt32] = []
    /// Where the piece's rows enter a new 4 GiB segment, counted from the piece's first row.
    var segments: [SegmentStart] = []
    var problems = RowProblems()
    var irregularRows: [Int] = []
    var inference: ColumnTypeInference
    var strayQuotes = StrayQuotes()
    /// Each column's widest text in the piece's rows, when they are measured.
    var widest: [Int] = []
    /// The first byte of the piece that is not UTF-8.
    var firstNonUTF8: Int?
    /// Where scanning stopped: the first record at or after the piece's end.
    var end: CSVCursor

    init(empty end: CSVCursor, columns: Int) {
        self.end = end
        self.inference = ColumnTypeInference(columns: columns)
    }

    /// Makes line numbers counted from the piece's start absolute.
    mutating func shiftLines(by offset: Int) {
        guard offset != 0 else { return }
        var shifted = RowProblems()
        for problem in problems.first { shifted.append(RowProblem(line: problem.line + offset, kind: problem.kind)) }
        shifted.addUncounted(problems.count - problems.first.count)
        problems = shifted
        strayQuotes.shiftLines(by: offset)
        end.line += offset
    }
}

/// Quotes that were kept as text: how many, and the first few lines.
struct StrayQuotes {
    private(set) var count = 0
    private(set) var lines: [Int] = []

    mutating func add(line: Int) {
        count += 1
        if lines.count < 5, lines.last != line { lines.append(line) }
    }

    mutating func merge(_ other: StrayQuotes) {
        count += other.count
        for line in other.lines where lines.count < 5 && lines.last != line { lines.append(line) }
    }

    mutating func shiftLines(by offset: Int) {
        lines = lines.map { $0 + offset }
    }

    /// One line about quotes that were kept as text, if there were any.
    var note: String? {
        guard count > 0 else { return nil }
        let shown = lines.map(String.init).joined(separator: ", ")
        let more = count > lines.count ? ", …" : ""
        return "\(count) field\(count == 1 ? " has a stray quote" : "s have stray quotes") "
            + "(line\(lines.count == 1 ? "" : "s") \(shown)\(more)); kept as text"
    }
}

/// Scans records from a cursor until one starts at or after `end`.
private struct PieceScanner {
    let buffer: UnsafeBufferPointer<UInt8>
    let dialect: CSVDialect
    let columnCount: Int
    let end: Int
    var cursor = CSVCursor(offset: 0, line: 1)
    /// An unclosed quote ends the scan: in the first part of an input, the rest may close it.
    var stopsAtUnclosedQuote = false
    /// The mapped file whose pages the scan lets go as it passes them.
    var releasing: FileBytes?
    /// Measures each column's widest text in the rows, when given.
    var widths: TextWidth?
    /// Whether simple records are read in one pass over their bytes (``SimpleRecordIndex``)
    /// rather than field by field, which tests compare.
    var readsSimpleRecords = true
    var fields: [CSVField] = []
    var issues: [CSVIssue] = []
    var strayQuotes = StrayQuotes()
    /// The records read across lines, which a scan that starts again inside one of them
    /// (after it was rejected) reads no further than where it meets one of their fields.
    let memo: CSVRecordMemo

    /// Rows whose values are all sampled for type inference; after them, one in 64.
    static let fullySampledRows = 1_000
    /// How often progress is reported, in bytes.
    static let progressStep = 4 << 20

    init(buffer: UnsafeBufferPointer<UInt8>, dialect: CSVDialect, columnCount: Int, end: Int) {
        self.buffer = buffer
        self.dialect = dialect
        self.columnCount = columnCount
        self.end = end
        memo = CSVRecordMemo(keeping: columnCount)
        fields.reserveCapacity(64)
    }

    struct Record {
        var span: CSVRecordSpan
        /// How many fields the record has: as many as `fields` holds, unless there are more
        /// than the table's columns.
        var fieldCount: Int
        /// A quoted field runs to the end of the input.
        var unterminated = false
        /// Text follows a closing quote somewhere in the record.
        var irregular = false
        /// True when the record holds quotes that were kept as text (then see `issues`).
        var hasStrayQuotes = false
    }

    /// Scans the next record into `fields` (and its problems into `issues`).
    mutating func next() -> Record? {
        if !issues.isEmpty { issues.removeAll(keepingCapacity: true) }
        guard
            let (span, fieldCount) = CSVScanner.scanRecord(
                in: buffer, cursor: &cursor, dialect: dialect, fields: &fields, issues: &issues, memo: memo)
        else { return nil }
        var record = Record(span: span, fieldCount: fieldCount)
        for issue in issues {
            switch issue.kind {
            case .unterminatedQuote:
                record.unterminated = true
            case .textAfterClosingQuote:
                record.irregular = true
                record.hasStrayQuotes = true
            case .quoteInUnquotedField:
                record.hasStrayQuotes = true
            }
        }
        return record
    }

    /// Indexes the piece, writing row offsets to `region` (and to a spill list when it is full).
    mutating func run(into region: UnsafeMutableBufferPointer<UInt32>, progress: ProgressReporter?) -> PieceResult {
        var result = PieceResult(empty: cursor, columns: columnCount)
        var segment = -1
        var nextReport = cursor.offset + Self.progressStep
        var reported = cursor.offset
        var sampled = 0
        // Every byte from the piece's start to the last record's end is checked once, as it
        // is read: a pass of its own over a large file took a tenth of the file's first page.
        var checked = cursor.offset
        // Not optional: a width unwrapped for every record would be copied, and so retained
        // and released by every core at once.
        let widest = ColumnWidths(width: widths, columns: columnCount)
        defer { widest.deallocate() }
        // Most records are read in one pass over their bytes; the first rows, which are
        // sampled for the columns' types, one in 64 after them, and any record that is not
        // simple are read field by field.
        let simple = readsSimpleRecords && (widths == nil || widest.countsASCII)
        var reader = SimpleRecordIndex(
            buffer: buffer, dialect: dialect, columns: columnCount, width: widest.width,
            measures: !widest.widest.isEmpty)
        defer { reader.deallocate() }
        // Notes the row whose record starts at `offset`: its place in the file, and the
        // progress made.
        func take(_ offset: Int, row rowIndex: Int) {
            if SegmentStart.base(of: offset) != segment {
                segment = SegmentStart.base(of: offset)
                result.segments.append(SegmentStart(firstRow: rowIndex, base: segment))
            }
            let row = UInt32(truncatingIfNeeded: offset)
            if result.rowsWritten < region.count {
                region[result.rowsWritten] = row
                result.rowsWritten += 1
            } else {
                result.spilled.append(row)
            }
            if offset >= nextReport {
                let done = Int64(offset - reported)
                releasing?.releaseResidentPages(in: reported..<offset)
                reported = offset
                nextReport = reported + Self.progressStep
                progress?.update { $0.completed += done }
            }
        }
        while cursor.offset < end {
            let rowIndex = result.rowsWritten + result.spilled.count
            // In one pass only where every byte before the record was checked and found UTF-8:
            // the pass checks the records' bytes, not where the last check ended. A run stops
            // before the next row sampled for the columns' types.
            if simple, result.firstNonUTF8 == nil, checked == cursor.offset, sampled >= Self.fullySampledRows,
                rowIndex & 63 != 0
            {
                let read = reader.readRun(
                    at: cursor.offset, records: 64 - (rowIndex & 63), before: end, widening: widest.widest)
                if read > 0 {
                    for record in 0..<read { take(reader.starts[record], row: rowIndex + record) }
                    cursor = CSVCursor(offset: reader.next, line: cursor.line + read)
                    checked = reader.next
                    continue
                }
            }
            guard let record = next() else { break }
            let span = record.span
            let unchecked = result.firstNonUTF8 == nil && cursor.offset > checked
            let nonASCII = unchecked || widest.countsASCII ? NonASCIIFields.of(fields, in: buffer) : nil
            // Fields already measured, as they were checked.
            var measured: UInt64 = 0
            if unchecked {
                // A record read without an issue from where the last check ended is its fields
                // and the quotes, delimiters and line end between them, all ASCII: only its
                // fields that are not ASCII need reading again.
                if let nonASCII, issues.isEmpty, checked == span.byteRange.lowerBound {
                    // A row that will be kept (one without issues is, when its width is right)
                    // is measured as it is checked.
                    (result.firstNonUTF8, measured) = Self.firstNonUTF8(
                        inFields: nonASCII, of: fields, in: buffer, widening: widest,
                        kept: record.fieldCount == columnCount)
                } else {
                    result.firstNonUTF8 = UTF8Validation.firstInvalid(buffer, from: checked, to: cursor.offset)
                }
                checked = cursor.offset
            }
            if record.unterminated {
                if stopsAtUnclosedQuote { break }
                result.problems.append(RowProblem(line: span.line, kind: .unterminatedQuote))
                resync(after: span)
                continue
            }
            if record.fieldCount != columnCount {
                let count = RowProblem.Kind.fieldCount(fields: record.fieldCount, expected: columnCount)
                result.problems.append(RowProblem(line: span.line, kind: count))
                // A stray quote can swallow the lines after it: start again on the next line.
                if spansLines(span) { resync(after: span) }
                continue
            }
            if record.irregular { result.irregularRows.append(rowIndex) }
            if record.hasStrayQuotes {
                for issue in issues where issue.kind != .unterminatedQuote { strayQuotes.add(line: issue.line) }
            }
            if sampled < Self.fullySampledRows || rowIndex & 63 == 0 {
                sample(into: &result.inference)
                sampled += 1
            }
            widest.widen(to: fields, in: buffer, quote: dialect.quote, nonASCII: nonASCII, measured: measured)
            take(span.byteRange.lowerBound, row: rowIndex)
        }
        result.strayQuotes = strayQuotes
        result.widest = Array(widest.widest)
        result.end = cursor
        return result
    }

    /// The first byte that is not UTF-8 in the fields whose bits are set in `nonASCII`, in order.
    ///
    /// In a row that is `kept`, a field of ASCII and CJK ideographs, which `widest` counts
    /// itself, is UTF-8 as it is counted: its column is widened to it at once, and its bit set
    /// in `measured`, so that the names of an Asian file are read once, not checked and then
    /// measured.
    ///
    /// Static, and given what it reads: a method of the scanner, called as it reads, copied the
    /// whole scanner at every record.
    @inline(__always)
    private static func firstNonUTF8(
        inFields nonASCII: UInt64, of fields: [CSVField], in buffer: UnsafeBufferPointer<UInt8>,
        widening widest: ColumnWidths, kept: Bool
    ) -> (found: Int?, measured: UInt64) {
        var left = nonASCII
        var measured: UInt64 = 0
        while left != 0 {
            let column = left.trailingZeroBitCount
            let field = fields[column]
            let range = field.contentRange
            let bytes = UnsafeBufferPointer(rebasing: buffer[range])
            if kept, column < widest.widest.count, !field.needsUnescaping,
                let cells = widest.width.ofASCIIAndIdeographs(utf8: bytes)
            {
                widest.widen(column, to: cells)
                measured |= 1 &<< UInt64(truncatingIfNeeded: column)
            } else if !UTF8Validation.isASCIIOrPlainThreeByte(buffer, from: range.lowerBound, to: range.upperBound),
                // A character cut by the field's end is found where it starts, as it would be
                // in the whole record: the byte after the field is ASCII.
                let found = UTF8Validation.firstInvalid(buffer, from: range.lowerBound, to: range.upperBound)
            {
                return (found, measured)
            }
            left &= left &- 1
        }
        return (nil, measured)
    }

    /// How many problems the records from the cursor to the end hold, counted as ``run(into:progress:)``
    /// counts them (a record of the wrong width that spans lines is read again from its next line).
    ///
    /// - Complexity: O(n) in the bytes scanned.
    mutating func countProblems() -> Int {
        var count = 0
        while cursor.offset < end, let record = next() {
            if record.unterminated {
                count += 1
                resync(after: record.span)
            } else if record.fieldCount != columnCount {
                count += 1
                if spansLines(record.span) { resync(after: record.span) }
            }
        }
        return count
    }

    /// Counts the current record's values for type inference.
    private func sample(into inference: inout ColumnTypeInference) {
        for (column, field) in fields.enumerated() where !field.needsUnescaping {
            inference.add(UnsafeBufferPointer(rebasing: buffer[field.contentRange]), column: column)
        }
    }

    /// True when the record holds a line break (inside quotes).
    private func spansLines(_ span: CSVRecordSpan) -> Bool {
        buffer[span.byteRange].contains { $0 == ASCII.lineFeed || $0 == ASCII.carriageReturn }
    }

    /// Moves the cursor to the line after the one on which `span` starts.
    mutating func resync(after span: CSVRecordSpan) {
        var index = span.byteRange.lowerBound
        while index < buffer.count, buffer[index] != ASCII.lineFeed, buffer[index] != ASCII.carriageReturn {
            index += 1
        }
        if index < buffer.count {
            if buffer[index] == ASCII.carriageReturn, index + 1 < buffer.count,
                buffer[index + 1] == ASCII.lineFeed
            {
                index += 1
            }
            index += 1
        }
        cursor = CSVCursor(offset: index, line: span.line + 1)
    }
}

/// Each column's widest text in the records of one piece, as a width measures them; none
/// without a width.
private struct ColumnWidths {
    /// Stands in for no width: no column is measured.
    private static let unmeasured = TextWidth { _ in 0 }

    let width: TextWidth
    let widest: UnsafeMutableBufferPointer<Int>

    init(width: TextWidth?, columns: Int) {
        self.width = width ?? Self.unmeasured
        widest = .allocate(capacity: width == nil ? 0 : columns)
        widest.initialize(repeating: 0)
    }

    func deallocate() { widest.deallocate() }

    /// True when columns are measured by a width that counts an ASCII field's bytes.
    var countsASCII: Bool { !widest.isEmpty && width.oneCellPerASCIIByte }

    /// Widens each column to its field of a record. A field whose bit in `nonASCII` is clear is
    /// ASCII: as wide as it is long when the width gives ASCII a cell a byte. A field whose bit
    /// in `measured` is set was measured already (``widen(_:to:)``).
    func widen(
        to fields: [CSVField], in buffer: UnsafeBufferPointer<UInt8>, quote: UInt8, nonASCII: UInt64?,
        measured skipped: UInt64
    ) {
        let ascii = width.oneCellPerASCIIByte ? nonASCII.map { ~$0 } ?? 0 : 0
        // Through the buffer, its length taken unchecked: a row's dozen fields are measured at
        // every row of the file, and the array's bounds check and the range's overflow check
        // were a third of the work for an ASCII field.
        fields.withUnsafeBufferPointer { fields in
            for column in 0..<min(fields.count, widest.count) {
                let field = fields[column]
                let measured: Int
                if ascii &>> UInt64(truncatingIfNeeded: column) & 1 != 0, !field.needsUnescaping {
                    measured = field.contentRange.upperBound &- field.contentRange.lowerBound
                } else if skipped &>> UInt64(truncatingIfNeeded: column) & 1 != 0 {
                    continue
                } else {
                    measured = field.withBytes(in: buffer, quote: quote) { width.of(utf8: $0) }
                }
                if measured > widest[column] { widest[column] = measured }
            }
        }
    }

    /// Widens column `column` to `cells`.
    @inline(__always)
    func widen(_ column: Int, to cells: Int) {
        if cells > widest[column] { widest[column] = cells }
    }
}
