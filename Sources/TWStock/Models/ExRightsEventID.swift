import ListKit

/// An ex-rights or ex-dividend day's identity: a security may go ex twice in a range, once on
/// each day.
public struct ExRightsEventID: Hashable, Sendable {
    public let market: Market
    public let code: StockCode
    public let date: CalendarDate
}
