import BrowseSupport
import Foundation
import ListKit

/// One security's or index's live quote, as the exchange's MIS service gave it at one moment.
///
/// Prices keep the service's own decimals (`593.0000` since 2021, `593.00` before, `17930.81`
/// for an index): nothing passes through `Double`, so an export writes what the service wrote.
package struct Quote: Sendable, Hashable {
    /// What kind of row the service answered with.
    package enum Kind: String, Sendable, Hashable {
        /// A security traded in lots (`getStockInfo.jsp`).
        case stock
        /// An index (`t00`): no book, no limits.
        case index
        /// A security's odd lots (`getOddInfo.jsp`): sizes and volume in shares.
        case oddLot
    }

    /// Where the last price came from. Between trades the service sends `-` for it; the
    /// screen then shows the last one known, marked, never a blank and never a zero.
    package enum LastOrigin: String, Sendable, Hashable {
        /// A trade in this snapshot (`z`).
        case trade
        /// The previous trade the service remembers (`pz`), or an earlier snapshot's.
        case earlierTrade
        /// No trade known: the best bid, as the service's own page shows it.
        case bestBid
        /// No trade and no bid: the previous close.
        case previousClose

        /// True when the price is not a trade of this snapshot.
        package var isLastKnown: Bool { self != .trade }
    }

    package var code: QuoteCode
    package var kind: Kind
    /// The market the service says (`ex`: `tse` 上市, `otc` 上櫃).
    package var market: Market?
    /// The short name (`n`: 台積電).
    package var name: String
    /// The full name (`nf`), when given.
    package var fullName: String?
    /// The last price, or the last one known (``lastOrigin`` says which); `nil` only when the
    /// service gave no price of any kind.
    package var last: ExactDecimal?
    package var lastOrigin: LastOrigin
    /// The size of the last trade (`tv`), in lots (shares for odd lots).
    package var lastVolume: Int64?
    /// The day's volume so far (`v`): lots, shares for odd lots; for an index, the service's
    /// figure in millions of NT$.
    package var volume: Int64?
    package var previousClose: ExactDecimal?
    package var open: ExactDecimal?
    package var high: ExactDecimal?
    package var low: ExactDecimal?
    /// The day's limits (`u`, `w`); an index has none.
    package var limitUp: ExactDecimal?
    package var limitDown: ExactDecimal?
    /// The five best bids, best first (`b` prices, `g` sizes).
    package var bids: [BookLevel]
    /// The five best asks, best first (`a` prices, `f` sizes).
    package var asks: [BookLevel]
    /// When the exchange took the quote (`tlong`, milliseconds since 1970).
    package var time: Date?
    /// The trading day (`d`).
    package var date: CalendarDate?
    /// The exchange's time of day as it wrote it (`t`, Taipei time: `13:30:00`).
    package var timeText: String?

    package init(
        code: QuoteCode, kind: Kind, market: Market?, name: String, fullName: String? = nil, last: ExactDecimal?,
        lastOrigin: LastOrigin, lastVolume: Int64? = nil, volume: Int64? = nil, previousClose: ExactDecimal? = nil,
        open: ExactDecimal? = nil, high: ExactDecimal? = nil, low: ExactDecimal? = nil,
        limitUp: ExactDecimal? = nil, limitDown: ExactDecimal? = nil, bids: [BookLevel] = [],
        asks: [BookLevel] = [], time: Date? = nil, date: CalendarDate? = nil, timeText: String? = nil
    ) {
        self.code = code
        self.kind = kind
        self.market = market
        self.name = name
        self.fullName = fullName
        self.last = last
        self.lastOrigin = lastOrigin
        self.lastVolume = lastVolume
        self.volume = volume
        self.previousClose = previousClose
        self.open = open
        self.high = high
        self.low = low
        self.limitUp = limitUp
        self.limitDown = limitDown
        self.bids = bids
        self.asks = asks
        self.time = time
        self.date = date
        self.timeText = timeText
    }

    /// The change against the previous close, at the finer of the two prices' decimals.
    package var change: ExactDecimal? {
        guard let last, let previousClose else { return nil }
        return QuoteArithmetic.difference(last, previousClose)
    }

    /// The change as a percentage of the previous close, rounded half away from zero to two
    /// decimals (`-0.17`); `nil` without a previous close or when it is zero.
    package var changePercent: ExactDecimal? {
        guard let change, let previousClose, !previousClose.isZero else { return nil }
        return QuoteArithmetic.percent(change, of: previousClose)
    }

    /// True when this snapshot's trade is at the day's limit up (漲停) or down (跌停).
    package var isAtLimit: Bool {
        guard let last, lastOrigin == .trade else { return false }
        return last == limitUp || last == limitDown
    }

    /// This quote, with an earlier snapshot's trade as its last price when this one has no trade
    /// of its own (the service sends `-` between trades).
    ///
    /// - Parameter earlier: The same security's quote from an earlier snapshot.
    package func keepingLastTrade(of earlier: Quote?) -> Quote {
        guard lastOrigin != .trade && lastOrigin != .earlierTrade, let earlier, earlier.code == code,
            earlier.lastOrigin == .trade || earlier.lastOrigin == .earlierTrade, let price = earlier.last
        else { return self }
        var copy = self
        copy.last = price
        copy.lastOrigin = .earlierTrade
        return copy
    }
}
