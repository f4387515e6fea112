import BrowseSupport
import ListKit
import Synchronization

/// What each market's revenue page said, written by the loaders and read by the header.
final class RevenueLog: Sendable {
    private let reports = Mutex<[Market: MonthlyRevenueReport]>([:])

    func record(_ report: MonthlyRevenueReport) {
        reports.withLock { $0[report.market] = report }
    }

    /// `月營收 2023-01 · 985 companies (上市 985 · 上櫃 0) · unit: NT$ thousands (千元)`, a line per
    /// market without a page, the markets' totals and when MOPS made its pages.
    func lines(month: YearMonth?, total: Int) -> [String] {
        let reports = self.reports.withLock { $0 }
        func count(_ value: Int64) -> String { ExactDecimal(value).formatted(grouping: true) }
        var first = "月營收 \(month?.description ?? "(the latest published)") · \(count(Int64(total))) "
        first += total == 1 ? "company" : "companies"
        let parts = [Market.listed, .otc].compactMap { market in
            reports[market].map { "\(market.title) \(count(Int64($0.rows.count)))" }
        }
        if !parts.isEmpty { first += " (\(parts.joined(separator: " · ")))" }
        var lines = [first + " · unit: \(RevenuePresentation.unit)"]
        for market in [Market.listed, .otc] {
            guard let report = reports[market] else { continue }
            if let words = report.noData {
                lines.append("\(market.title): no revenue for \(report.month) (MOPS: \(words))")
            } else if let total = report.total {
                var line = "\(total.label) \(count(total.revenue))"
                if let change = total.yearChange { line += " (\(change)% on a year before)" }
                if let issued = report.issuedOn { line += " · MOPS 出表日期 \(issued)" }
                lines.append(line)
            }
        }
        return lines
    }
}
