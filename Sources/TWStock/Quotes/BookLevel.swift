import BrowseSupport
import ListKit

/// One level of the five-level book: a price and how many lots (shares, for odd lots) wait at it.
package struct BookLevel: Sendable, Hashable {
    /// The price, as exact as the service wrote it.
    package var price: ExactDecimal
    /// The size waiting at that price; `nil` when the service gave none.
    package var size: Int64?

    package init(price: ExactDecimal, size: Int64?) {
        self.price = price
        self.size = size
    }
}
