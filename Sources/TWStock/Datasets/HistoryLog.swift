import ListKit
import Synchronization

/// What a history's loads found, written by its sources and read by its header: the periods
/// asked (days, years, months), and those whose report had no row of the security.
final class HistoryLog: Sendable {
    private struct State {
        var asked: [String] = []
        var withoutRow: [String] = []
        var noData: [String] = []
    }

    private let state = Mutex(State())

    /// Records what the report for `period` brought: `rows` of the security, or the exchange's
    /// no-data words.
    func record(_ period: String, rows: Int, noData: String?) {
        state.withLock { state in
            state.asked.removeAll { $0 == period }
            state.withoutRow.removeAll { $0 == period }
            state.noData.removeAll { $0 == period }
            state.asked.append(period)
            if noData != nil {
                state.noData.append(period)
            } else if rows == 0 {
                state.withoutRow.append(period)
            }
        }
    }

    /// `no row of 2330 on 2025-02-27, 2025-02-26 · no data on 2025-02-28`, or `nil`.
    func gaps(code: StockCode) -> String? {
        let (withoutRow, noData) = state.withLock { ($0.withoutRow, $0.noData) }
        func list(_ periods: [String]) -> String {
            let sorted = periods.sorted(by: >)
            return sorted.count > 4
                ? sorted.prefix(3).joined(separator: ", ") + ", … (\(sorted.count))"
                : sorted.joined(separator: ", ")
        }
        var parts: [String] = []
        if !withoutRow.isEmpty { parts.append("no row of \(code) in \(list(withoutRow))") }
        if !noData.isEmpty { parts.append("no data for \(list(noData))") }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}
