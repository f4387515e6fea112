import BrowseSupport
import ListKit
import Synchronization

/// The market's institutional totals (BFI82U) of the day shown, written by the 上市 loader and
/// read by the header.
final class InstitutionalTotalsBox: Sendable {
    private let report = Mutex<DayReport<InstitutionalTotal>?>(nil)

    func set(_ value: DayReport<InstitutionalTotal>) {
        report.withLock { $0 = value }
    }

    /// Two lines that each fit 80 columns on an ordinary day: the total, foreign investors and
    /// investment trusts first, then the dealers (own account and hedging) and the foreign
    /// dealers, who are not part of the total; a line the exchange names otherwise is added
    /// under its own name. A day without totals says so.
    ///
    /// ```text
    /// 上市 net NT$ 合計 83,133,659,499 · 外資 72,255,686,291 · 投信 3,089,662,921
    /// 自營商 自行 2,818,671,322 避險 4,969,638,965 · 外資自營商 -36,789,050
    /// ```
    var lines: [String] {
        guard let report = report.withLock({ $0 }) else { return [] }
        if let words = report.noData { return ["上市 totals (BFI82U): no data for \(report.date) (TWSE: \(words))"] }
        var nets: [String: Int64] = [:]
        for row in report.rows where nets[row.name] == nil { nets[row.name] = row.net }
        func part(_ label: String, _ name: String) -> String? {
            nets[name].map { "\(label) \(ExactDecimal($0).formatted(grouping: true))" }
        }
        let first = [part("合計", "合計"), part("外資", "外資及陸資(不含外資自營商)"), part("投信", "投信")].compactMap { $0 }
        let dealers = [part("自行", "自營商(自行買賣)"), part("避險", "自營商(避險)")].compactMap { $0 }
        var second = dealers.isEmpty ? [] : ["自營商 " + dealers.joined(separator: " ")]
        second += [part("外資自營商", "外資自營商")].compactMap { $0 }
        let known: Set = ["合計", "外資及陸資(不含外資自營商)", "投信", "自營商(自行買賣)", "自營商(避險)", "外資自營商"]
        second += report.rows.filter { !known.contains($0.name) }.compactMap { part($0.name, $0.name) }
        var lines = ["上市 net NT$ " + (first.isEmpty ? "(BFI82U)" : first.joined(separator: " · "))]
        if !second.isEmpty { lines.append(second.joined(separator: " · ")) }
        return lines
    }
}
