import Dispatch
import ListKit
import Synchronization

/// Makes rows' cells ahead of time on another core while rows are asked for in view order (an
/// export, a batch table), so the main actor only formats them.
///
/// The store tells it the view (``follow(_:)``); rows asked for from the view's start on, one
/// after another, are made ahead in batches. The order only decides what is computed early;
/// cells are looked up by row, so a row asked for out of order costs time, never a wrong cell.
/// Prefetching starts after a run of rows in order, so showing a page never starts it.
@MainActor
final class CellPrefetcher {
    /// Rows asked for in order before prefetching starts.
    static let runBeforePrefetching = 64
    /// Rows made per batch.
    static let batchSize = 256

    /// One queue, so batches are made one after another on (usually) one thread, which keeps
    /// the C library from setting up a memory arena per worker thread.
    private static let queue = DispatchQueue(label: "browse.cell-prefetcher", qos: .userInitiated)

    private var scratch = RowScratch()
    /// The view, as table rows; `nil` for every row in file order.
    private var viewOrder: [Int]?
    /// The order being followed and the position expected next.
    private var following: (order: [Int]?, next: Int)?
    private var run = 0
    private var batches: [Batch] = []
    /// The table the batches were made from; a refresh brings a new one.
    private var madeFrom: ObjectIdentifier?

    /// Cells made in the background for a stretch of the view.
    private final class Batch: Sendable {
        let start: Int
        let rows: [FileRow]
        let done = DispatchGroup()
        /// Set when a worker has begun making the cells.
        let started = Atomic<Bool>(false)
        let cells = Mutex<[[NamedCell]]>([])

        init(start: Int, rows: [FileRow]) {
            self.start = start
            self.rows = rows
        }
    }

    init() {}

    /// Follows a new view, given as table rows (`nil`: every row in file order).
    func follow(_ order: [Int]?) {
        viewOrder = order
        stop()
    }

    /// The cells of `item`, from a batch made ahead when the rows come in order.
    func cells(of item: FileRow, in table: FileTable) -> [NamedCell] {
        if let ready = prefetched(item, in: table) { return ready }
        return table.namedCells(of: item, scratch: &scratch)
    }

    private func prefetched(_ item: FileRow, in table: FileTable) -> [NamedCell]? {
        if madeFrom != ObjectIdentifier(table) {
            stop()
            madeFrom = ObjectIdentifier(table)
        }
        guard let (order, position) = locate(item, in: table) else {
            stop()
            return nil
        }
        following = (order, position + 1)
        run += 1
        guard run >= Self.runBeforePrefetching else { return nil }
        while let first = batches.first, first.start + first.rows.count <= position { batches.removeFirst() }
        if batches.isEmpty || batches.count < 2 {
            schedule(from: batches.last.map { $0.start + $0.rows.count } ?? position + 1, order: order, table: table)
        }
        guard let batch = batches.first, batch.start <= position else { return nil }
        // No worker free yet (the other cores index a file): make this row here rather than wait.
        guard batch.started.load(ordering: .acquiring) else { return nil }
        batch.done.wait()
        let index = position - batch.start
        let cells = batch.cells.withLock { $0.count > index ? $0[index] : nil }
        if index == batch.rows.count - 1 { batches.removeFirst() }
        return cells
    }

    /// Where `item` is in the order being followed, or the start of an order.
    private func locate(_ item: FileRow, in table: FileTable) -> (order: [Int]?, position: Int)? {
        if let following, row(following.next, of: following.order, in: table) == item {
            return (following.order, following.next)
        }
        run = 0
        batches.removeAll()
        if row(0, of: viewOrder, in: table) == item { return (viewOrder, 0) }
        return nil
    }

    private func row(_ position: Int, of order: [Int]?, in table: FileTable) -> FileRow? {
        guard let order else { return position < table.rowCount ? FileRow(index: position) : nil }
        guard position < order.count, order[position] < table.rowCount else { return nil }
        return FileRow(index: order[position])
    }

    /// Starts making the cells of the next batch of the order on another core.
    private func schedule(from start: Int, order: [Int]?, table: FileTable) {
        let total = order?.count ?? table.rowCount
        guard start < total else { return }
        let end = min(total, start + Self.batchSize)
        let rows = (start..<end).compactMap { row($0, of: order, in: table) }
        let batch = Batch(start: start, rows: rows)
        batch.done.enter()
        Self.queue.async {
            batch.started.store(true, ordering: .releasing)
            var scratch = RowScratch()
            let made = batch.rows.map { table.namedCells(of: $0, scratch: &scratch) }
            batch.cells.withLock { $0 = made }
            batch.done.leave()
        }
        batches.append(batch)
    }

    private func stop() {
        following = nil
        run = 0
        batches.removeAll()
    }
}
