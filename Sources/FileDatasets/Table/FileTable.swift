import ListKit
import Synchronization
import Tabular

/// A delimited file held as bytes with an index of its records: what a file dataset shows.
///
/// The table keeps the input once (memory-mapped or in one buffer) and one 4-byte offset per
/// row (`RowOffsets`), for inputs of any size. Fields are found by scanning a row when it is needed, and `String`s are made only for
/// the rows shown, exported or detailed. Filters scan bytes (`filter(foldedQuery:candidates:)`)
/// and sorts compute one key per row (`sorted(_:descending:indices:)`).
public final class FileTable: Sendable {
    /// What the breadcrumb calls the table (the file's name).
    public let name: String
    /// The columns, in file order.
    public let columns: [TableColumn]
    /// Where the records of the rows that fit the columns start, in file order.
    let offsets: RowOffsets
    /// The records that were skipped.
    public let problems: RowProblems
    /// Things the user should know that did not cost any rows (stray quotes).
    public let notes: [String]
    /// The lines around the table that are not part of it: titles above the header, notes
    /// below the rows, as the file has them.
    package let around: [String]

    let bytes: FileBytes
    let dialect: CSVDialect
    /// Rows with text after a closing quote: their bytes differ from their text in more than
    /// doubled quotes, so a byte search cannot rule them out and they are always checked.
    let irregularRows: [Int]
    /// Each column's widest text over every row, measured by the index as it read them, when
    /// the front end said how it measures (it will draw the rows).
    let measuredWidths: MeasuredWidths?
    /// The offset of the first byte of the rows (and the lines between them) that is not UTF-8,
    /// found as they were indexed; `nil` when every byte of them is UTF-8 (the index checks
    /// them all), so that their fields can be copied as they stand.
    let firstNonUTF8: Int?
    private let columnIndex: [String: Int]
    let sortKeyCache = Mutex<[Int: SortKeys]>([:])
    private let foldSpecialRowCache = Mutex<[Int]?>(nil)

    init(
        name: String, bytes: FileBytes, dialect: CSVDialect, columns: [TableColumn], offsets: RowOffsets,
        problems: RowProblems, irregularRows: [Int], notes: [String], around: [String] = [],
        measuredWidths: MeasuredWidths? = nil, firstNonUTF8: Int?
    ) {
        self.name = name
        self.bytes = bytes
        self.dialect = dialect
        self.columns = columns
        self.offsets = offsets
        self.problems = problems
        self.irregularRows = irregularRows
        self.notes = notes
        self.around = around
        self.measuredWidths = measuredWidths
        self.firstNonUTF8 = firstNonUTF8
        var index: [String: Int] = [:]
        for (offset, column) in columns.enumerated() { index[column.name] = offset }
        self.columnIndex = index
    }

    /// The buffer the rows point into.
    var buffer: UnsafeBufferPointer<UInt8> { bytes.buffer }

    /// How many rows fit the columns.
    public var rowCount: Int { offsets.count }

    /// Every row, in file order: the list a screen shows before any filter or sort.
    ///
    /// - Complexity: O(n) in the rows; four bytes each.
    public var fileOrder: [FileRow] {
        [FileRow](unsafeUninitializedCapacity: rowCount) { storage, initialized in
            for index in 0..<rowCount { storage[index] = FileRow(index: index) }
            initialized = rowCount
        }
    }

    /// The byte offset of row `row`'s record.
    ///
    /// - Complexity: O(1) under 4 GiB, O(log s) in the 4 GiB segments above it.
    func offset(ofRow row: Int) -> Int { offsets[row] }

    /// Whether the file under the table shrank or was written to after it was read
    /// (``FileBytes/changedWhileOpen``).
    ///
    /// - Complexity: O(1).
    package var changedWhileOpen: Bool { bytes.changedWhileOpen }

    /// How the file under the table changed after it was read, if it did.
    ///
    /// - Complexity: O(1).
    var change: FileChange? { bytes.change }

    /// Throws when the file under the table changed after it was read: what was read since may
    /// not be the file's rows. Long passes over the rows call it between blocks, so that a file
    /// cut short stops them at once rather than at their end.
    ///
    /// - Throws: `FileLoadError` saying how the file changed.
    /// - Complexity: O(1).
    func checkUnchanged() throws(FileLoadError) {
        if let change = bytes.change { throw .changed(name, change) }
    }

    /// The position of a column by its exact name.
    func column(named name: String) -> Int? { columnIndex[name] }

    // MARK: - Reading rows

    /// A copy of the table that reports `problems` (found before indexing, as in JSON Lines),
    /// and `around` as the lines around it when given.
    func replacingProblems(_ problems: RowProblems, around: [String]? = nil) -> FileTable {
        FileTable(
            name: name, bytes: bytes, dialect: dialect, columns: columns, offsets: offsets, problems: problems,
            irregularRows: irregularRows, notes: notes, around: around ?? self.around, measuredWidths: measuredWidths,
            firstNonUTF8: firstNonUTF8)
    }

    /// Finds the fields of row `row`, reusing `fields` and `issues`.
    ///
    /// The scan never reads past where the next row starts: the row's record ends there at the
    /// latest. So a file cut short under the table (whose bytes past its new end read as zeros,
    /// with no line break to end a record) costs each row its own length, not the rest of the
    /// file: a pass over every row stays O(n) instead of O(n²) in time and in what it makes.
    ///
    /// - Parameter limit: How many of the first fields are wanted: the scan stops after them, so
    ///   that reading a column early in the record skips the rest of it.
    /// - Complexity: O(n) in the length of the record.
    func scan(row: Int, fields: inout [CSVField], issues: inout [CSVIssue], limit: Int = .max) {
        let end = row + 1 < offsets.count ? offsets[row + 1] : buffer.count
        // A simple record is read in the whole buffer, which its blocks of 64 bytes may read past
        // the record; any other in the bytes before the next record, as the index read it.
        if CSVScanner.scanSimpleRecord(
            in: buffer, from: offsets[row], before: end, dialect: dialect, fields: &fields, fieldLimit: limit) != nil
        {
            issues.removeAll(keepingCapacity: true)
            return
        }
        var cursor = CSVCursor(offset: offsets[row], line: 1)
        _ = CSVScanner.scanRecord(
            in: UnsafeBufferPointer(rebasing: buffer[0..<end]), cursor: &cursor, dialect: dialect, fields: &fields,
            issues: &issues, fieldLimit: limit)
        issues.removeAll(keepingCapacity: true)
    }

    /// The content of field `index` of row `row` when it and the fields before it are simple
    /// (``CSVScanner/simpleField(_:in:from:before:dialect:)``); `nil` for a row to read by
    /// ``scan(row:fields:issues:limit:)``.
    ///
    /// - Complexity: O(n) in the bytes up to the field's end.
    func simpleField(_ index: Int, ofRow row: Int) -> Range<Int>? {
        let end = row + 1 < offsets.count ? offsets[row + 1] : buffer.count
        return CSVScanner.simpleField(index, in: buffer, from: offsets[row], before: end, dialect: dialect)
    }

    /// Calls `body` with a field's content: its bytes, with quotes undone when the field needs it.
    func withContent<Result>(
        of field: CSVField, _ body: (UnsafeBufferPointer<UInt8>) -> Result
    ) -> Result {
        field.withBytes(in: buffer, quote: dialect.quote, body)
    }

    /// The cells of row `row`, one per column, each showing its text as written in the file.
    ///
    /// - Complexity: O(n) in the length of the record.
    public func cells(ofRow row: Int) -> [Cell] {
        cells(of: FileRow(index: row))
    }

    /// The cells of `row`, one per column.
    ///
    /// - Complexity: O(n) in the length of the record.
    public func cells(of row: FileRow) -> [Cell] {
        var scratch = RowScratch()
        return namedCells(of: row, scratch: &scratch).map(\.cell)
    }

    /// The named cells of `row`, one per column, using `scratch` for the record's fields.
    ///
    /// - Complexity: O(n) in the length of the record.
    func namedCells(of row: FileRow, scratch: inout RowScratch) -> [NamedCell] {
        scan(row: row.index, fields: &scratch.fields, issues: &scratch.issues)
        let fields = scratch.fields
        var cells: [NamedCell] = []
        cells.reserveCapacity(columns.count)
        for (index, column) in columns.enumerated() {
            guard index < fields.count else {
                cells.append(NamedCell(column.name, .missing))
                continue
            }
            // The text is what `CSVField.string(in:quote:)` makes: the same bytes, decoded.
            let (typed, text) = withContent(of: fields[index]) {
                (TypedField($0, type: column.type), String(decoding: $0, as: UTF8.self))
            }
            cells.append(NamedCell(column.name, .source(typed.cellValue(text: text), text: text)))
        }
        return cells
    }

    /// The 1-based line on which row `row` starts.
    ///
    /// - Complexity: O(n) in the bytes before the row.
    package func line(ofRow row: Int) -> Int {
        let end = offsets[row]
        var line = 1
        var index = 0
        while index < end {
            let byte = buffer[index]
            if byte == ASCII.lineFeed {
                line += 1
            } else if byte == ASCII.carriageReturn, index + 1 >= end || buffer[index + 1] != ASCII.lineFeed {
                line += 1
            }
            index += 1
        }
        return line
    }

    /// The position of `row` among the rows, in file order; `nil` when the table has no
    /// such row.
    ///
    /// - Complexity: O(1).
    package func index(of row: FileRow) -> Int? {
        row.index < rowCount ? row.index : nil
    }

    /// The row whose record holds byte `offset`: the last row starting at or before it.
    ///
    /// - Complexity: O(log n).
    func row(containing offset: Int) -> Int? {
        var low = 0
        var high = rowCount
        while low < high {
            let middle = (low + high) / 2
            if offsets[middle] <= offset { low = middle + 1 } else { high = middle }
        }
        return low == 0 ? nil : low - 1
    }

    // MARK: - Caches

    /// The sort keys of a column, computed once and kept for the last two columns sorted.
    func sortKeys(column: Int) -> SortKeys {
        if let cached = sortKeyCache.withLock({ $0[column] }) { return cached }
        let keys = SortKeys(table: self, column: column)
        bytes.releaseResidentPages()
        sortKeyCache.withLock { cache in
            if cache.count >= 2, let evicted = cache.keys.first(where: { $0 != column }) {
                cache.removeValue(forKey: evicted)
            }
            cache[column] = keys
        }
        return keys
    }

    /// Rows holding a character that folds to ASCII (full-width forms, K, İ), found once.
    func foldSpecialRows() -> [Int] {
        if let cached = foldSpecialRowCache.withLock({ $0 }) { return cached }
        let found = ByteSearch.rowsWithFoldSpecialCharacters(in: self)
        foldSpecialRowCache.withLock { $0 = found }
        return found
    }
}
