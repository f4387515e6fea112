import BrowseSupport
import ListKit

/// One security's day in MI_INDEX's 每日收盤行情: its trading as a tick (the columns `ticks`
/// has), and the last bid and ask and the P/E that only this report gives.
package struct ClosingQuote: Sendable, Hashable, Identifiable {
    package let tick: DailyTick
    /// 最後揭示買價.
    package let bid: ExactDecimal?
    /// 最後揭示買量, in trading units (lots).
    package let bidVolume: Int64?
    /// 最後揭示賣價.
    package let ask: ExactDecimal?
    /// 最後揭示賣量, in trading units (lots).
    package let askVolume: Int64?
    /// 本益比 (`0.00` when there is none, as sent).
    package let priceEarnings: ExactDecimal?

    /// Creates a quote.
    package init(
        tick: DailyTick, bid: ExactDecimal?, bidVolume: Int64?, ask: ExactDecimal?, askVolume: Int64?,
        priceEarnings: ExactDecimal?
    ) {
        self.tick = tick
        self.bid = bid
        self.bidVolume = bidVolume
        self.ask = ask
        self.askVolume = askVolume
        self.priceEarnings = priceEarnings
    }

    package var id: DailyTick.ID { tick.id }
}
