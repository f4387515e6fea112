import BrowseSupport
import DatabaseDatasets
import Foundation

/// A SQLite file a test writes through the library itself, removed when the test ends.
final class SQLiteFixture {
    let path: String

    init(_ statements: [String], parameters: [[String?]] = []) throws {
        path = FileManager.default.temporaryDirectory.appendingPathComponent("browse-\(UUID().uuidString).sqlite").path
        let writer = try SQLiteConnection(path: path, writable: true)
        for (index, statement) in statements.enumerated() {
            try writer.execute(statement, parameters: index < parameters.count ? parameters[index] : [])
        }
    }

    /// A read-only connection, as `browse` opens the file.
    func open(timeout: Duration? = .seconds(30)) throws -> SQLiteConnection {
        try SQLiteConnection(path: path, timeout: timeout)
    }

    deinit { try? FileManager.default.removeItem(atPath: path) }
}
