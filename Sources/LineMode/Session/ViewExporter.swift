import Foundation
import ListKit

/// Exports the whole current view of a list (every row after the filter and sort).
@MainActor
public enum ViewExporter {
    /// Streams the view in `format` through `write`.
    ///
    /// Run in a task, the export stops when the task is cancelled (Ctrl-C): it checks every
    /// few thousand rows and throws `CancellationError`.
    ///
    /// - Returns: The number of rows written.
    /// - Complexity: O(n) in the rows of the view.
    @discardableResult
    public static func export(
        _ list: any ListScreen, format: ExportFormat, write: @escaping (String) throws -> Void
    ) throws -> Int {
        // Every column but those the person hid or left out with `only`.
        let columns = list.columnChoice.exported(list.columns).map(\.name)
        var exporter = TableExporter(format: format, columns: columns, write: write)
        try exporter.begin()
        var count = 0
        try list.forEachRow { cells in
            let values = NamedCellLookup.values(of: cells, in: columns)
            try exporter.row(values)
            count += 1
            if count % cancellationInterval == 0, Task.isCancelled { throw CancellationError() }
        }
        // The rows came from a file that shrank meanwhile: what was read past its end is not data.
        if let problem = list.dataProblem { throw problem }
        try exporter.end()
        return count
    }

    /// How many rows go between two looks at whether the export was cancelled.
    static let cancellationInterval = 4_096

    /// Writes the view to a file, atomically: a failed or cancelled export leaves an existing
    /// file as it was, and creates none.
    /// A path that is not a regular file (`/dev/stdout`, a pipe, `/dev/full`) is written in
    /// place: renaming a temporary file over a device would replace the device.
    ///
    /// - Returns: The number of rows written.
    /// - Throws: `ExportError` saying what went wrong with the path.
    public static func export(_ list: any ListScreen, format: ExportFormat, toFile path: String) throws -> Int {
        let url = URL(fileURLWithPath: path)
        var data = Data()
        let count = try export(list, format: format) { text in data.append(contentsOf: text.utf8) }
        var status = stat()
        let isSpecial = stat(url.resolvingSymlinksInPath().path, &status) == 0 && (status.st_mode & S_IFMT) != S_IFREG
        if isSpecial {
            try writeInPlace(data, path: path)
            return count
        }
        do {
            try data.write(to: url, options: .atomic)
        } catch {
            throw ExportError.cannotWrite(path, reason: SystemErrorText.reason(error))
        }
        return count
    }

    private static func writeInPlace(_ data: Data, path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw ExportError.cannotWrite(path, reason: SystemErrorText.describe(errno: errno))
        }
        defer { close(descriptor) }
        let outcome = data.withUnsafeBytes { bytes in
            Result { () throws(SystemError) in try SystemIO.writeAll(descriptor, bytes) }
        }
        if case .failure(let error) = outcome {
            throw ExportError.cannotWrite(path, reason: error.description)
        }
    }
}

/// An export that could not be written.
public enum ExportError: UserFacingError, Hashable {
    case cannotWrite(String, reason: String)

    public var description: String {
        switch self {
        case .cannotWrite(let path, let reason):
            return "could not write \(path): \(reason); nothing was written"
        }
    }
}
