import BrowseSupport
import Foundation
import ListKit
import Synchronization

/// A security's prices adjusted for its ex-rights and ex-dividend days (`adjusted`): each such
/// day's factor is its reference price over the close before (除權息參考價 ÷ 除權息前收盤價), and
/// every earlier day's prices are multiplied by the factors of the ex-dates after it. Computed in
/// integers: the running factor kept to 12 digits, each price rounded half away from zero to
/// two more digits than the exchange wrote.
final class PriceAdjustment: Sendable {
    /// An ex-date and the factor of every day before it (its own and those of later ex-dates).
    struct Step: Sendable, Hashable {
        let date: CalendarDate
        let factor: ExactDecimal
    }

    private struct State {
        var enabled = false
        /// Newest first.
        var steps: [Step] = []
    }

    private let state = Mutex(State())

    /// The digits a running factor keeps.
    static let factorScale = 12

    var isEnabled: Bool { state.withLock { $0.enabled } }

    /// Turns adjustment on with `steps`.
    func set(_ steps: [Step]) {
        state.withLock {
            $0.steps = steps
            $0.enabled = true
        }
    }

    /// The factor applied to a day: the product of the factors of every ex-date after it;
    /// `nil` when prices are shown as traded or no ex-date follows the day.
    func factor(for date: CalendarDate?) -> ExactDecimal? {
        guard let date else { return nil }
        return state.withLock { state in
            guard state.enabled else { return nil }
            // The oldest step after the day carries the product of all those after it.
            return state.steps.last { $0.date > date }?.factor
        }
    }

    /// The running factors of `events`, newest first: an event without both prices is left out.
    static func steps(_ events: [ExRightsEvent]) -> [Step] {
        var steps: [Step] = []
        var running = ExactDecimal(1)
        for event in events.sorted(by: { $0.date > $1.date }) {
            guard let reference = event[.reference], let close = event[.closeBefore], close.signum > 0,
                let next = running.scaled(by: reference, over: close, toScale: factorScale)
            else { continue }
            running = next
            steps.append(Step(date: event.date, factor: running))
        }
        return steps
    }

    /// `tick` with its prices and change multiplied by its day's factor, its note saying so; the
    /// tick as it is when there is no factor, or when a price would not fit (never wrapped).
    func apply(_ tick: DailyTick) -> DailyTick {
        guard let factor = factor(for: tick.date) else { return tick }
        var fits = true
        func adjust(_ price: ExactDecimal?) -> ExactDecimal? {
            guard let price else { return nil }
            let scale = min(ExactDecimal.maximumScale, price.scale + 2)
            guard let adjusted = price.scaled(by: factor, over: ExactDecimal(1), toScale: scale) else {
                fits = false
                return price
            }
            return adjusted
        }
        let change: PriceChange
        switch tick.change {
        case .up(let amount): change = adjust(amount).map { PriceChange.up($0) } ?? tick.change
        case .down(let amount): change = adjust(amount).map { PriceChange.down($0) } ?? tick.change
        default: change = tick.change
        }
        let (open, high, low, close) = (adjust(tick.open), adjust(tick.high), adjust(tick.low), adjust(tick.close))
        guard fits else { return tick }
        let mark = "adjusted ×\(factor) (computed)"
        return DailyTick(
            date: tick.date, code: tick.code, name: tick.name, volume: tick.volume, value: tick.value, open: open,
            high: high, low: low, close: close, change: change, transactions: tick.transactions,
            note: [tick.note, mark].compactMap { $0 }.filter { !$0.isEmpty }.joined(separator: "; "),
            market: tick.market)
    }

    /// `adjusted`: turns adjustment on, after fetching the security's ex-dates for the years its
    /// loaded days span (one request a year, kept for good once past), or off.
    @MainActor
    func toggle(
        controller: GenericListController<DailyTick, ColumnsRow>, security: Security, store: MarketDataStore,
        progress: ProgressReporter
    ) async throws -> Selection {
        if isEnabled {
            state.withLock { $0.enabled = false }
            try? controller.applyFilter(controller.filterText)
            return Self.redraw(saying: "\(security.title): prices as traded")
        }
        let market = try CompanyPage.market(of: security, for: "adjusted")
        let dates = controller.items.compactMap(\.date)
        let thisYear = TaipeiTime.day(of: store.now()).year
        let first = min(dates.min()?.year ?? thisYear, thisYear)
        let events = try await YearHistory.events(
            of: security.code, market: market, years: first...thisYear, store: store,
            request: LoadRequest(progress: progress, refresh: false))
        let steps = Self.steps(events)
        set(steps)
        try? controller.applyFilter(controller.filterText)
        let list = steps.prefix(3).map(\.date.description).joined(separator: ", ") + (steps.count > 3 ? ", …" : "")
        return Self.redraw(
            saying: steps.isEmpty
                ? "\(security.title): no ex-rights or ex-dividend day in \(first)–\(thisYear); prices are as traded"
                : "\(security.title): prices adjusted (computed) for \(steps.count) ex-date\(steps.count == 1 ? "" : "s") "
                    + "(\(list)); adjusted again shows them as traded")
    }

    /// Shows the screen again, its prices changed, with a line saying what changed: a load of
    /// nothing new, whose ending adds the line.
    @MainActor
    static func redraw(saying line: String) -> Selection {
        .load { _, progress in
            progress.note(line)
            return .none
        }
    }

    /// `adjusted (computed) for 3 ex-dates: each earlier day × reference ÷ close before`, or
    /// `nil` when prices are shown as traded.
    var headerLine: String? {
        state.withLock { state in
            guard state.enabled else { return nil }
            return "adjusted (computed) for \(state.steps.count) ex-date\(state.steps.count == 1 ? "" : "s"): "
                + "each earlier day × reference ÷ close before · adjusted again shows them as traded"
        }
    }
}
