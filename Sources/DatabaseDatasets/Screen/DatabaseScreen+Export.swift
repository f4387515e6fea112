import BrowseSupport
import ListKit

extension DatabaseScreen: RowExporting {
    /// Streams the view from one statement, each field's bytes as the engine gave them encoded
    /// by the writer file exports use (no string per field), in blocks of
    /// ``ExportRowLimits/blockRows`` rows: constant memory whatever the table's size.
    package func exportRows(
        format: ExportFormat, columns: [String], write: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> Bool {
        guard let view else { return false }
        // JSON writes a field as a number when its column holds numbers and its text is one.
        let numeric = columns.map { name in
            let kind = view.columns.first { $0.name == name }?.kind
            return kind == .integer || kind == .decimal
        }
        let writer = ExportRowWriter(format: format, columns: columns)
        var written = 0
        func flush() throws {
            guard writer.rowCount > 0 else { return }
            let rows = writer.rowCount
            try writer.withBytes { try write($0, rows) }
            written += rows
            writer.reset(rowsBefore: written)
        }
        do {
            try connection.runBytes(compiler.rows(view, columns: columns), stop: .never) { fields in
                writer.beginRow()
                for (index, field) in fields.enumerated() {
                    if let field {
                        writer.appendField(field, isNumeric: numeric[index])
                    } else {
                        writer.appendField(UnsafeBufferPointer(start: nil, count: 0), isNumeric: false)
                    }
                }
                writer.endRow()
                if writer.rowCount == ExportRowLimits.blockRows { try flush() }
            }
        } catch let error as DatabaseError {
            throw Self.listError(error)
        }
        try flush()
        return true
    }
}
