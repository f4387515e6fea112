import BrowseSupport
import CSVStops
import Dispatch
import ListKit
import Synchronization
import Tabular

extension FileTable {
    /// Writes rows in an export format straight from the file's bytes, exactly as
    /// `TableExporter` writes the cells ``namedCells(of:scratch:)`` makes for them.
    ///
    /// Blocks of rows are formatted on every core, each worker making every so many blocks in
    /// order, while the calling thread hands the blocks to `write` in order. A field is
    /// copied as it is unless the format changes it (a quote, a delimiter, a line break); only
    /// the few fields that need it (doubled quotes in the file, bytes that are not UTF-8) become
    /// a `String` first.
    ///
    /// - Parameters:
    ///   - format: The export format.
    ///   - names: The exported columns: a name not in the table is a missing cell, and a name
    ///     the table has twice is its first such column, as the cells' lookup by name finds.
    ///   - indices: The rows, by index in table order; `nil` for every row.
    ///   - aheadBlocks: How many blocks may be made before the writer has written them (as
    ///     many workers at most, each with the same share); by default a few per worker.
    ///   - write: Takes each block's bytes and number of rows (at most `ExportRowLimits.blockRows`).
    /// - Throws: What `write` throws, or `FileLoadError` when the file changed under the table
    ///   (checked before each block is written, so no row read from changed bytes is written);
    ///   the rows not yet written are dropped.
    /// - Complexity: O(n) in the bytes of the rows.
    func export(
        format: ExportFormat, columns names: [String], rows indices: [Int]?, aheadBlocks requested: Int? = nil,
        write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws {
        let plan = ExportPlan(table: self, format: format, names: names, indices: indices)
        let blockCount = (plan.count + ExportRowLimits.blockRows - 1) / ExportRowLimits.blockRows
        guard blockCount > 1 else {
            guard blockCount == 1 else { return }
            let writer = ExportRowWriter(format: format, columns: names)
            plan.format(block: 0, into: writer)
            try checkUnchanged()
            try writer.withBytes { try write($0, writer.rowCount) }
            return
        }
        // Workers for the whole export rather than threads for each round of blocks: rounds
        // waited for their slowest block, and made hundreds of threads over a million rows.
        // Worker `w` makes blocks `w`, `w + workers`, … in order, and the slots are a multiple
        // of the workers, so each slot is filled by one worker, block after block: two workers
        // waiting for one slot could otherwise fill it out of order.
        let workers = min(blockCount, max(1, requested ?? .max), ParallelWork.pieces(for: .max))
        let perWorker = max(1, (requested ?? 4 * workers) / workers)
        let pipeline = ExportPipeline(slots: perWorker * workers, format: format, columns: names)
        // The workers run beside the calling thread, which writes: even a worker that found no
        // thread of its own and runs where the others were started never waits for itself.
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            WorkerThreads.run(workers) { worker in
                for block in stride(from: worker, to: blockCount, by: workers) {
                    let slot = pipeline.slot(of: block)
                    slot.free.wait()
                    if !pipeline.isStopped { plan.format(block: block, into: slot.writer) }
                    slot.made.signal()
                }
            }
            done.signal()
        }
        var failure: (any Error)?
        // Every block is waited for, even after a failure, so that no worker waits for a slot
        // that is never freed.
        for block in 0..<blockCount {
            let slot = pipeline.slot(of: block)
            slot.made.wait()
            if failure == nil {
                do {
                    // The block was made before this look, so a block read from bytes that had
                    // changed by then is never written.
                    try checkUnchanged()
                    let rows = slot.writer.rowCount
                    try slot.writer.withBytes { try write($0, rows) }
                } catch {
                    failure = error
                    pipeline.stop()
                }
            }
            slot.free.signal()
        }
        done.wait()
        if let failure { throw failure }
    }
}

/// The blocks of an export on their way from the workers to the writer: each block is made in
/// slot `block % slots`, once the writer has written the slot's block before it.
///
/// `@unchecked Sendable`: a slot's writer is used by one thread at a time, a worker until it
/// signals `made` and the writer until it signals `free`, and the semaphores order the two.
private final class ExportPipeline: @unchecked Sendable {
    /// A writer, and the two signals that hand it from the workers to the writer and back.
    final class Slot: @unchecked Sendable {
        let writer: ExportRowWriter
        /// Signalled when the slot's block is made.
        let made = DispatchSemaphore(value: 0)
        /// Signalled when the slot's block is written and the slot may be made again.
        let free = DispatchSemaphore(value: 1)

        init(writer: ExportRowWriter) {
            self.writer = writer
        }
    }

    private let slots: [Slot]
    private let stopped = Atomic<Bool>(false)

    init(slots: Int, format: ExportFormat, columns: [String]) {
        self.slots = (0..<max(1, slots)).map { _ in Slot(writer: ExportRowWriter(format: format, columns: columns)) }
    }

    func slot(of block: Int) -> Slot { slots[block % slots.count] }

    /// Whether a write failed: the blocks not yet made are left empty.
    var isStopped: Bool { stopped.load(ordering: .relaxed) }

    func stop() { stopped.store(true, ordering: .relaxed) }
}

/// How a table's rows become an export's rows: which field each column takes, and what a
/// row's fields are worth to the format.
private struct ExportPlan: Sendable {
    let table: FileTable
    let format: ExportFormat
    /// The field of each exported column, `nil` for a column the table does not have.
    let positions: [Int?]
    /// Whether each exported column may hold numbers (JSON writes them bare).
    let numeric: [Bool]
    /// Whether a record's bytes can be checked for UTF-8 at once: when the delimiter and the
    /// quote are ASCII, no field can end inside a character.
    let checksRecords: Bool
    /// Whether the index found every byte of the rows UTF-8: then no record is checked again.
    let rowsAreUTF8: Bool
    /// The rows, by index in table order; `nil` for every row.
    let indices: [Int]?
    /// How many rows are exported.
    let count: Int
    /// The rows come in the file's order (every row, or a filter's), so each block's stretch
    /// of the file is read by that block alone.
    let inFileOrder: Bool

    init(table: FileTable, format: ExportFormat, names: [String], indices: [Int]?) {
        self.table = table
        self.format = format
        self.indices = indices
        count = indices?.count ?? table.rowCount
        inFileOrder = indices.map { FileTable.rise($0) } ?? true
        let columns = table.columns
        if names == columns.map(\.name) {
            positions = Array(columns.indices)
        } else {
            positions = names.map { name in columns.firstIndex { $0.name == name } }
        }
        numeric = positions.map { $0.map { columns[$0].type.isNumeric } ?? false }
        checksRecords = table.dialect.delimiter < 0x80 && table.dialect.quote < 0x80
        rowsAreUTF8 = table.firstNonUTF8 == nil
    }

    /// Formats block `block` of the export into `writer`.
    func format(block: Int, into writer: ExportRowWriter) {
        let lower = min(count, block * ExportRowLimits.blockRows)
        let upper = min(count, lower + ExportRowLimits.blockRows)
        writer.reset(rowsBefore: lower)
        write(rows: lower..<upper, into: writer)
        // Its stretch of the file is not read again: its pages go, so that exporting a large
        // file (or a filter's rows spread over all of it) does not make the whole file this
        // program's memory.
        if inFileOrder, lower < upper {
            let start = table.offset(ofRow: indices?[lower] ?? lower)
            let end = upper < count ? table.offset(ofRow: indices?[upper] ?? upper) : table.buffer.count
            table.bytes.releaseResidentPages(in: start..<end)
        }
    }

    /// Writes rows `range` of the export (positions in `indices`).
    private func write(rows range: Range<Int>, into writer: ExportRowWriter) {
        var scratch = RowScratch()
        let buffer = table.buffer
        // A few rows far apart (a `where` that keeps one row in a thousand) make much of the
        // file around each one resident: the pages behind go every few megabytes, not only
        // once the block is written.
        var releaser =
            inFileOrder && !range.isEmpty
            ? indices.map { PageReleaser(table.bytes, from: table.offset(ofRow: $0[range.lowerBound])) } : nil
        // Rows out of file order (a sort's) are each a cache miss, and a page-table walk:
        // the record a few rows ahead is asked for while this one is written.
        let ahead = inFileOrder ? 0 : 8
        let base = buffer.baseAddress
        for position in range {
            if ahead > 0, let indices, let base, position + ahead < range.upperBound {
                csv_prefetch(base + table.offset(ofRow: indices[position + ahead]))
            }
            let row = indices?[position] ?? position
            releaser?.reached(table.offset(ofRow: row))
            table.scan(row: row, fields: &scratch.fields, issues: &scratch.issues)
            let fields = scratch.fields
            let valid = rowsAreUTF8 || isUTF8(fields, in: buffer)
            writer.beginRow()
            for (slot, index) in positions.enumerated() {
                guard let index, index < fields.count else {
                    writer.appendMissing()
                    continue
                }
                let field = fields[index]
                if valid, !field.needsUnescaping {
                    let content = UnsafeBufferPointer(rebasing: buffer[field.contentRange])
                    writer.appendField(content) { isNumber(content, column: index, slot: slot) }
                } else {
                    // The text a cell holds: quotes undone, bytes that are not UTF-8 as U+FFFD.
                    var text = field.string(in: buffer, quote: table.dialect.quote)
                    text.withUTF8 { content in
                        writer.appendField(content) { isNumber(content, column: index, slot: slot) }
                    }
                }
            }
            writer.endRow()
        }
    }

    /// Whether the cell's value is a number, which JSON asks only of a field written as a JSON
    /// number (any other is a string whatever its value).
    private func isNumber(_ content: UnsafeBufferPointer<UInt8>, column: Int, slot: Int) -> Bool {
        guard numeric[slot] else { return false }
        // A JSON number this short without an exponent is a number `ExactDecimal` reads: at
        // most 13 digits, 11 after the point (the most it keeps is 12), and no leading zero.
        if content.count <= 13, !content.contains(where: { $0 | 0x20 == UInt8(ascii: "e") }) { return true }
        if case .number = TypedField(content, type: table.columns[column].type) { return true }
        return false
    }

    /// Whether every field of the record is UTF-8 as it stands.
    private func isUTF8(_ fields: [CSVField], in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = fields.first, let last = fields.last else { return true }
        guard checksRecords else {
            return fields.allSatisfy { field in
                UTF8Validation.firstInvalidByte(in: UnsafeBufferPointer(rebasing: buffer[field.contentRange]), from: 0)
                    == nil
            }
        }
        let lower = first.contentRange.lowerBound
        let upper = max(lower, last.contentRange.upperBound)
        let record = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(buffer)[lower..<upper])
        // Most records are mostly ASCII: eight bytes at a time until the first that is not.
        var index = 0
        while index + 8 <= record.count,
            record.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index += 8
        }
        let rest = UnsafeBufferPointer(rebasing: buffer[(lower + index)..<upper])
        return UTF8Validation.firstInvalidByte(in: rest, from: 0) == nil
    }
}
