import BrowseSupport
import ListKit

/// A row of one security's history (a day's flows, a year's ex-dates, a month's revenue): the
/// row of the report it came from, known apart by its date, since every row has the same code.
struct HistoryRow<Row: Sendable>: Sendable, Identifiable {
    let row: Row
    let date: CalendarDate
    var id: CalendarDate { date }
}

extension Array {
    /// These columns read through a history's rows.
    func throughHistory<Row>() -> [ListColumn<HistoryRow<Row>>] where Element == ListColumn<Row> {
        map { column in ListColumn(column.column) { column.cell($0.row) } }
    }
}
