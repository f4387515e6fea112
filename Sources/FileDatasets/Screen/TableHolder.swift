import Synchronization

/// The tables behind a file screen: the table of the first rows while the whole input is
/// indexed, then the whole table. A refresh starts over.
final class TableHolder: Sendable {
    private let tables = Mutex<(all: [FileTable], replacing: Bool)>(([], false))

    /// The table loaded last, if any: it holds every row the screen has.
    var current: FileTable? { tables.withLock { $0.all.last } }

    /// The table whose rows are exactly the first `count` rows, the screen's items: what a
    /// filter or sort must answer over while the rest of the input is still being indexed,
    /// so that its answer holds no row the screen does not have yet.
    func table(holding count: Int) -> FileTable? {
        tables.withLock { tables in tables.all.last { $0.rowCount == count } ?? tables.all.last }
    }

    /// Adds a table that holds the rows of the ones before it, and more.
    func set(_ newTable: FileTable) {
        tables.withLock { tables in
            if tables.replacing {
                tables = ([], false)
            } else if tables.all.count > 1 {
                // Only the newest and the first-rows table are ever asked for.
                tables.all.removeFirst(tables.all.count - 1)
            }
            tables.all.append(newTable)
        }
    }

    /// A load starts over: its first table replaces the earlier ones, which serve until then
    /// (and after, when the load fails before making one).
    func startOver() {
        tables.withLock { $0.replacing = true }
    }
}
