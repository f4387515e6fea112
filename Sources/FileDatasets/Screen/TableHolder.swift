import Synchronization

/// The table behind a file screen, set by the loader task and read by the controller's closures.
final class TableHolder: Sendable {
    private let table = Mutex<FileTable?>(nil)

    /// The table loaded last, if any.
    var current: FileTable? { table.withLock { $0 } }

    /// Replaces the table (after a load or a refresh).
    func set(_ newTable: FileTable) {
        table.withLock { $0 = newTable }
    }
}
