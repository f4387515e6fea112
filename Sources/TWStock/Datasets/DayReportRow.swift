import BrowseSupport
import ListKit

/// A row of a day report: one security's figures on one day, from the exchange of its market.
/// The day screens put TWSE's and TPEx's rows in one list by these.
protocol DayReportRow: Identifiable, Sendable where ID == DayReportRowID {
    /// The trading day.
    var date: CalendarDate { get }
    /// 上市 or 上櫃: whose report the row came from.
    var market: Market { get }
    var code: StockCode { get }
    var name: SecurityName { get }
}

extension DayReportRow {
    /// The columns every day report starts with: the day (in every export row, as
    /// `yyyy-mm-dd`; the header says it on screen), code, name and market.
    static var leadingColumns: [ListColumn<Self>] {
        [
            ListColumn("date", kind: .date, priority: 0, isShownByDefault: false) { .date($0.date) },
            ListColumn("code", kind: .code, priority: 10, isPinnedByDefault: true) { .text($0.code.rawValue) },
            ListColumn("name", kind: .text, priority: 9, isName: true, isPinnedByDefault: true) { $0.name.cell },
            ListColumn("market", kind: .text, priority: 5) { .text($0.market.title) },
        ]
    }
}
