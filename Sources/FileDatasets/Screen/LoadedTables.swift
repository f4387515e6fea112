import ListKit
import Synchronization

/// The tables behind a file screen: the table of the first rows while the whole input is
/// indexed, then the whole table. A refresh starts over. The load fills it off the main actor;
/// the screen's store reads it.
final class LoadedTables: Sendable {
    private let tables = Mutex<(all: [FileTable], replacing: Bool, inTableOrder: Bool)>(([], false, true))

    /// The table loaded last, if any: it holds every row the screen has.
    var current: FileTable? { tables.withLock { $0.all.last } }

    /// The table whose rows are exactly the first `count` rows, the screen's items: what a
    /// filter or sort must answer over while the rest of the input is still being indexed,
    /// so that its answer holds no row the screen does not have yet.
    func table(holding count: Int) -> FileTable? {
        tables.withLock { tables in tables.all.last { $0.rowCount == count } ?? tables.all.last }
    }

    /// Whether the screen's items are the table's rows in table order (a recipe may sort them),
    /// so that an item's position is its row's.
    var inTableOrder: Bool { tables.withLock { $0.inTableOrder } }

    /// Adds a table that holds the rows of the ones before it, and more; `inTableOrder` says
    /// whether the screen shows them in table order.
    func set(_ newTable: FileTable, inTableOrder: Bool = true) {
        tables.withLock { tables in
            tables.inTableOrder = inTableOrder
            if tables.replacing {
                tables.all = []
                tables.replacing = false
            } else if tables.all.count > 1 {
                // Only the newest and the first-rows table are ever asked for.
                tables.all.removeFirst(tables.all.count - 1)
            }
            tables.all.append(newTable)
        }
    }

    /// A load starts over: its first table replaces the earlier ones, which serve until then
    /// (and after, when the load fails before making one); `progress` is where it reports.
    func startOver(progress: ProgressReporter) {
        tables.withLock { $0.replacing = true }
        loadProgress.withLock { $0 = progress }
    }

    /// Where the last load reports how far it is.
    var progress: ProgressReporter? { loadProgress.withLock { $0 } }
    private let loadProgress = Mutex<ProgressReporter?>(nil)
}
