import ListKit
import Synchronization

/// The market's institutional totals (BFI82U) of the day shown, written by the 上市 loader and
/// read by the header.
final class InstitutionalTotalsBox: Sendable {
    private let report = Mutex<DayReport<InstitutionalTotal>?>(nil)

    func set(_ value: DayReport<InstitutionalTotal>) {
        report.withLock { $0 = value }
    }

    /// `上市 NT$ net (BFI82U): 合計 83,133,659,499 · 外資及陸資(不含外資自營商) 72,255,686,291 · …`,
    /// the total first; a day without totals says so.
    var lines: [String] {
        guard let report = report.withLock({ $0 }) else { return [] }
        if let words = report.noData { return ["上市 totals (BFI82U): no data for \(report.date) (TWSE: \(words))"] }
        func amount(_ value: Int64) -> String { ExactDecimal(value).formatted(grouping: true) }
        let ordered = report.rows.filter { $0.name == "合計" } + report.rows.filter { $0.name != "合計" }
        let parts = ordered.map { "\($0.name) \(amount($0.net))" }
        return ["上市 NT$ net (BFI82U): " + parts.joined(separator: " · ")]
    }
}
