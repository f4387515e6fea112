import BrowseSupport
import Foundation
import ListKit

/// Exports the whole current view of a list (every row after the filter and sort).
@MainActor
package enum ViewExporter {
    /// Streams the view in `format` through `write`.
    ///
    /// Run in a task, the export stops when the task is cancelled (Ctrl-C): it checks every
    /// few thousand rows and throws `CancellationError`.
    ///
    /// - Returns: The number of rows written.
    /// - Complexity: O(n) in the rows of the view.
    @discardableResult
    package static func export(
        _ list: any ListScreen, format: ExportFormat, write: @escaping (String) throws -> Void
    ) throws -> Int {
        try export(list, format: format, throughCells: false) { bytes in
            try write(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// Streams the view in `format` through `write`, as UTF-8 bytes in pieces of whole rows: a
    /// list that formats its own rows (``RowExporting``, a file) hands them on without making
    /// any `String`.
    ///
    /// Cancelled as ``export(_:format:write:)`` is.
    ///
    /// - Returns: The number of rows written.
    /// - Complexity: O(n) in the rows of the view.
    @discardableResult
    package static func export(
        _ list: any ListScreen, format: ExportFormat,
        writeBytes write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        try export(list, format: format, throughCells: false, writeBytes: write)
    }

    /// Streams the view as ``export(_:format:writeBytes:)`` does; `throughCells` takes the
    /// rows' cells even when the list could write its rows itself, which tests compare.
    @discardableResult
    package static func export(
        _ list: any ListScreen, format: ExportFormat, throughCells: Bool,
        writeBytes write: @escaping (UnsafeRawBufferPointer) throws -> Void
    ) throws -> Int {
        // Every column but those the person hid or left out with `only`.
        let chosen = list.columnChoice.exported(list.columns)
        let columns = chosen.map(\.name)
        // The rows made from cells go as bytes too: no `String` is made of each and read again.
        var exporter = TableExporter(
            format: format, columns: columns, headers: chosen.map { $0.exportName ?? $0.name }, writeBytes: write)
        try exporter.begin()
        var count = 0
        let rowExporting = throughCells ? nil : list as? any RowExporting
        let exported = try rowExporting?.exportRows(format: format, columns: columns) { block, rows in
            try write(block)
            count += rows
            if Task.isCancelled { throw CancellationError() }
        }
        if exported == true {
            exporter.countRows(count)
        } else {
            func writeCells(_ cells: [Cell]) throws {
                try exporter.row(cells: cells)
                count += 1
                if count % cancellationInterval == 0, Task.isCancelled { throw CancellationError() }
            }
            let byColumn = try (list as? any ColumnCellsReading)?.forEachRow(of: columns, writeCells) ?? false
            if !byColumn { try list.forEachRow { try writeCells(NamedCellLookup.cells(of: $0, in: columns)) } }
        }
        // The rows came from a file that shrank meanwhile: what was read past its end is not data.
        if let problem = list.dataProblem { throw problem }
        try exporter.end()
        return count
    }

    /// Writes one snapshot of a repeated batch run (``ListKit/SnapshotPlan``): CSV and TSV
    /// write the header with the first snapshot only, then rows; JSON writes JSON Lines, one
    /// object per row; markdown writes a whole table each time.
    ///
    /// - Returns: The number of rows written.
    /// - Complexity: O(n) in the rows of the view.
    @discardableResult
    package static func exportSnapshot(
        _ list: any ListScreen, format: ExportFormat, isFirst: Bool, write: @escaping (String) throws -> Void
    ) throws -> Int {
        let columns = list.columnChoice.exported(list.columns).map(\.name)
        var exporter = TableExporter(format: format, columns: columns, write: write)
        if format != .json, isFirst || format == .markdown { try exporter.begin() }
        var count = 0
        try list.forEachRow { cells in
            let lined = NamedCellLookup.cells(of: cells, in: columns)
            if format == .json {
                // Each object stands alone: a fresh exporter writes it as the first row.
                var text = ""
                var line = TableExporter(format: .json, columns: columns) { text += $0 }
                try line.row(cells: lined)
                let object = text.trimmingCharacters(
                    in: CharacterSet(charactersIn: "[],").union(.whitespacesAndNewlines))
                try write(object + "\n")
            } else {
                try exporter.row(cells: lined)
            }
            count += 1
        }
        if let problem = list.dataProblem { throw problem }
        return count
    }

    /// How many rows go between two looks at whether the export was cancelled.
    static let cancellationInterval = 4_096

    /// Writes the view to a file, atomically and row by row: the text goes through a buffer
    /// into a temporary file beside the target, which then replaces it, so a failed or
    /// cancelled export leaves an existing file as it was and creates none, and the whole
    /// export is never held in memory. A replaced file keeps its permissions; a symbolic link
    /// is written through (its target is replaced, the link stays). A path that is not a
    /// regular file (`/dev/stdout`, a pipe, `/dev/full`) is written in place: renaming a
    /// temporary file over a device would replace the device.
    ///
    /// - Returns: The number of rows written.
    /// - Throws: `ExportError` saying what went wrong with the path.
    package static func export(_ list: any ListScreen, format: ExportFormat, toFile path: String) throws -> Int {
        var file = try ExportFile(path: path)
        do {
            let count = try export(list, format: format) { (bytes: UnsafeRawBufferPointer) in try file.write(bytes) }
            try file.commit()
            return count
        } catch {
            file.discard()
            throw error
        }
    }
}

/// An export that could not be written.
package enum ExportError: UserFacingError, Hashable {
    case cannotWrite(String, reason: String)

    package var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "could not write \(path): \(reason); nothing was written"
        }
    }
}
