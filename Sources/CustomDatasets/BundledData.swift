import FileDatasets
import Foundation
import ListKit

/// The data files bundled with scaffolded datasets (in `Data/`), read with the FileDatasets
/// engine: the same CSV/JSON parsing and type inference as `browse FILE`.
package enum BundledData {
    /// The table of a bundled file (`weather.csv`).
    ///
    /// - Throws: `BundledDataError` when the file is missing, `FileLoadError` when it cannot be read.
    package static func table(_ fileName: String) async throws -> FileTable {
        let url = URL(fileURLWithPath: fileName)
        guard
            let bundled = Bundle.module.url(
                forResource: url.deletingPathExtension().lastPathComponent, withExtension: url.pathExtension,
                subdirectory: "Data")
        else { throw BundledDataError.missing(fileName) }
        return try await FileTable.read(path: bundled.path)
    }
}

/// A bundled file that is not in the package's resources.
package enum BundledDataError: Error, Sendable, Hashable, CustomStringConvertible {
    case missing(String)

    package var description: String {
        switch self {
        case .missing(let name):
            return "the bundled data file \(name) is missing from Sources/CustomDatasets/Data; "
                + "add it back or run new-dataset again"
        }
    }
}
