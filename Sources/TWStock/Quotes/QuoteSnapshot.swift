import Foundation
import ListKit

/// One answer to a quote request: the quotes of the codes the service knows, in the order they
/// were asked for, and the codes it did not know.
package struct QuoteSnapshot: Sendable, Hashable {
    package var quotes: [Quote]
    /// Codes neither market's service answered for.
    package var unknown: [QuoteCode]

    package init(quotes: [Quote], unknown: [QuoteCode] = []) {
        self.quotes = quotes
        self.unknown = unknown
    }

    /// The exchange's time of the snapshot: the latest of its quotes' times.
    package var exchangeTime: Date? { quotes.compactMap(\.time).max() }
}
