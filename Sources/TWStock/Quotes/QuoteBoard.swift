import Foundation
import ListKit
import Synchronization

/// What a quote screen remembers between refreshes: the last snapshot, for the last trade when
/// the service sends `-` and for marking the cells that changed, and the last failure.
package final class QuoteBoard: Sendable {
    private struct State {
        var previous: [QuoteCode: Quote] = [:]
        var current: [QuoteCode: Quote] = [:]
        var unknown: [QuoteCode] = []
        var exchangeTime: Date?
        var failure: String?
        var failedAt: Date?
        var refreshes = 0
    }

    private let state = Mutex(State())

    package init() {}

    /// Takes a new snapshot: each quote without a trade keeps the last trade the board saw.
    ///
    /// - Returns: The quotes to show.
    package func take(_ snapshot: QuoteSnapshot) -> [Quote] {
        state.withLock { state in
            let kept = snapshot.quotes.map { $0.keepingLastTrade(of: state.current[$0.code]) }
            state.previous = state.current
            state.current = Dictionary(kept.map { ($0.code, $0) }) { first, _ in first }
            state.unknown = snapshot.unknown
            state.exchangeTime = snapshot.exchangeTime ?? state.exchangeTime
            state.failure = nil
            state.refreshes += 1
            return kept
        }
    }

    /// Records a refresh that failed; the last table stays.
    package func fail(_ reason: String, at instant: Date) {
        state.withLock { state in
            state.failure = reason
            state.failedAt = instant
        }
    }

    /// The codes the service did not know.
    package var unknown: [QuoteCode] { state.withLock { $0.unknown } }
    /// The exchange's time of the latest snapshot.
    package var exchangeTime: Date? { state.withLock { $0.exchangeTime } }
    /// Why the latest refresh failed, when it did.
    package var failure: String? { state.withLock { $0.failure } }
    /// How many snapshots have been taken.
    package var refreshes: Int { state.withLock { $0.refreshes } }

    /// True when `column` of `code` differs from the snapshot before.
    package func changed(_ code: QuoteCode, _ value: (Quote) -> String) -> Bool {
        state.withLock { state in
            guard let before = state.previous[code], let now = state.current[code] else { return false }
            return value(before) != value(now)
        }
    }
}
