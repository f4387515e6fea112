import BrowseSupport
import ListKit

/// TWSE's detail of one security's ex-rights or ex-dividend day (TWT49UDetail): the cash
/// dividend per share, the shares given, a rights issue's terms.
package struct ExRightsDetail: Sendable, Hashable {
    package let code: StockCode
    package let name: SecurityName
    /// The ex-date asked.
    package let date: CalendarDate
    /// Each field after the code and the name, in the source's order.
    package let items: [ExRightsDetailItem]

    /// Creates a detail.
    package init(code: StockCode, name: SecurityName, date: CalendarDate, items: [ExRightsDetailItem]) {
        self.code = code
        self.name = name
        self.date = date
        self.items = items
    }

    /// The item named `name` (its padding ignored).
    package func item(_ name: String) -> ExRightsDetailItem? {
        items.first { $0.name == name }
    }
}
