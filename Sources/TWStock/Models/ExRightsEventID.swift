import BrowseSupport
import ListKit

/// An ex-rights or ex-dividend day's identity: a security may go ex twice in a range, once on
/// each day.
package struct ExRightsEventID: Hashable, Sendable {
    package let market: Market
    package let code: StockCode
    package let date: CalendarDate
}
