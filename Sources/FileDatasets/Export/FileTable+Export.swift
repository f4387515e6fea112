import BrowseSupport
import Dispatch
import ListKit
import Tabular

extension FileTable {
    /// Writes rows in an export format straight from the file's bytes, exactly as
    /// `TableExporter` writes the cells ``namedCells(of:scratch:)`` makes for them.
    ///
    /// Blocks of rows are formatted on every core, a round of blocks at a time, and handed to
    /// `write` in order. A field is copied as it is unless the format
    /// changes it (a quote, a delimiter, a line break); only the few fields that need it (doubled
    /// quotes in the file, bytes that are not UTF-8) become a `String` first.
    ///
    /// - Parameters:
    ///   - format: The export format.
    ///   - names: The exported columns: a name not in the table is a missing cell, and a name
    ///     the table has twice is its first such column, as the cells' lookup by name finds.
    ///   - indices: The rows, by index in table order; `nil` for every row.
    ///   - write: Takes each block's bytes and number of rows (at most `ExportRowLimits.blockRows`).
    /// - Throws: What `write` throws; the rows not yet written are dropped.
    /// - Complexity: O(n) in the bytes of the rows.
    func export(
        format: ExportFormat, columns names: [String], rows indices: [Int]?,
        write: (_ bytes: UnsafeRawBufferPointer, _ rows: Int) throws -> Void
    ) throws {
        let plan = ExportPlan(table: self, format: format, names: names)
        let count = indices?.count ?? rows.count
        let blockRows = ExportRowLimits.blockRows
        let blockCount = (count + blockRows - 1) / blockRows
        // A few blocks per core a round, so that a slow block does not leave a core idle.
        let roundBlocks = blockCount < 4 ? 1 : min(32, 4 * SystemIO.processorCount)
        var writers = (0..<min(roundBlocks, max(1, blockCount))).map { _ in
            ExportRowWriter(format: format, columns: names)
        }
        var firstBlock = 0
        while firstBlock < blockCount {
            let blocks = min(roundBlocks, blockCount - firstBlock)
            let start = firstBlock
            writers.withUnsafeMutableBufferPointer { writers in
                let slots = SharedMemory(writers)
                DispatchQueue.concurrentPerform(iterations: blocks) { block in
                    let lower = (start + block) * blockRows
                    let upper = min(count, lower + blockRows)
                    slots.buffer[block].reset(rowsBefore: lower)
                    plan.write(rows: lower..<upper, of: indices, into: &slots.buffer[block])
                }
            }
            for block in 0..<blocks {
                let rowCount = writers[block].rowCount
                try writers[block].bytes.withUnsafeBytes { try write($0, rowCount) }
            }
            firstBlock += blocks
        }
    }
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

    init(table: FileTable, format: ExportFormat, names: [String]) {
        self.table = table
        self.format = format
        let columns = table.columns
        if names == columns.map(\.name) {
            positions = Array(columns.indices)
        } else {
            positions = names.map { name in columns.firstIndex { $0.name == name } }
        }
        numeric = positions.map { $0.map { columns[$0].type.isNumeric } ?? false }
        checksRecords = table.dialect.delimiter < 0x80 && table.dialect.quote < 0x80
    }

    /// Writes rows `range` of the export (positions in `indices`, or table rows when `nil`).
    func write(rows range: Range<Int>, of indices: [Int]?, into writer: inout ExportRowWriter) {
        var scratch = RowScratch()
        let buffer = table.buffer
        for position in range {
            table.scan(row: indices?[position] ?? position, fields: &scratch.fields, issues: &scratch.issues)
            let fields = scratch.fields
            let valid = isUTF8(fields, in: buffer)
            writer.beginRow()
            for (slot, index) in positions.enumerated() {
                guard let index, index < fields.count else {
                    writer.appendMissing()
                    continue
                }
                let field = fields[index]
                if valid, !field.needsUnescaping {
                    let content = UnsafeBufferPointer(rebasing: buffer[field.contentRange])
                    writer.appendField(content, isNumeric: isNumber(content, column: index, slot: slot))
                } else {
                    // The text a cell holds: quotes undone, bytes that are not UTF-8 as U+FFFD.
                    var text = field.string(in: buffer, quote: table.dialect.quote)
                    text.withUTF8 { content in
                        writer.appendField(content, isNumeric: isNumber(content, column: index, slot: slot))
                    }
                }
            }
            writer.endRow()
        }
    }

    /// Whether the cell's value is a number, worked out only where JSON asks: a field that is
    /// not written as a JSON number is a string whatever its value.
    private func isNumber(_ content: UnsafeBufferPointer<UInt8>, column: Int, slot: Int) -> Bool {
        guard format == .json, numeric[slot], ExportRowWriter.isJSONNumber(content) else { return false }
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
