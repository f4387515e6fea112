import ListKit
import Synchronization

/// What each market's answer said, written by a day screen's loaders and read by its header:
/// how many rows, the exchange's no-data words, the layout read.
final class DayReportLog: Sendable {
    struct Entry: Sendable {
        var rows: Int
        var noData: String?
        var layout: String?
    }

    private let entries = Mutex<[Market: Entry]>([:])

    func record<Row>(_ report: DayReport<Row>) {
        entries.withLock {
            $0[report.market] = Entry(rows: report.rows.count, noData: report.noData, layout: report.layout)
        }
    }

    func entry(_ market: Market) -> Entry? {
        entries.withLock { $0[market] }
    }
}
