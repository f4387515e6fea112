import BrowseSupport
import ListKit

/// One market's answer to a day report (三大法人, 融資融券, 本益比…): the rows of that day, or
/// the exchange's word that it has none.
///
/// A day without data (a holiday, a day not published yet, a day still to come) is not an
/// error: ``noData`` holds the exchange's own words and ``rows`` is empty.
package struct DayReport<Row: Sendable>: Sendable {
    /// The trading day the report is for.
    package let date: CalendarDate
    /// Whose report it is: 上市 (TWSE) or 上櫃 (TPEx).
    package let market: Market
    /// The rows, in the source's order.
    package var rows: [Row]
    /// The exchange's words when it has no data for the day (`很抱歉，沒有符合條件的資料!`,
    /// `查詢日期大於今日，請重新查詢!`, or a TPEx table without rows); `nil` when it has.
    package var noData: String?
    /// The report's notes, cleaned of padding.
    package var notes: [String]
    /// Which field layout the rows were read from (`T86 19 fields`), for the screen.
    package var layout: String?
    /// Rows that were skipped, with why and where.
    package var issues: [ParseIssue]

    /// Creates a report.
    package init(
        date: CalendarDate, market: Market, rows: [Row], noData: String? = nil, notes: [String] = [],
        layout: String? = nil, issues: [ParseIssue] = []
    ) {
        self.date = date
        self.market = market
        self.rows = rows
        self.noData = noData
        self.notes = notes
        self.layout = layout
        self.issues = issues
    }

    /// A day the exchange has no data for, in its own words.
    package static func empty(_ date: CalendarDate, market: Market, saying message: String) -> DayReport {
        DayReport(date: date, market: market, rows: [], noData: message)
    }
}
