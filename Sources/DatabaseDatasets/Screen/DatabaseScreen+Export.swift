import BrowseSupport
import ListKit

extension DatabaseScreen: RowExporting {
    /// Streams the view from one statement, formatting each row as ``TableExporter`` does, in
    /// blocks of ``ExportRowLimits/blockRows`` rows: constant memory whatever the table's size.
    package func exportRows(
        format: ExportFormat, columns: [String], write: (UnsafeRawBufferPointer, Int) throws -> Void
    ) throws -> Bool {
        guard let view else { return false }
        let kinds = columns.map { name in view.columns.first { $0.name == name }?.kind ?? .text }
        var block = ""
        var rows = 0
        var exporter = TableExporter(format: format, columns: columns) { block += $0 }
        func flush() throws {
            guard rows > 0 else { return }
            try block.withUTF8 { try write(UnsafeRawBufferPointer($0), rows) }
            block.removeAll(keepingCapacity: true)
            rows = 0
        }
        do {
            try connection.run(compiler.rows(view, columns: columns), stop: .never) { fields in
                try exporter.row(cells: kinds.indices.map { DatabaseCells.cell(fields[$0], kind: kinds[$0]) })
                rows += 1
                if rows == ExportRowLimits.blockRows { try flush() }
            }
        } catch let error as DatabaseError {
            throw Self.listError(error)
        }
        try flush()
        return true
    }
}
