import BrowseSupport
import ListKit
import Synchronization

/// What each market's ex-rights answers said, written by a screen's loaders and read by its
/// header: how many rows, and the exchange's words when it had none.
final class ExRightsLog: Sendable {
    private struct Entry {
        var rows = 0
        var noData: [String] = []
    }

    private let entries = Mutex<[Market: Entry]>([:])

    /// Adds a report (a company's page adds one per year).
    func record(_ report: ExRightsReport, rows: Int? = nil) {
        entries.withLock { entries in
            var entry = entries[report.market] ?? Entry()
            entry.rows += rows ?? report.rows.count
            if let words = report.noData { entry.noData.append(words) }
            entries[report.market] = entry
        }
    }

    /// `除權息 2024-03-04 – 2024-03-05 · 5 ex-dates (上市 2 · 上櫃 3)`.
    func firstLine(_ title: String, total: Int) -> String {
        func count(_ value: Int) -> String { ExactDecimal(Int64(value)).formatted(grouping: true) }
        var line = "\(title) · \(count(total)) ex-date\(total == 1 ? "" : "s")"
        let parts = entries.withLock { entries in
            [Market.listed, .otc].compactMap { market in entries[market].map { "\(market.title) \(count($0.rows))" } }
        }
        if parts.count > 1 { line += " (\(parts.joined(separator: " · ")))" }
        return line
    }

    /// `上櫃: none in 2024-01-01 – 2024-01-05 (TPEx answered with no rows)`, for each market whose
    /// every answer was without rows.
    func noDataLines(range: String) -> [String] {
        entries.withLock { entries in
            [Market.listed, .otc].compactMap { market in
                guard let entry = entries[market], entry.rows == 0, let words = entry.noData.first else { return nil }
                let who = market == .listed ? "TWSE" : "TPEx"
                return "\(market.title): none in \(range) (\(words.hasPrefix(who) ? words : "\(who): \(words)"))"
            }
        }
    }
}
