import ListKit

/// TWSE's detail of one security's ex-rights or ex-dividend day (TWT49UDetail): the cash
/// dividend per share, the shares given, a rights issue's terms.
public struct ExRightsDetail: Sendable, Hashable {
    public let code: StockCode
    public let name: SecurityName
    /// The ex-date asked.
    public let date: CalendarDate
    /// Each field after the code and the name, in the source's order.
    public let items: [ExRightsDetailItem]

    /// Creates a detail.
    public init(code: StockCode, name: SecurityName, date: CalendarDate, items: [ExRightsDetailItem]) {
        self.code = code
        self.name = name
        self.date = date
        self.items = items
    }

    /// The item named `name` (its padding ignored).
    public func item(_ name: String) -> ExRightsDetailItem? {
        items.first { $0.name == name }
    }
}
