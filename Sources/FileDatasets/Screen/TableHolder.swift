import Synchronization

/// The table behind a file screen, set by the loader task and read by the controller's closures.
final class TableHolder: Sendable {
    private let table = Mutex<(table: FileTable?, inTableOrder: Bool)>((nil, true))

    /// The table loaded last, if any.
    var current: FileTable? { table.withLock { $0.table } }

    /// Whether the screen's items are the table's rows in table order (a recipe may sort them),
    /// so that an item's index is its row's.
    var inTableOrder: Bool { table.withLock { $0.inTableOrder } }

    /// Replaces the table (after a load or a refresh).
    func set(_ newTable: FileTable, inTableOrder: Bool = true) {
        table.withLock { $0 = (newTable, inTableOrder) }
    }
}
